// Images the person attaches to a message: the Messages API's limits, the checks made before
// anything is sent (the composer checks for speed; the core checks again, and decides), the
// words of a refusal, and the shapes that cross the contract. Pure.
import { z } from 'zod';
import {
  IMAGE_MEDIA_TYPES,
  imageSize,
  sniffImageType,
  type ImageMediaType,
  type ImageSize,
} from './image-format';
import { withoutHidden } from './untrusted-text';

export { IMAGE_MEDIA_TYPES, IMAGE_SNIFF_BYTES, type ImageMediaType } from './image-format';

const MB = 1024 * 1024;

/** The API's limit: 5 MB an image, counted on its base64 text in the request body. */
export const MAX_IMAGE_BASE64_CHARS = 5 * MB;
/** The largest file that stays within it once encoded (3.75 MB). */
export const MAX_IMAGE_BYTES = (MAX_IMAGE_BASE64_CHARS / 4) * 3;
/** The API refuses an image wider or taller than this. */
export const MAX_IMAGE_SIDE = 8000;
/** Images in one message (the API takes more per request, but then at most 2000 px a side). */
export const MAX_IMAGES_PER_TURN = 20;
/** One message's images together: room left in the API's 32 MB request for the rest. */
export const MAX_TURN_IMAGE_BYTES = 15 * MB;
export const MAX_IMAGE_NAME_CHARS = 255;

function isBase64Char(code: number): boolean {
  return (
    (code >= 65 && code <= 90) || // A-Z
    (code >= 97 && code <= 122) || // a-z
    (code >= 48 && code <= 57) || // 0-9
    code === 43 || // +
    code === 47 // /
  );
}

/** Base64 as the API takes it: whole quads, padding only at the end (one pass, megabytes long). */
function isBase64(text: string): boolean {
  if (text.length % 4 !== 0) return false;
  let end = text.length;
  if (text.endsWith('==')) end -= 2;
  else if (text.endsWith('=')) end -= 1;
  for (let i = 0; i < end; i += 1) if (!isBase64Char(text.charCodeAt(i))) return false;
  return true;
}

/** An image as a message carries it: the file's name, its type and its bytes in base64. */
export const imageInputSchema = z
  .object({
    name: z.string().min(1).max(MAX_IMAGE_NAME_CHARS),
    mediaType: z.enum(IMAGE_MEDIA_TYPES),
    data: z.string().min(4).max(MAX_IMAGE_BASE64_CHARS).refine(isBase64, 'not base64'),
  })
  .strict();
export type ImageInput = z.infer<typeof imageInputSchema>;

/** What a transcript says of an attached image; `turnId` and `index` fetch it (agent.image). */
export const attachedImageSchema = z.object({
  name: z.string(),
  mediaType: z.enum(IMAGE_MEDIA_TYPES),
  bytes: z.number(),
  turnId: z.string(),
  index: z.number(),
});
export type AttachedImage = z.infer<typeof attachedImageSchema>;

/** The image's bytes' count from its base64 text. */
export function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return (data.length / 4) * 3 - padding;
}

/** "812 bytes", "14 KB", "3.8 MB". */
export function sizeWords(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / MB;
  return `${mb >= 10 ? Math.round(mb) : Math.round(mb * 100) / 100} MB`;
}

/** The name an image goes by: the file's last path part, with no hidden characters, bounded. */
export function imageName(raw: string): string {
  const base = raw.split(/[\\/]/).filter(Boolean).at(-1) ?? '';
  const clean = withoutHidden(base).replace(/\s+/g, ' ').trim();
  return (clean || 'image').slice(0, MAX_IMAGE_NAME_CHARS);
}

const READABLE = 'PNG, JPEG, GIF or WebP';

/**
 * The cheap refusal, before a file is read whole: from its first bytes (IMAGE_SNIFF_BYTES)
 * and its size. Null when it may be an image Claude reads.
 */
export function refuseImageFile(name: string, head: Uint8Array, size: number): string | null {
  if (size === 0) return `${name} is empty: there is no image in it.`;
  if (sniffImageType(head) === null)
    return `${name} is not an image Claude can read (${READABLE}).`;
  if (size > MAX_IMAGE_BYTES)
    return `${name} is ${sizeWords(size)}; Claude takes images of at most ${sizeWords(MAX_IMAGE_BYTES)} (5 MB once encoded for the API). Save it smaller (a lower resolution, or as JPEG) and attach it again.`;
  return null;
}

function refuseSize(name: string, size: ImageSize | null): string | null {
  if (!size || (size.width <= MAX_IMAGE_SIDE && size.height <= MAX_IMAGE_SIDE)) return null;
  return `${name} is ${size.width}×${size.height} pixels; Claude takes images of at most ${MAX_IMAGE_SIDE} pixels a side. Scale it down and attach it again.`;
}

export interface CheckedImage {
  readonly name: string;
  readonly mediaType: ImageMediaType;
  readonly bytes: number;
  /** Absent when the header did not say it. */
  readonly size?: ImageSize;
}

export type ImageCheck = { ok: true; image: CheckedImage } | { ok: false; refused: string };

/** Every check of one whole file: its type from its bytes, its size, its dimensions. */
export function checkImageBytes(rawName: string, bytes: Uint8Array): ImageCheck {
  const name = imageName(rawName);
  const refused = refuseImageFile(name, bytes, bytes.length);
  if (refused !== null) return { ok: false, refused };
  const mediaType = sniffImageType(bytes) as ImageMediaType;
  const size = imageSize(bytes, mediaType);
  const tooLarge = refuseSize(name, size);
  if (tooLarge !== null) return { ok: false, refused: tooLarge };
  return {
    ok: true,
    image: { name, mediaType, bytes: bytes.length, ...(size ? { size } : {}) },
  };
}

/** The checks of one message's images together: how many, and how much. */
export function refuseImageSet(images: readonly { readonly bytes: number }[]): string | null {
  if (images.length > MAX_IMAGES_PER_TURN)
    return `At most ${MAX_IMAGES_PER_TURN} images go with one message (${images.length} were attached). Send the others in a later message.`;
  const total = images.reduce((sum, image) => sum + image.bytes, 0);
  if (total > MAX_TURN_IMAGE_BYTES)
    return `The images come to ${sizeWords(total)}; one message takes at most ${sizeWords(MAX_TURN_IMAGE_BYTES)} of images. Send some of them in a later message.`;
  return null;
}

/** "shot.png (14 KB) and photo.jpg (1.2 MB)": a message's images, as a line says them. */
export function imageListWords(images: readonly { name: string; bytes: number }[]): string {
  const each = images.map((image) => `${image.name} (${sizeWords(image.bytes)})`);
  if (each.length <= 1) return each.join('');
  return `${each.slice(0, -1).join(', ')} and ${each.at(-1) ?? ''}`;
}
