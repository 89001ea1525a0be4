// Images the person attached, as the store keeps them: the API's image block (base64) in the
// user message's content, before the text, plus `file_name`, Sluice's own field, which a request
// leaves out (agent/request-images.ts). Read back as the transcript's summary of each image and,
// one at a time, as the image itself.
import type { ContentBlockParam, ImageBlockParam } from '@anthropic-ai/sdk/resources/messages';
import {
  base64Bytes,
  IMAGE_MEDIA_TYPES,
  type AttachedImage,
  type ImageInput,
  type ImageMediaType,
} from '../../../shared/image-attachments';
import type { WritableDb } from './database-handles';

/** An attached image as stored: the block the API takes, and the file's name. */
export type StoredImageBlock = ImageBlockParam & { file_name?: string };

export function storedImageBlock(image: ImageInput): StoredImageBlock {
  return {
    type: 'image',
    source: { type: 'base64', media_type: image.mediaType, data: image.data },
    file_name: image.name,
  };
}

/** The attached image a block is, when it is one Sluice keeps (base64 of a known type). */
export function attachedImageOf(block: ContentBlockParam): ImageInput | null {
  if (block.type !== 'image' || block.source.type !== 'base64') return null;
  const mediaType = block.source.media_type as string;
  if (!(IMAGE_MEDIA_TYPES as readonly string[]).includes(mediaType)) return null;
  const name = (block as StoredImageBlock).file_name;
  return {
    name: typeof name === 'string' && name ? name : 'image',
    mediaType: mediaType as ImageMediaType,
    data: block.source.data,
  };
}

/** What the transcript and the turn's start say of a message's images: no bytes. */
export function attachedImages(images: readonly ImageInput[], turnId: string): AttachedImage[] {
  return images.map((image, index) => ({
    name: image.name,
    mediaType: image.mediaType,
    bytes: base64Bytes(image.data),
    turnId,
    index,
  }));
}

export interface PersonMessage {
  /** The index of the text block: the transcript row's id is built from it. */
  readonly index: number;
  readonly text: string;
  readonly images: AttachedImage[];
}

/**
 * The person's own message in a user message: its first text block when only images come
 * before it (later text blocks are attached context); null for a message of tool results.
 */
export function personMessage(
  content: readonly ContentBlockParam[],
  turnId: string,
): PersonMessage | null {
  const images: ImageInput[] = [];
  for (const [index, block] of content.entries()) {
    if (block.type === 'text')
      return { index, text: block.text, images: attachedImages(images, turnId) };
    const image = attachedImageOf(block);
    if (!image) return null;
    images.push(image);
  }
  return null;
}

/** Reads one attached image of a turn's message (the n-th, from 0); null when there is none. */
export function prepareAttachedImageRead(
  db: WritableDb,
): (conversationId: string, turnId: string, index: number) => ImageInput | null {
  const firstUserMessage = db.prepare(
    "SELECT content_json FROM conversation_messages WHERE conversation_id = ? AND turn_id = ? AND role = 'user' ORDER BY seq LIMIT 1",
  );
  return (conversationId, turnId, index) => {
    const row = firstUserMessage.get(conversationId, turnId) as
      { content_json: string } | undefined;
    if (!row) return null;
    const content = JSON.parse(row.content_json) as unknown;
    if (!Array.isArray(content)) return null;
    const images = (content as ContentBlockParam[])
      .map(attachedImageOf)
      .filter((image): image is ImageInput => image !== null);
    return images[index] ?? null;
  };
}
