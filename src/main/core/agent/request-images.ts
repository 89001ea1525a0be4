// The images of a request. Every request resends the whole history, images included, and the
// API limits a request: 32 MB in all, and above 20 images each image to 2000 px a side. So the
// copy that is sent keeps the newest images, at most REQUEST_MAX_IMAGES and
// REQUEST_MAX_IMAGE_CHARS of base64 (the current message's always fit: a message's own limits
// are lower), and an older image past them becomes a line saying it was left out. Each block
// sent carries only the API's fields (the stored `file_name` stays home). Deterministic, and
// never applied to what is stored.
import type { ContentBlockParam, ImageBlockParam } from '@anthropic-ai/sdk/resources/messages';
import { base64Bytes, sizeWords } from '../../../shared/image-attachments';
import type { StoredImageBlock } from '../store/attached-images';
import type { ChatMessage } from './chat-message';

export const REQUEST_MAX_IMAGES = 20;
/** Base64 characters of images in one request: the rest of the 32 MB is the conversation's. */
export const REQUEST_MAX_IMAGE_CHARS = 24 * 1024 * 1024;
/**
 * What an image costs in tokens, for the context budget: the API scales a larger image down
 * to about 1,600 tokens (its vision guide); its base64 text is not what the model reads.
 */
export const IMAGE_TOKENS = 1_600;

function apiImage(block: StoredImageBlock): ImageBlockParam {
  const { file_name: _name, ...api } = block;
  return api;
}

function leftOut(block: StoredImageBlock): ContentBlockParam {
  const name = block.file_name ?? 'an image';
  const size =
    block.source.type === 'base64' ? `, ${sizeWords(base64Bytes(block.source.data))}` : '';
  return {
    type: 'text',
    text: `[Image ${name}${size}, attached earlier, is left out of this request: a request carries at most ${REQUEST_MAX_IMAGES} images and ${sizeWords((REQUEST_MAX_IMAGE_CHARS / 4) * 3)} of them. Ask the person to attach it again if you need it.]`,
  };
}

function imageChars(block: ImageBlockParam): number {
  return block.source.type === 'base64' ? block.source.data.length : 0;
}

/** The messages as a request sends them: images within the request's limits, API fields only. */
export function imagesForRequest(messages: readonly ChatMessage[]): ChatMessage[] {
  let count = 0;
  let chars = 0;
  const out: ChatMessage[] = [];
  for (let m = messages.length - 1; m >= 0; m -= 1) {
    const message = messages[m] as ChatMessage;
    if (!message.content.some((block) => block.type === 'image')) {
      out.unshift(message);
      continue;
    }
    const content: ContentBlockParam[] = [];
    for (let b = message.content.length - 1; b >= 0; b -= 1) {
      const block = message.content[b] as ContentBlockParam;
      if (block.type !== 'image') {
        content.unshift(block);
        continue;
      }
      const size = imageChars(block);
      const fits = count < REQUEST_MAX_IMAGES && chars + size <= REQUEST_MAX_IMAGE_CHARS;
      if (fits) {
        count += 1;
        chars += size;
      }
      content.unshift(fits ? apiImage(block) : leftOut(block));
    }
    out.unshift({ ...message, content });
  }
  return out;
}

function isImageBlock(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'image'
  );
}

/**
 * Messages in tokens, as the context budget counts them (about four characters a token), but
 * an image as the model reads it (IMAGE_TOKENS), not as its base64 text.
 */
export function estimateMessageTokens(messages: readonly ChatMessage[]): number {
  let images = 0;
  const json = JSON.stringify(messages, (_key, value: unknown) => {
    if (!isImageBlock(value)) return value;
    images += 1;
    return { type: 'image' };
  });
  return Math.ceil(json.length / 4) + images * IMAGE_TOKENS;
}
