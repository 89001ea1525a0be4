// Images the person attaches to a message, on the core's side: every shell's images are checked
// here again before a turn starts (the composer's checks are only for speed), and files are read
// for the terminal (`sluice ask --attach`, the session) with a size cap before they are read
// whole. A file inside the project is read through its workspace (its path rules apply); one
// outside is the person's own choice, read from the path they typed. Refusals are words, never
// throws: the limits and checks themselves are src/shared/image-attachments.ts.
import { constants } from 'node:fs';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import {
  base64Bytes,
  checkImageBytes,
  IMAGE_SNIFF_BYTES,
  imageInputSchema,
  imageName,
  MAX_IMAGE_BYTES,
  refuseImageFile,
  refuseImageSet,
  type ImageInput,
} from '../../../shared/image-attachments';
import { visibleUntrusted } from '../../../shared/untrusted-text';
import { errnoCode } from '../workspace/errno-code';
import { isInsideRoot } from '../workspace/resolve-inside-root';
import { SandboxError, type Workspace } from '../workspace/workspace';

export type { ImageInput } from '../../../shared/image-attachments';
export { attachedImages } from '../store/attached-images';

export type ImagesOrRefusal = { images: ImageInput[] } | { refused: string };

/**
 * A message's images as they may be sent: each one's type read from its bytes (the type it
 * claims is not trusted), its size and dimensions within the API's limits, and the set within
 * a message's.
 */
export function checkImageInputs(inputs: readonly unknown[]): ImagesOrRefusal {
  const parsed: ImageInput[] = [];
  for (const [n, input] of inputs.entries()) {
    const one = imageInputSchema.safeParse(input);
    if (!one.success)
      return { refused: `Image ${n + 1} is not an image file's name, type and base64 bytes.` };
    parsed.push(one.data);
  }
  const tooMany = refuseImageSet(parsed.map((image) => ({ bytes: base64Bytes(image.data) })));
  if (tooMany !== null) return { refused: tooMany };
  const images: ImageInput[] = [];
  for (const image of parsed) {
    const checked = checkImageBytes(image.name, Buffer.from(image.data, 'base64'));
    if (!checked.ok) return { refused: checked.refused };
    images.push({ name: checked.image.name, mediaType: checked.image.mediaType, data: image.data });
  }
  return { images };
}

export interface ReadImageOptions {
  /** What a relative path is relative to; default the project's root. */
  readonly cwd?: string;
}

function shown(typed: string): string {
  return visibleUntrusted(JSON.stringify(typed));
}

function expandHome(typed: string): string {
  if (typed === '~') return homedir();
  return typed.startsWith('~/') ? path.join(homedir(), typed.slice(2)) : typed;
}

/** The whole file, or a refusal: first bytes, then size, before it is read whole. */
async function readCapped(
  handle: FileHandle,
  name: string,
  typed: string,
): Promise<{ bytes: Buffer } | { refused: string }> {
  const info = await handle.stat();
  if (info.isDirectory()) return { refused: `${shown(typed)} is a folder, not an image file.` };
  if (!info.isFile()) return { refused: `${shown(typed)} is not a regular file.` };
  const head = Buffer.alloc(Math.min(IMAGE_SNIFF_BYTES, info.size));
  await handle.read(head, 0, head.length, 0);
  const refused = refuseImageFile(name, head, info.size);
  if (refused !== null) return { refused };
  // One byte more than its size: a file that grew since its size was read is caught.
  const bytes = Buffer.alloc(Math.min(info.size, MAX_IMAGE_BYTES) + 1);
  let filled = 0;
  for (;;) {
    const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, filled);
    filled += bytesRead;
    if (bytesRead === 0 || filled === bytes.length) break;
  }
  if (filled !== info.size)
    return { refused: `${shown(typed)} changed while it was read; attach it again.` };
  return { bytes: bytes.subarray(0, filled) };
}

async function openAndCheck(
  absolute: string,
  typed: string,
  nofollow: boolean,
): Promise<{ image: ImageInput } | { refused: string }> {
  const name = imageName(typed);
  let handle: FileHandle;
  try {
    const flags = constants.O_RDONLY | constants.O_NONBLOCK | (nofollow ? constants.O_NOFOLLOW : 0);
    handle = await open(absolute, flags);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR')
      return { refused: `${shown(typed)} does not exist.` };
    if (code === 'EACCES' || code === 'EPERM')
      return { refused: `${shown(typed)} cannot be read: permission denied.` };
    if (code === 'EISDIR') return { refused: `${shown(typed)} is a folder, not an image file.` };
    return { refused: `${shown(typed)} cannot be read (${code ?? String(error)}).` };
  }
  try {
    const read = await readCapped(handle, name, typed);
    if ('refused' in read) return read;
    const checked = checkImageBytes(name, read.bytes);
    if (!checked.ok) return { refused: checked.refused };
    return {
      image: {
        name: checked.image.name,
        mediaType: checked.image.mediaType,
        data: read.bytes.toString('base64'),
      },
    };
  } finally {
    await handle.close();
  }
}

/** Where a typed path is, and whether it is inside the project (by components, real paths). */
async function locate(typed: string, workspace: Workspace, cwd: string) {
  const base = await realpath(cwd).catch(() => path.resolve(cwd));
  const absolute = path.resolve(base, expandHome(typed));
  return { absolute, inside: isInsideRoot(workspace.root, absolute) };
}

/** One image file the person named, read and checked; a refusal in words otherwise. */
export async function readImageFile(
  typed: string,
  workspace: Workspace,
  options: ReadImageOptions = {},
): Promise<{ image: ImageInput } | { refused: string }> {
  if (typed.trim() === '') return { refused: 'An image to attach needs its file path.' };
  const { absolute, inside } = await locate(typed, workspace, options.cwd ?? workspace.root);
  if (!inside) return openAndCheck(absolute, typed, false);
  try {
    const resolved = workspace.resolve(path.relative(workspace.root, absolute), 'read');
    return await openAndCheck(resolved.absolute, typed, true);
  } catch (error) {
    if (error instanceof SandboxError) return { refused: error.message };
    throw error;
  }
}

/**
 * The images of one message from the paths the person gave (`sluice ask --attach`, the
 * terminal session), each read and checked, then the set; the first refusal ends it.
 */
export async function attachmentsFromPaths(
  paths: readonly string[],
  workspace: Workspace,
  options: ReadImageOptions = {},
): Promise<ImagesOrRefusal> {
  const tooMany = refuseImageSet(paths.map(() => ({ bytes: 0 })));
  if (tooMany !== null) return { refused: tooMany };
  const images: ImageInput[] = [];
  for (const typed of paths) {
    const read = await readImageFile(typed, workspace, options);
    if ('refused' in read) return read;
    images.push(read.image);
  }
  const refused = refuseImageSet(images.map((image) => ({ bytes: base64Bytes(image.data) })));
  return refused === null ? { images } : { refused };
}
