// Which names a change alters when a surface on the way was cut short at its limit: what it did
// not describe stands for the names its file takes from its imports, not for every name of the
// files it names (a parameter changed in one function would otherwise change every name of its
// module, and reach every importer).
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { LocalSurface } from '../../../../../src/main/core/diagnostics/typescript/export-surface';
import type { ImportUse } from '../../../../../src/main/core/diagnostics/typescript/import-uses';
import type { StatementFile } from '../../../../../src/main/core/diagnostics/typescript/inferred-names';
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

/** record.ts: changed itself, its surface cut short on both sides (too large to describe). */
const RECORD = '/p/src/record.ts';
const USER = '/p/src/user.ts';
const RECORD_TEXT = [
  'export type Rec<A> = { readonly [k: string]: A };',
  'export function map<A, B>(self: Rec<A>, f: (a: A) => B): Rec<B> { return {} as Rec<B>; }',
  'export function makeUnion<A>(combine: (a: A, b: A) => A): (a: Rec<A>) => Rec<A> { return (a) => a; }',
  'export const union = makeUnion;',
].join('\n');
const RECORD_EDITED = RECORD_TEXT.replace('combine: (a: A, b: A) => A', 'combine: symbol');
const cutSide = (n: number): LocalSurface => ({
  text: `\u0000too large ${n}`,
  named: [],
  parts: { exports: new Map(), locals: new Map() },
  partial: true,
});
const statements = (text: string) =>
  ts.createSourceFile(RECORD, text, ts.ScriptTarget.Latest, true) as unknown as StatementFile;

const recordChanges = (overlaySyntax: boolean) =>
  nameChanges({
    changed: [RECORD],
    graph: new Map([[RECORD, new Map([[USER, uses(new Set(['map', 'union']))]])]]),
    diskSurfaces: { localOf: () => cutSide(1) },
    overlaySurfaces: { localOf: () => cutSide(2) },
    extraImporters: new Map(),
    syntaxOf: (file) => (file === RECORD ? statements(RECORD_TEXT) : undefined),
    ...(overlaySyntax
      ? {
          overlaySyntaxOf: (file: string) =>
            file === RECORD ? statements(RECORD_EDITED) : undefined,
        }
      : {}),
    kinds: ts.SyntaxKind,
    throwIfCancelled: () => undefined,
  });

describe('nameChanges - a changed file whose own surface is cut short', () => {
  it('nameChanges - the names its syntax says the edit changes, not every export', () => {
    const changes = recordChanges(true);
    expect(changes.imported(RECORD, 'makeUnion')).toBe(true);
    expect(changes.imported(RECORD, 'union')).toBe(true);
    expect(changes.imported(RECORD, 'map')).toBe(false);
    expect(changes.imported(RECORD, 'Rec')).toBe(false);
    // An importer taking all of it still sees a change.
    expect(changes.differs(RECORD)).toBe(true);
  });

  it('nameChanges - without its proposed syntax, every name changes', () => {
    const changes = recordChanges(false);
    expect(changes.imported(RECORD, 'map')).toBe(true);
    expect(changes.imported(RECORD, 'Rec')).toBe(true);
  });
});

/** rec.ts described whole: `map`'s part names `Rec`, a namespace (no part of its own). */
const REC = '/p/src/rec.ts';
const REC_TEXT = [
  'export declare namespace Rec { type Key<K> = K extends string ? K : never }',
  'export function map<K>(self: Record<Rec.Key<K>, number>): number { return 0; }',
  'export function makeUnion(combine: (a: number) => number): number { return 0; }',
].join('\n');
const recSide = (parameter: string): LocalSurface => ({
  text: `map(self: Record<Rec.Key<K>, number>)\nmakeUnion(combine: ${parameter})`,
  named: [],
  parts: {
    exports: new Map([
      [
        'map',
        part(
          'map(self: Record<Rec.Key<K>, number>)',
          [REC, 'map'],
          [
            [REC, 'Rec'],
            [REC, 'Key'],
          ],
        ),
      ],
      ['makeUnion', part(`makeUnion(combine: ${parameter})`, [REC, 'makeUnion'])],
    ]),
    locals: new Map(),
  },
});

const recChanges = (edited: string, overlaySyntax = true) =>
  nameChanges({
    changed: [REC],
    graph: new Map([[REC, new Map([[USER, uses(new Set(['map', 'makeUnion']))]])]]),
    diskSurfaces: { localOf: () => recSide('(a: number) => number') },
    overlaySurfaces: { localOf: () => recSide('symbol') },
    extraImporters: new Map(),
    syntaxOf: () => statements(REC_TEXT),
    ...(overlaySyntax ? { overlaySyntaxOf: () => statements(edited) } : {}),
    kinds: ts.SyntaxKind,
    throwIfCancelled: () => undefined,
  });

describe('nameChanges - a changed file with a name its surface has no part for', () => {
  it('nameChanges - a namespace and its types the edit did not touch do not change what names them', () => {
    const changes = recChanges(
      REC_TEXT.replace('combine: (a: number) => number', 'combine: symbol'),
    );
    expect(changes.imported(REC, 'makeUnion')).toBe(true);
    expect(changes.imported(REC, 'map')).toBe(false);
  });

  it('nameChanges - a namespace the edit changed changes what names it', () => {
    const edited = REC_TEXT.replace('combine: (a: number) => number', 'combine: symbol').replace(
      'K extends string',
      'K extends number',
    );
    expect(recChanges(edited).imported(REC, 'map')).toBe(true);
  });

  it('nameChanges - without the proposed syntax, the namespace stands for the whole file', () => {
    expect(recChanges(REC_TEXT, false).imported(REC, 'map')).toBe(true);
  });

  it('nameChanges - a namespace that takes a name from another changed file changes with it', () => {
    const Z = '/p/src/z.ts';
    const text = `import type { Z } from './z';\n${REC_TEXT.replace('K extends string', 'K extends Z')}`;
    const edited = text.replace('combine: (a: number) => number', 'combine: symbol');
    const zSide = (type: string): LocalSurface => ({
      text: `Z = ${type}`,
      named: [],
      parts: { exports: new Map([['Z', part(`Z = ${type}`, [Z, 'Z'])]]), locals: new Map() },
    });
    const changes = (zChanged: boolean) =>
      nameChanges({
        changed: zChanged ? [REC, Z] : [REC],
        graph: new Map([
          [REC, new Map([[USER, uses(new Set(['map', 'makeUnion']))]])],
          [Z, new Map([[REC, uses(new Set(['Z']))]])],
        ]),
        diskSurfaces: {
          localOf: (file) => (file === Z ? zSide('string') : recSide('(a: number) => number')),
        },
        overlaySurfaces: {
          localOf: (file) =>
            file === Z ? zSide(zChanged ? 'number' : 'string') : recSide('symbol'),
        },
        extraImporters: new Map(),
        syntaxOf: (file) => (file === REC ? statements(text) : undefined),
        overlaySyntaxOf: (file) => (file === REC ? statements(edited) : undefined),
        kinds: ts.SyntaxKind,
        throwIfCancelled: () => undefined,
      });
    expect(changes(true).imported(REC, 'map')).toBe(true);
    expect(changes(false).imported(REC, 'map')).toBe(false);
  });
});
