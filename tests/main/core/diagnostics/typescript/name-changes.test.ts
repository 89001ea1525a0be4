// Which names a change alters when a surface on the way was cut short at its limit: what it did
// not describe stands for the names its file takes from its imports, not for every name of the
// files it names (a parameter changed in one function would otherwise change every name of its
// module, and reach every importer).
import { describe, expect, it } from 'vitest';
import type { LocalSurface } from '../../../../../src/main/core/diagnostics/typescript/export-surface';
import type { ImportUse } from '../../../../../src/main/core/diagnostics/typescript/import-uses';
import { nameChanges } from '../../../../../src/main/core/diagnostics/typescript/name-changes';
import type {
  ExportPart,
  NameRef,
} from '../../../../../src/main/core/diagnostics/typescript/surface-parts';

const ISSUE = '/p/src/issue.ts';
const BIG = '/p/src/big.ts';

const part = (text: string, declared: NameRef, names: NameRef[] = []): ExportPart => ({
  text,
  reaches: [],
  names,
  declared: [declared],
});

/** issue.ts: `isIssue` changes its parameter; `Issue`'s type names a type of big.ts. */
const issueSide = (parameter: string): LocalSurface => ({
  text: `isIssue(u: ${parameter})\nIssue`,
  named: [BIG],
  parts: {
    exports: new Map([
      ['isIssue', part(`isIssue(u: ${parameter})`, [ISSUE, 'isIssue'])],
      ['Issue', part('Issue', [ISSUE, 'Issue'], [[BIG, 'Node']])],
    ]),
    locals: new Map(),
  },
});

/** big.ts: too large to describe, its surface cut short before `Node`. */
const BIG_CUT: LocalSurface = {
  text: '\u0000too large 1',
  named: [ISSUE],
  parts: { exports: new Map(), locals: new Map() },
  partial: true,
};

const uses = (names: ReadonlySet<string> | 'all'): ImportUse => ({
  names,
  passes: new Map(),
  passesAll: false,
  bound: names,
});

const changesWhen = (bigTakes: ReadonlySet<string> | 'all') =>
  nameChanges({
    changed: [ISSUE],
    graph: new Map([[ISSUE, new Map([[BIG, uses(bigTakes)]])]]),
    diskSurfaces: { localOf: (file) => (file === ISSUE ? issueSide('unknown') : BIG_CUT) },
    overlaySurfaces: { localOf: (file) => (file === ISSUE ? issueSide('symbol') : BIG_CUT) },
    extraImporters: new Map(),
    syntaxOf: () => undefined,
    throwIfCancelled: () => undefined,
  });

describe('nameChanges - a surface cut short', () => {
  it('nameChanges - what a cut surface did not describe does not change a name its file does not take', () => {
    const changes = changesWhen(new Set(['Issue']));
    expect(changes.imported(ISSUE, 'isIssue')).toBe(true);
    expect(changes.imported(ISSUE, 'Issue')).toBe(false);
  });

  it('nameChanges - what a cut surface did not describe changes with a changed name its file takes', () => {
    const changes = changesWhen(new Set(['Issue', 'isIssue']));
    expect(changes.imported(ISSUE, 'Issue')).toBe(true);
  });

  it('nameChanges - a cut surface whose file takes all of a changed module changes with it', () => {
    const changes = changesWhen('all');
    expect(changes.imported(ISSUE, 'Issue')).toBe(true);
  });
});
