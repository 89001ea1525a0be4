import { describe, expect, it } from 'vitest';
import {
  markdownLines,
  openFenceAfter,
  type StyledLine,
} from '../../../src/cli/session/markdown-lines';

/** A line's text as it reads on screen. */
const shown = (line: StyledLine | undefined) => (line ?? []).map((s) => s.text).join('');

describe('markdownLines', () => {
  it('inline marks - bold, italic, struck and code styled, their markers gone', () => {
    const [line] = markdownLines('Use **cart.ts** and *not* ~~old~~ `total()` now');
    expect(shown(line)).toBe('Use cart.ts and not old total() now');
    expect(line).toContainEqual({ text: 'cart.ts', bold: true });
    expect(line).toContainEqual({ text: 'not', italic: true });
    expect(line).toContainEqual({ text: 'old', strike: true });
    expect(line).toContainEqual({ text: 'total()', code: true });
  });

  it('headings, bullets, numbered and task items, quotes and rules - as a terminal shows them', () => {
    const lines = markdownLines(
      '# Plan\n## Steps\n- first\n  * nested **bold**\n3. third\n- [x] done\n> quoted\n---',
    );
    expect(lines.map(shown)).toEqual([
      'Plan',
      'Steps',
      '• first',
      '  • nested bold',
      '3. third',
      '• [x] done',
      '│ quoted',
      '─'.repeat(40),
    ]);
    expect(lines[0]?.[0]).toEqual({ text: 'Plan', bold: true, underline: true });
    expect(lines[1]?.[0]).toEqual({ text: 'Steps', bold: true, underline: false });
  });

  it('a link - its text, then its address; a bare address once', () => {
    expect(shown(markdownLines('see [the docs](https://x.dev/a)')[0])).toBe(
      'see the docs (https://x.dev/a)',
    );
    expect(shown(markdownLines('see https://x.dev/a')[0])).toBe('see https://x.dev/a');
  });

  it('a fenced code block - its lines kept exactly as code, no markdown read inside', () => {
    const lines = markdownLines('```ts\n  const a = **b** * c;\n# not a heading\n```\nafter *it*');
    expect(lines.map(shown)).toEqual([
      '```ts',
      '  const a = **b** * c;',
      '# not a heading',
      '```',
      'after it',
    ]);
    expect(lines[1]).toEqual([{ text: '  const a = **b** * c;', code: true }]);
    expect(lines[0]?.[0]?.dim).toBe(true);
  });

  it('a code block open where the text starts (an earlier chunk opened it) - still code', () => {
    const fence = openFenceAfter('Here:\n~~~~\nline one\n');
    expect(fence).toEqual({ char: '~', length: 4 });
    const lines = markdownLines('**two**\n~~~\n~~~~\n**after**', fence);
    // Three tildes do not close a fence of four; four do.
    expect(lines.map(shown)).toEqual(['**two**', '~~~', '~~~~', 'after']);
    expect(openFenceAfter('```\ncode\n```\n')).toBeNull();
  });

  it('what markdown cannot style on one line - shown as written (table rows, HTML, blanks)', () => {
    expect(markdownLines('| a | b |\n\n<div>x</div>').map(shown)).toEqual([
      '| a | b |',
      '',
      '<div>x</div>',
    ]);
  });

  it('control characters - kept in the text for the drawing to make visible, never dropped', () => {
    expect(shown(markdownLines('**a\u001b[2Jb**')[0])).toBe('a\u001b[2Jb');
  });
});
