// The images waiting in the composer until the message is sent: pasted (Ctrl/Cmd+V) or dropped
// files, each checked the way the core checks it (src/shared/image-attachments.ts: type from
// the bytes, size, dimensions, how many and how much a message takes), so a refusal is said at
// once; the core checks again when the message arrives, and decides.
import { useCallback, useRef, useState } from 'react';
import {
  checkImageBytes,
  IMAGE_SNIFF_BYTES,
  imageName,
  refuseImageFile,
  refuseImageSet,
  type ImageInput,
  type ImageMediaType,
} from '../../../shared/image-attachments';

export interface ComposerImage {
  readonly id: string;
  readonly name: string;
  readonly mediaType: ImageMediaType;
  readonly bytes: number;
  /** base64, as the message carries it. */
  readonly data: string;
  /** The thumbnail's source (a data: URL; the app's CSP allows img-src data:). */
  readonly url: string;
}

export interface ComposerImages {
  readonly images: readonly ComposerImage[];
  /** Why the last file offered was refused; null when none was. */
  readonly problem: string | null;
  add(files: readonly File[]): Promise<void>;
  remove(id: string): void;
  clear(): void;
  /** The images as `agent.send` takes them. */
  toSend(): ImageInput[];
}

function readBlob(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(blob);
  });
}

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let at = 0; at < bytes.length; at += chunk)
    binary += String.fromCharCode(...bytes.subarray(at, at + chunk));
  return btoa(binary);
}

/** One file, checked before it is read whole; a refusal in the core's words. */
async function readImage(file: File, id: string): Promise<ComposerImage | { refused: string }> {
  const name = imageName(file.name || 'pasted image');
  const head = await readBlob(file.slice(0, IMAGE_SNIFF_BYTES));
  const early = refuseImageFile(name, head, file.size);
  if (early !== null) return { refused: early };
  const bytes = await readBlob(file);
  const checked = checkImageBytes(name, bytes);
  if (!checked.ok) return { refused: checked.refused };
  const { mediaType } = checked.image;
  const data = base64Of(bytes);
  return {
    id,
    name,
    mediaType,
    bytes: bytes.length,
    data,
    url: `data:${mediaType};base64,${data}`,
  };
}

export function useComposerImages(): ComposerImages {
  const [images, setImages] = useState<readonly ComposerImage[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const next = useRef(0);
  /** The list as the last change left it: a paste and a drop read at once both land. */
  const latest = useRef<readonly ComposerImage[]>([]);
  const commit = useCallback((list: readonly ComposerImage[]) => {
    latest.current = list;
    setImages(list);
  }, []);

  const add = useCallback(
    async (files: readonly File[]) => {
      const added: ComposerImage[] = [];
      for (const file of files) {
        next.current += 1;
        const read = await readImage(file, `image-${next.current}`).catch((error: unknown) => ({
          refused: `${imageName(file.name)} could not be read: ${error instanceof Error ? error.message : String(error)}`,
        }));
        if ('refused' in read) {
          setProblem(read.refused);
          return;
        }
        added.push(read);
      }
      const all = [...latest.current, ...added];
      const refused = refuseImageSet(all);
      setProblem(refused);
      if (refused === null) commit(all);
    },
    [commit],
  );

  const remove = useCallback(
    (id: string) => {
      commit(latest.current.filter((image) => image.id !== id));
      setProblem(null);
    },
    [commit],
  );

  const clear = useCallback(() => {
    commit([]);
    setProblem(null);
  }, [commit]);

  const toSend = useCallback(
    () => images.map(({ name, mediaType, data }) => ({ name, mediaType, data })),
    [images],
  );

  return { images, problem, add, remove, clear, toSend };
}
