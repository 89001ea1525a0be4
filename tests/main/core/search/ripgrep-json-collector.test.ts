import { describe, expect, it } from 'vitest';
import { RipgrepJsonCollector } from '../../../../src/main/core/search/ripgrep-json-collector';
import type { SearchQuery } from '../../../../src/main/core/search/search-engine';

const query: SearchQuery = {
  pattern: 'x',
  literal: false,
  caseSensitive: true,
  globs: [],
  under: '',
  contextLines: 1,
  maxMatches: 2,
  maxLineChars: 10,
  timeLimitMs: 1000,
};

const begin = (path: string) => JSON.stringify({ type: 'begin', data: { path: { text: path } } });
const match = (n: number, text: string) =>
  JSON.stringify({
    type: 'match',
    data: { path: { text: 'p' }, lines: { text: `${text}\n` }, line_number: n, submatches: [] },
  });
const context = (n: number, text: string) =>
  JSON.stringify({
    type: 'context',
    data: { path: { text: 'p' }, lines: { text: `${text}\n` }, line_number: n },
  });

const OUTPUT = [
  begin('a.ts'),
  context(1, 'before'),
  match(2, 'hit one that is long'),
  context(3, 'after'),
  JSON.stringify({ type: 'end', data: {} }),
  begin('ignored.ts'),
  match(1, 'hidden'),
  begin('./b.ts'),
  match(5, 'hit two'),
  context(6, 'after two'),
  match(9, 'hit three'),
  begin('c.ts'),
  match(1, 'hit four'),
  JSON.stringify({ type: 'summary', data: {} }),
].join('\n');

function collect(chunkSize: number): RipgrepJsonCollector {
  const collector = new RipgrepJsonCollector(query, (p) => p === 'ignored.ts');
  const bytes = Buffer.from(`${OUTPUT}\n`);
  for (let i = 0; i < bytes.length; i += chunkSize)
    collector.push(bytes.subarray(i, i + chunkSize));
  collector.end();
  return collector;
}

describe('RipgrepJsonCollector', () => {
  it('keeps the first matches with context, counts the rest, drops ignored files - at any chunking', () => {
    for (const size of [1, 3, 7, 64, 100_000]) {
      const c = collect(size);
      expect({ size, total: c.totalMatches, files: c.totalFiles, shown: c.shownMatches }).toEqual({
        size,
        total: 4,
        files: 3,
        shown: 2,
      });
      expect(c.files).toEqual([
        {
          path: 'a.ts',
          lines: [
            { line: 1, text: 'before', cut: 0, kind: 'context' },
            { line: 2, text: 'hit one th', cut: 10, kind: 'match' },
            { line: 3, text: 'after', cut: 0, kind: 'context' },
          ],
        },
        {
          path: 'b.ts',
          lines: [
            { line: 5, text: 'hit two', cut: 0, kind: 'match' },
            { line: 6, text: 'after two', cut: 0, kind: 'context' },
          ],
        },
      ]);
    }
  });

  it('handles a final line without a newline', () => {
    const c = new RipgrepJsonCollector(query, () => false);
    c.push(Buffer.from(`${begin('a.ts')}\n${match(1, 'x')}`));
    c.end();
    expect(c.totalMatches).toBe(1);
  });
});
