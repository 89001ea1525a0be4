import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allLineKeys,
  countSelection,
  hunkParts,
  linesOfSelectors,
  selectionWords,
  selectorsFor,
} from '../../src/shared/hunk-selection';
import {
  applySelectedHunks,
  applyLineSelection,
  createProposal,
  UnknownHunkError,
} from '../../src/main/core/edits/proposal';
import { detectFormat } from '../../src/main/core/edits/text-format';

function proposalOf(before: string, after: string) {
  return createProposal({
    tool: 'edit_file',
    path: 'src/cart.ts',
    isNewFile: false,
    before,
    after,
    format: detectFormat(before),
    baseHash: 'base',
    description: 'test',
  });
}

const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i}\n`).join('');
// Two edits three lines apart: one hunk, two separate changes.
const BEFORE = numbered(20);
const AFTER = BEFORE.replace('line 5\n', 'LINE 5\n').replace('line 9\n', 'LINE 9\nextra\n');

describe('hunkParts - splits a hunk as git add -p does', () => {
  it('gives each run of changed lines its own part with context', () => {
    const p = proposalOf(BEFORE, AFTER);
    expect(p.hunks).toHaveLength(1);
    const parts = hunkParts(p.hunks[0]!);
    expect(parts.map((part) => part.id)).toEqual(['h1.1', 'h1.2']);
    expect(parts[0]!.hunk.lines).toEqual([
      ' line 2',
      ' line 3',
      ' line 4',
      '-line 5',
      '+LINE 5',
      ' line 6',
      ' line 7',
      ' line 8',
    ]);
    expect(parts[0]!.hunk).toMatchObject({ oldStart: 3, oldLines: 7, newStart: 3, newLines: 7 });
    expect(parts[1]!.hunk).toMatchObject({ oldStart: 7, oldLines: 7, newStart: 7, newLines: 8 });
  });

  it('keeps one part for a hunk of one change', () => {
    const p = proposalOf(BEFORE, BEFORE.replace('line 5\n', 'LINE 5\n'));
    expect(hunkParts(p.hunks[0]!).map((part) => part.id)).toEqual(['h1.1']);
  });
});

describe('applySelectedHunks - parts and lines', () => {
  it('writes one of two nearby changes', () => {
    const p = proposalOf(BEFORE, AFTER);
    expect(applySelectedHunks(p, ['h1.1'])).toBe(BEFORE.replace('line 5\n', 'LINE 5\n'));
    expect(applySelectedHunks(p, ['h1.2'])).toBe(BEFORE.replace('line 9\n', 'LINE 9\nextra\n'));
  });

  it('writes single lines: an added line alone, a removal alone', () => {
    const p = proposalOf(BEFORE, AFTER);
    const lines = p.hunks[0]!.lines;
    const extra = lines.indexOf('+extra') + 1;
    const removal = lines.indexOf('-line 5') + 1;
    expect(applySelectedHunks(p, [`h1@${extra}`])).toBe(
      BEFORE.replace('line 9\n', 'line 9\nextra\n'),
    );
    expect(applySelectedHunks(p, [`h1@${removal}`])).toBe(BEFORE.replace('line 5\n', ''));
  });

  it('refuses an unknown part, a context line and a hunk that is not there', () => {
    const p = proposalOf(BEFORE, AFTER);
    expect(() => applySelectedHunks(p, ['h1.3'])).toThrow(UnknownHunkError);
    expect(() => applySelectedHunks(p, ['h1@1'])).toThrow(/unknown hunk id\(s\): h1@1/u);
    expect(() => applySelectedHunks(p, ['h9'])).toThrow(UnknownHunkError);
  });

  it('refuses a selection that would join two lines at a missing final newline', () => {
    const p = proposalOf('a\nb', 'a\nb\nc');
    const lines = p.hunks[0]!.lines;
    const addC = lines.indexOf('+c') + 1;
    expect(() => applySelectedHunks(p, [`h1@${addC}`])).toThrow(/join two lines/u);
  });

  it('all lines give the proposal and none give the base, for any two texts', () => {
    const text = fc.array(fc.constantFrom('a\n', 'b\n', 'c\n', 'd\n', 'e'), { maxLength: 12 });
    fc.assert(
      fc.property(text, text, (b, a) => {
        const before = b.join('');
        const after = a.join('');
        const p = proposalOf(before, after);
        expect(applyLineSelection(p, allLineKeys(p.hunks))).toBe(after);
        expect(applyLineSelection(p, new Set())).toBe(before);
      }),
    );
  });
});

describe('selectorsFor - the shortest names for a selection', () => {
  it('names whole hunks, whole parts, then lines, and reads back the same lines', () => {
    const p = proposalOf(BEFORE, AFTER);
    const all = allLineKeys(p.hunks);
    expect(selectorsFor(p.hunks, all)).toEqual(['h1']);
    const part = linesOfSelectors(p.hunks, ['h1.2']);
    if (!('keys' in part)) throw new Error('h1.2 is a part');
    expect(selectorsFor(p.hunks, part.keys)).toEqual(['h1.2']);
    const line = linesOfSelectors(p.hunks, ['h1@4']);
    if (!('keys' in line)) throw new Error('h1@4 is a line');
    expect(selectorsFor(p.hunks, line.keys)).toEqual(['h1@4']);
  });

  it('says what is kept in words', () => {
    const p = proposalOf(BEFORE, AFTER);
    const all = allLineKeys(p.hunks);
    expect(selectionWords(countSelection(p.hunks, all))).toBe('the change');
    const read = linesOfSelectors(p.hunks, ['h1.1']);
    if (!('keys' in read)) throw new Error('h1.1 is a part');
    expect(selectionWords(countSelection(p.hunks, read.keys))).toBe('2 of 5 changed lines');
    expect(selectionWords(countSelection(p.hunks, new Set()))).toBe('nothing');
  });
});
