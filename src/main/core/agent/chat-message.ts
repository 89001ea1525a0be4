// The history as the loop sends it back: the stored message shape (store/conversation-records)
// and how a reply's blocks become request blocks.
import type { ContentBlock, ContentBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { ImageInput } from '../../../shared/image-attachments';
import { storedImageBlock } from '../store/attached-images';

export type { ChatMessage } from '../store/conversation-records';

/**
 * A reply's content as it is kept and sent back: text and tool_use reduced to the fields the
 * API takes as input (no response-only fields such as citations), empty text blocks dropped
 * (the API refuses them in a request); any other block is kept as it came.
 */
export function toParamBlocks(content: readonly ContentBlock[]): ContentBlockParam[] {
  const out: ContentBlockParam[] = [];
  for (const block of content) {
    if (block.type === 'text') {
      if (block.text) out.push({ type: 'text', text: block.text });
    } else if (block.type === 'tool_use') {
      out.push({ type: 'tool_use', id: block.id, name: block.name, input: block.input });
    } else {
      out.push(block as unknown as ContentBlockParam);
    }
  }
  return out;
}

/**
 * The person's message: the images they attached (the API reads images best before the
 * text), their text, then any attached context as a further text block.
 */
export function userContent(
  text: string,
  context: string | undefined,
  images: readonly ImageInput[] = [],
): ContentBlockParam[] {
  return [
    ...images.map(storedImageBlock),
    { type: 'text', text },
    ...(context ? [{ type: 'text' as const, text: context }] : []),
  ];
}
