import { describe, expect, it } from 'vitest';
import {
  appendMention,
  insertMention,
  mentionQueryAt,
  mentionsToSend,
  type Draft,
} from '../../../src/renderer/src/chat/draft';

const file = { label: 'src/a.ts', mention: { type: 'file' as const, value: 'src/a.ts' } };

describe('mentionQueryAt', () => {
  it('finds "@que" before the caret only after a space or at the start', () => {
    expect(mentionQueryAt('see @sr', 7)).toEqual({ start: 4, query: 'sr' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('mail me@host', 12)).toBeNull();
    expect(mentionQueryAt('see @src done', 13)).toBeNull();
  });
});

describe('mentionsToSend', () => {
  it('only mentions still in the text, each once', () => {
    let draft: Draft = { text: 'see @sr', mentions: [] };
    draft = insertMention(draft, file, 4, 7).draft;
    expect(draft.text).toBe('see @src/a.ts ');
    draft = appendMention(draft, file);
    expect(mentionsToSend(draft)).toEqual([{ type: 'file', value: 'src/a.ts' }]);
    expect(mentionsToSend({ ...draft, text: 'nothing here' })).toEqual([]);
  });
});
