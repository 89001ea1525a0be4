import { describe, expect, it } from 'vitest';
import { applySelectedHunks } from '../../src/main/core/edits/proposal';
import { BREAKING_LINE, newSelections, selectionProposal } from '../../bench/selection-proposal';

/** A module of functions (`lines` lines), imported by `importers` others. */
function corpus(importers: number, lines = 120): Map<string, string> {
  const body = Array.from(
    { length: lines / 4 },
    (_, i) => `export function f${i}(n: number): number {\n  return n + ${i};\n}\n\n`,
  );
  const files = new Map([['src/shared.ts', `import { x } from './x';\n\n${body.join('')}`]]);
  files.set('src/x.ts', 'export const x = 1;\n');
  for (let i = 0; i < importers; i++)
    files.set(`src/user${i}.ts`, `import { f1 } from './shared';\nexport const u = f1(1);\n`);
  return files;
}

describe('selectionProposal - the bench edit of a real file', () => {
  it('selectionProposal - three hunks on the file with the most importers, the error in a function body', () => {
    const made = selectionProposal(corpus(4));
    if ('reason' in made) throw new Error(made.reason);
    expect(made.proposal.path).toBe('src/shared.ts');
    expect(made.importers).toBe(4);
    expect(made.proposal.hunks).toHaveLength(3);
    const middle = made.proposal.hunks[1]?.lines ?? [];
    expect(middle).toContain(`+  ${BREAKING_LINE}`);
    const at = middle.indexOf(`+  ${BREAKING_LINE}`);
    expect(middle[at + 1]).toMatch(/^ {3}return n \+ \d+;$/);
  });

  it('selectionProposal - says why when no file has a few importers', () => {
    const made = selectionProposal(corpus(0));
    expect(made).toEqual({
      reason: 'no corpus file with 3 to 10 importers and room for three hunks',
    });
  });
});

describe('newSelections - the ticks a person changes', () => {
  it('newSelections - distinct texts, never the proposal nor the disk, whole hunks first', () => {
    const made = selectionProposal(corpus(4));
    if ('reason' in made) throw new Error(made.reason);
    const { proposal } = made;
    const selections = newSelections(proposal, 24);
    expect(selections).toHaveLength(24);
    expect(selections.slice(0, 2).map((s) => s.selectors)).toEqual([['h2', 'h3'], ['h3']]);
    const texts = selections.map((s) => applySelectedHunks(proposal, s.selectors));
    expect(new Set(texts).size).toBe(24);
    expect(texts).not.toContain(proposal.after);
    expect(texts).not.toContain(proposal.before);
    for (const [i, s] of selections.entries())
      expect(s.breaks).toBe(texts[i]?.includes(BREAKING_LINE));
    expect(selections.some((s) => s.breaks)).toBe(true);
    expect(selections.some((s) => !s.breaks)).toBe(true);
  });
});
