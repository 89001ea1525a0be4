import { describe, expect, it } from 'vitest';
import {
  conversationTitle,
  TITLE_MAX_CHARS,
  UNTITLED_CONVERSATION,
} from '../../src/shared/conversation-title';

describe('conversationTitle - a title from the first prompt', () => {
  it('is the first line with words, blanks folded', () => {
    expect(conversationTitle('  Fix   the cart\ttotal  \nwith this stack:\n  at x')).toBe(
      'Fix the cart total',
    );
    expect(conversationTitle('\n\n```\nfoo(bar)\n```')).toBe('foo(bar)');
    expect(conversationTitle('---\r\nWhy is it slow?')).toBe('Why is it slow?');
  });

  it('cuts a long line at a word boundary with an ellipsis', () => {
    const title = conversationTitle(
      'Please refactor the payment module so that refunds and partial captures share one path',
    );
    expect(title).toBe('Please refactor the payment module so that refunds and…');
    expect([...title].length).toBeLessThanOrEqual(TITLE_MAX_CHARS);
  });

  it('cuts inside a word only when one word fills most of the line', () => {
    const title = conversationTitle(`see ${'x'.repeat(100)}`);
    expect(title).toBe(`see ${'x'.repeat(55)}…`);
  });

  it('drops a dangling comma before the ellipsis and keeps a line of exactly 60', () => {
    const sixty = 'a'.repeat(30) + ' ' + 'b'.repeat(29);
    expect(conversationTitle(sixty)).toBe(sixty);
    expect(conversationTitle(`${'word '.repeat(10)}tail, more words after it`)).toBe(
      `${'word '.repeat(10)}tail…`,
    );
  });

  it('says Untitled conversation only when the prompt has no words, never empty', () => {
    expect(conversationTitle('')).toBe(UNTITLED_CONVERSATION);
    expect(conversationTitle('  \n ?!? \n ...')).toBe(UNTITLED_CONVERSATION);
    expect(conversationTitle('日本語のテスト')).toBe('日本語のテスト');
  });

  it('leaves out hidden and reordering characters', () => {
    expect(conversationTitle('fix\u200b the \u202ecart')).toBe('fix the cart');
  });
});
