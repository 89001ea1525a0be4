// Test support: the affected-files walk over real TypeScript programs (the `typescript`
// package Sluice depends on) in a real temp folder: the program on disk and the one with the
// proposed texts laid over, the files the walk picks, and the files whose errors the change
// really alters (a full check of both programs), to prove the walk misses none.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterEach } from 'vitest';
import {
  affectedFiles,
  importerGraph,
} from '../../../../../src/main/core/diagnostics/typescript/affected-files';
import { createSurfaceReader } from '../../../../../src/main/core/diagnostics/typescript/export-surface';
import { writeFiles } from '../diagnostics-test-project';

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
};

let roots: string[] = [];
afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  roots = [];
});

export interface AffectedRun {
  /** The files the walk picked (changed files included), relative and sorted. */
  readonly affected: string[];
  /** The files whose errors differ between the two full programs, relative and sorted. */
  readonly errorsChanged: string[];
  /** The errors of the proposed program in the files the walk picked, as `path:line code`. */
  readonly errorsInAffected: string[];
}

/** `changes`: relative path → proposed text (null: deleted). */
export function runAffected(
  files: Record<string, string>,
  changes: Record<string, string | null>,
): AffectedRun {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-affected-')));
  roots.push(root);
  writeFiles(root, files);
  const abs = (relative: string): string => path.join(root, ...relative.split('/'));
  const rel = (file: string): string => path.relative(root, file).split(path.sep).join('/');
  const overlay = new Map(Object.entries(changes).map(([k, v]) => [abs(k), v]));
  const diskNames = Object.keys(files)
    .filter((f) => f.endsWith('.ts'))
    .map(abs);
  const overlayNames = [
    ...new Set([...diskNames, ...[...overlay.keys()].filter((f) => overlay.get(f) !== null)]),
  ].filter((f) => overlay.get(f) !== null);
  const disk = ts.createProgram(diskNames, OPTIONS);
  const host = ts.createCompilerHost(OPTIONS);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (file) => (overlay.has(file) ? (overlay.get(file) ?? undefined) : readFile(file));
  host.fileExists = (file) => (overlay.has(file) ? overlay.get(file) !== null : fileExists(file));
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, onError, create) => {
    const text = overlay.get(file);
    if (text === null) return undefined;
    if (text !== undefined) return ts.createSourceFile(file, text, language);
    return getSourceFile(file, language, onError, create);
  };
  const proposed = ts.createProgram(overlayNames, OPTIONS, host);
  const isProjectFile = (file: string): boolean =>
    file.startsWith(root + '/') && !file.includes('/node_modules/');
  const changed = [...overlay.keys()];
  const affected = affectedFiles(ts, {
    changed,
    disk,
    overlay: proposed,
    graph: importerGraph(ts, disk, isProjectFile),
    extraImporters: new Map(),
    diskSurfaces: createSurfaceReader(ts, disk, isProjectFile),
    overlaySurfaces: createSurfaceReader(ts, proposed, isProjectFile),
    isProjectFile,
    throwIfCancelled: () => undefined,
  });
  const errorsOf = (program: ts.Program, file: string): string[] => {
    const source = program.getSourceFile(file);
    if (!source) return [];
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]
      .filter((d) => d.category === ts.DiagnosticCategory.Error)
      .map((d) => {
        const { line } = source.getLineAndCharacterOfPosition(d.start ?? 0);
        return `${rel(file)}:${line + 1} TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
      });
  };
  const all = new Set([...diskNames, ...overlayNames]);
  const errorsChanged = [...all]
    .filter((f) => errorsOf(disk, f).join('\n') !== errorsOf(proposed, f).join('\n'))
    .map(rel)
    .sort();
  return {
    affected: [...affected].map(rel).sort(),
    errorsChanged,
    errorsInAffected: [...affected]
      .flatMap((f) => errorsOf(proposed, f))
      .map((e) => e.split(' ').slice(0, 2).join(' '))
      .sort(),
  };
}
