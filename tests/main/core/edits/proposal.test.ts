import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applySelectedHunks,
  computeProposalHash,
  createProposal,
} from '../../../../src/main/core/edits/proposal';
import { computeLineDiff } from '../../../../src/main/core/edits/bounded-line-diff';
import { detectFormat } from '../../../../src/main/core/edits/text-format';

function proposalOf(
  before: string,
  after: string,
  bound?: { timeoutMs: number; maxEditLength: number },
) {
  return createProposal({
    tool: 'edit_file',
    path: 'src/a.ts',
    isNewFile: false,
    before,
    after,
    format: detectFormat(before),
    baseHash: 'base',
    description: 'test',
    ...(bound ? { bound } : {}),
  });
}

const lines = (n: number, f: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => f(i)).join('');

describe('createProposal', () => {
  it('builds hunks with ids, ranges and a unified diff', () => {
    const before = lines(30, (i) => `line ${i}\n`);
    const after = before.replace('line 2\n', 'LINE 2\n').replace('line 25\n', 'LINE 25\nextra\n');
    const p = proposalOf(before, after);
    expect(p.hunks.map((h) => h.id)).toEqual(['h1', 'h2']);
    expect(p.hunks[0]).toMatchObject({ oldStart: 1, oldLines: 6, newStart: 1, newLines: 6 });
    expect(p.unifiedDiff).toContain(
      '--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1,6 +1,6 @@\n line 0\n line 1\n-line 2\n+LINE 2\n',
    );
    expect(p.coarseDiff).toBe(false);
    expect(p.proposalHash).toBe(computeProposalHash('src/a.ts', 'base', after));
  });

  it('marks a missing final newline in the diff', () => {
    const p = proposalOf('a\nb', 'a\nc');
    expect(p.hunks[0]?.lines).toEqual([
      ' a',
      '-b',
      '\\ No newline at end of file',
      '+c',
      '\\ No newline at end of file',
    ]);
  });

  it('falls back to a coarse replaced block when the bound is hit - and says so', () => {
    // Only repeated lines: no unique anchors, so the whole middle needs Myers, past the cap.
    const before = 'head\n' + 'x\n'.repeat(300) + 'y\n'.repeat(300) + 'tail\n';
    const after = 'head\n' + 'y\n'.repeat(300) + 'x\n'.repeat(300) + 'tail\n';
    const p = proposalOf(before, after, { timeoutMs: 1000, maxEditLength: 50 });
    expect(p.coarseDiff).toBe(true);
    expect(p.hunks).toHaveLength(1);
    expect(p.hunks[0]).toMatchObject({ oldStart: 1, oldLines: 602, newLines: 602 });
    expect(applySelectedHunks(p, ['h1'])).toBe(p.after);
    expect(proposalOf(before, after).coarseDiff).toBe(false);
  });

  it('diffs a file with every line re-indented exactly and fast (nothing in common)', () => {
    const before = lines(20_000, (i) => `  line ${i}\n`);
    const after = lines(20_000, (i) => `\tline ${i}\n`);
    const started = Date.now();
    const p = proposalOf(before, after, { timeoutMs: 2000, maxEditLength: 20_000 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(p.coarseDiff).toBe(false);
    expect(
      applySelectedHunks(
        p,
        p.hunks.map((h) => h.id),
      ),
    ).toBe(after);
  });

  it('aligns unchanged lines around many small edits (patience anchors)', () => {
    const before = lines(1000, (i) => `v${i}\n`);
    const after = lines(1000, (i) => (i % 10 === 0 ? `V${i}\n` : `v${i}\n`));
    const p = proposalOf(before, after);
    expect(p.coarseDiff).toBe(false);
    expect(p.hunks.length).toBe(100);
    expect(p.hunks.every((h) => h.lines.filter((l) => l.startsWith('-')).length === 1)).toBe(true);
  });

  it('refuses an unknown hunk id', () => {
    const p = proposalOf('a\n', 'b\n');
    expect(() => applySelectedHunks(p, ['h9'])).toThrow(/unknown hunk id\(s\): h9/u);
  });
});

describe('applySelectedHunks', () => {
  it('yields exactly the expected text for every subset of a 3-hunk proposal (property)', () => {
    const lineArb = fc.string({ maxLength: 6 }).map((s) => s.replace(/[\r\n]/gu, ''));
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 30, maxLength: 60 }),
        fc.array(lineArb, { minLength: 0, maxLength: 3 }),
        fc.array(lineArb, { minLength: 0, maxLength: 3 }),
        fc.array(lineArb, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        (base, r1, r2, r3, eol, finalNewline) => {
          // Three edits far apart (more than 2×context lines), each a distinct block.
          const uniqueBase = base.map((l, i) => `${i}:${l}`);
          const blocks = [r1, r2, r3].map((r, k) => r.map((l) => `new${k}:${l}`));
          const at = [2, 14, 26];
          const variant = (selected: boolean[]) => {
            const out: string[] = [];
            uniqueBase.forEach((l, i) => {
              const k = at.indexOf(i);
              if (k >= 0 && selected[k]) out.push(...(blocks[k] ?? []));
              else out.push(l);
            });
            const text = out.join(eol);
            return finalNewline ? text + eol : text;
          };
          const before = variant([false, false, false]);
          const after = variant([true, true, true]);
          const p = proposalOf(before, after);
          expect(p.hunks).toHaveLength(3);
          for (let mask = 0; mask < 8; mask += 1) {
            const selected = [0, 1, 2].map((k) => (mask & (1 << k)) !== 0);
            const ids = p.hunks.filter((_, k) => selected[k]).map((h) => h.id);
            expect(applySelectedHunks(p, ids)).toBe(variant(selected));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('round-trips arbitrary texts: all hunks give after, none give before (property)', () => {
    const textArb = fc
      .array(fc.constantFrom('a', 'b', 'c', '\n', '\r\n', ' '), { maxLength: 60 })
      .map((a) => a.join(''));
    fc.assert(
      fc.property(textArb, textArb, (before, after) => {
        const diff = computeLineDiff(before, after);
        const p = { before, after, hunks: diff.hunks };
        expect(
          applySelectedHunks(
            p,
            diff.hunks.map((h) => h.id),
          ),
        ).toBe(after);
        expect(applySelectedHunks(p, [])).toBe(before);
      }),
      { numRuns: 500 },
    );
  });
});
