import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../src/main/core/agent/chat-message';
import {
  estimateMessageTokens,
  IMAGE_TOKENS,
  imagesForRequest,
  REQUEST_MAX_IMAGE_CHARS,
  REQUEST_MAX_IMAGES,
} from '../../../../src/main/core/agent/request-images';
import { storedImageBlock } from '../../../../src/main/core/store/attached-images';
import { pngBytes } from '../../../support/image-bytes';

function turn(text: string, names: string[], filler = 0): ChatMessage {
  return {
    role: 'user',
    content: [
      ...names.map((name) =>
        storedImageBlock({
          name,
          mediaType: 'image/png',
          data: Buffer.concat([pngBytes(1, 1), Buffer.alloc(filler)]).toString('base64'),
        }),
      ),
      { type: 'text', text },
    ],
  };
}

const answer: ChatMessage = { role: 'assistant', content: [{ type: 'text', text: 'ok' }] };

describe('imagesForRequest', () => {
  it('every image block sent - only the API fields; the stored file name stays home', () => {
    const [message] = imagesForRequest([turn('hi', ['a.png'])]);
    expect(message?.content[0]).toEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: expect.any(String) as string },
    });
    expect(JSON.stringify(message)).not.toContain('file_name');
  });

  it('more images than a request carries - the newest kept, older ones a line naming them', () => {
    const older = turn(
      'first',
      Array.from({ length: 15 }, (_, i) => `old-${i}.png`),
    );
    const newer = turn(
      'second',
      Array.from({ length: 10 }, (_, i) => `new-${i}.png`),
    );
    const sent = imagesForRequest([older, answer, newer]);
    const kinds = (message: ChatMessage | undefined) => message?.content.map((b) => b.type);
    expect(kinds(sent[2])).toEqual([...Array<string>(10).fill('image'), 'text']);
    const kept = sent[0]?.content.filter((b) => b.type === 'image') ?? [];
    expect(kept).toHaveLength(REQUEST_MAX_IMAGES - 10);
    const leftOut = sent[0]?.content[0];
    expect(leftOut).toEqual({
      type: 'text',
      text: expect.stringContaining(
        '[Image old-0.png, 69 bytes, attached earlier, is left out',
      ) as string,
    });
    expect(sent[0]?.content.at(-1)).toEqual({ type: 'text', text: 'first' });
  });

  it('more image bytes than a request carries - older images left out until the rest fit', () => {
    const size = 3 * 1024 * 1024;
    const messages: ChatMessage[] = [];
    for (let i = 0; i < 8; i += 1) messages.push(turn(`turn ${i}`, [`t${i}.png`], size), answer);
    const sent = imagesForRequest(messages);
    const chars = sent
      .flatMap((m) => m.content)
      .reduce(
        (sum, b) =>
          sum + (b.type === 'image' && b.source.type === 'base64' ? b.source.data.length : 0),
        0,
      );
    expect(chars).toBeLessThanOrEqual(REQUEST_MAX_IMAGE_CHARS);
    expect(sent.at(-2)?.content[0]?.type).toBe('image');
    expect(sent[0]?.content[0]?.type).toBe('text');
  });

  it('a history without images - the same messages', () => {
    const messages: ChatMessage[] = [turn('plain', []), answer];
    expect(imagesForRequest(messages)).toEqual(messages);
  });
});

describe('estimateMessageTokens', () => {
  it('an image - the tokens the model reads, not its base64 text', () => {
    const big = turn('look', ['big.png'], 3 * 1024 * 1024);
    const none = turn('look', []);
    expect(estimateMessageTokens([big]) - estimateMessageTokens([none])).toBeLessThan(
      IMAGE_TOKENS + 50,
    );
    expect(estimateMessageTokens([big])).toBeGreaterThan(IMAGE_TOKENS);
  });
});
