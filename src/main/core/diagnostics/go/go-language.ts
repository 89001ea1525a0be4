// Go through the toolchain's own overlay: `go build -overlay=FILE` (`go vet -overlay` when a
// test file changed, since build skips tests) over the changed packages and the packages
// that import them (transitively, from `go list`), once without and once with the overlay.
// Every `go` runs confined (confined-run.ts): the project read-only, go.mod never rewritten,
// no VCS stamping, no network, a private build cache. The overlay JSON and the proposed texts
// live in a private temp folder outside the project, shown read-only inside, removed after.
// `go build` is preferred to `go vet`: vet stops at the first type error of a package, build
// lists up to ten with positions, which is what a comparison needs.
// Honest outcomes: what is not a list of file:line errors (an import cycle,
// a go.mod that does not parse, a missing module) is a project-level error; when the project
// could not be built at all before the change, or go did not finish, the language is "not
// checked" with go's own words, never "no new errors".
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '../../../../shared/diagnostics';
import type { SandboxAvailability } from '../../sandbox/bubblewrap';
import { checkableFile, findUncheckable } from '../../confinement/checker-file-rules';
import type { ConfinedLimits } from '../../confinement/confined-process';
import type { ProposedFileChange } from '../diagnostics-port';
import { findExecutable } from '../find-executable';
import {
  goCacheDir,
  GO_PINNED_FLAGS,
  runGo,
  runGoSequence,
  type GoRun,
  type GoRunContext,
} from './confined-run';
import { parseGoOutput, type GoOutput } from './go-output';
import { goFilesIn, goTargets, listGoPackages } from './go-packages';
import type { LanguageChecker, LanguageOutcome, ProjectOutcome } from '../language-checker';

export { parseGoOutput } from './go-output';

export const NO_GO_TOOLCHAIN = 'no Go toolchain found (go is not on PATH)';
/** How long one check may run go in all before it is stopped (the hard ceiling). */
export const DEFAULT_GO_CEILING_MS = 60_000;

export interface GoLanguageOptions {
  readonly root: string;
  readonly env: NodeJS.ProcessEnv;
  /** Where the overlay files go; default the OS temp folder. Never inside the project. */
  readonly tempDir?: string;
  /** GOCACHE (writable inside); default goCacheDir(root, env). */
  readonly cacheDir?: string;
  /** Memory, CPU and process ceilings of each go command (default: the confinement's). */
  readonly limits?: ConfinedLimits;
  /** A check (all its go commands) is stopped after this long. */
  readonly ceilingMs?: number;
  /** The sandbox (default detected); tests pass an unavailable one. */
  readonly sandbox?: SandboxAvailability;
}

/** Names the Go toolchain reads in a module: sources, cgo's, and the module files. */
function goReads(name: string): boolean {
  return (
    /\.(go|c|h|cc|cpp|cxx|hh|hpp|hxx|m|s|S|sx|f|F|for|f90|syso)$/u.test(name) ||
    ['go.mod', 'go.sum', 'go.work', 'go.work.sum'].includes(name)
  );
}

/** Folders the go command ignores (and so need not be vetted). */
function goSkips(name: string): boolean {
  return name.startsWith('.') || name.startsWith('_') || name === 'testdata' || name === 'vendor';
}

/** The folder of the nearest go.mod above `file`, not above the root. */
function moduleRootOf(root: string, file: string): string | null {
  let dir = path.dirname(path.join(root, file));
  for (;;) {
    if (existsSync(path.join(dir, 'go.mod'))) return dir;
    if (dir === root) return null;
    const parent = path.dirname(dir);
    if (parent === dir || !parent.startsWith(root)) return null;
    dir = parent;
  }
}

const toPosix = (p: string): string => p.split(path.sep).join('/');

export function createGoLanguage(options: GoLanguageOptions): LanguageChecker {
  return {
    language: 'go',
    owns: (file) => file.endsWith('.go'),
    check: (changes: readonly ProposedFileChange[], signal) =>
      checkGoChange(options, changes, signal),
    project: (signal) => goProjectOutcome(options, signal),
    memoryBytes: () => null,
    dispose: () => Promise.resolve(),
  };
}

/** The change's packages and their importers built without and with the overlay. */
async function checkGoChange(
  options: GoLanguageOptions,
  changes: readonly ProposedFileChange[],
  signal: AbortSignal,
): Promise<LanguageOutcome> {
  const { root, env } = options;
  const go = findExecutable('go', env);
  if (!go) return notChecked(NO_GO_TOOLCHAIN);
  const moduleRoot = moduleRootOf(root, changes[0]?.path ?? '');
  if (!moduleRoot) return notChecked('no go.mod found above the changed Go files');
  const refused = vet(root, moduleRoot);
  if (refused) return notChecked(refused);
  const deadline = Date.now() + (options.ceilingMs ?? DEFAULT_GO_CEILING_MS);
  const scratch = mkdtempSync(path.join(options.tempDir ?? os.tmpdir(), 'sluice-go-overlay-'));
  try {
    const run = runContext(options, go, [scratch]);
    const readDisk = (relative: string): string => readProjectFile(root, relative);
    const packages = await listGoPackages(run, moduleRoot, deadline, signal, readDisk);
    if ('failed' in packages) return notChecked(String(packages.failed));
    const changedDirs = new Set(changes.map((c) => path.dirname(path.join(root, c.path))));
    const targets = goTargets(packages, changedDirs);
    const args = targets.map((dir) => `./${toPosix(path.relative(moduleRoot, dir)) || '.'}`);
    const tool = changes.some((c) => c.path.endsWith('_test.go'))
      ? ['vet', ...GO_PINNED_FLAGS]
      : ['build', ...GO_PINNED_FLAGS, '-o', os.devNull];
    const overlayFile = writeOverlay(root, scratch, changes);
    const runs = await runGoSequence(
      run,
      [
        [...tool, ...args],
        [...tool, `-overlay=${overlayFile}`, ...args],
      ],
      moduleRoot,
      deadline - Date.now(),
      signal,
    );
    const compared = compareRuns(root, moduleRoot, changes, runs);
    if ('failed' in compared) return notChecked(compared.failed);
    return {
      state: 'checked',
      ...compared,
      filesChecked: targets.reduce((n, dir) => n + goFilesIn(dir), 0),
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The module at the root built as it is on disk. */
async function goProjectOutcome(
  options: GoLanguageOptions,
  signal: AbortSignal,
): Promise<ProjectOutcome | null> {
  const { root, env } = options;
  if (!existsSync(path.join(root, 'go.mod'))) return null;
  const go = findExecutable('go', env);
  if (!go) return notChecked(NO_GO_TOOLCHAIN);
  const refused = vet(root, root);
  if (refused) return notChecked(refused);
  const deadline = Date.now() + (options.ceilingMs ?? DEFAULT_GO_CEILING_MS);
  const run = runContext(options, go);
  const readDisk = (relative: string): string => readProjectFile(root, relative);
  const packages = await listGoPackages(run, root, deadline, signal, readDisk);
  const result = readRun(
    root,
    await runGo(
      run,
      ['build', ...GO_PINNED_FLAGS, '-o', os.devNull, './...'],
      root,
      deadline - Date.now(),
      signal,
    ),
    root,
    readDisk,
  );
  if ('failed' in result) return notChecked(result.failed);
  const diagnostics: Diagnostic[] = [...result.diagnostics, ...result.problems];
  // go list failing (go.mod does not parse) leaves nothing counted: it is a project error.
  const filesChecked =
    'failed' in packages ? 0 : [...packages.values()].reduce((n, p) => n + goFilesIn(p.dir), 0);
  return { state: 'checked', diagnostics, filesChecked };
}

/** A project file's text, only under read_file's rules ('' when refused). */
function readProjectFile(root: string, relative: string): string {
  const verdict = checkableFile(root, relative);
  if (!verdict.ok) return '';
  try {
    return readFileSync(verdict.absolute, 'utf8');
  } catch {
    return '';
  }
}

function runContext(
  options: GoLanguageOptions,
  go: string,
  readOnly: readonly string[] = [],
): GoRunContext {
  const { root, env } = options;
  return {
    go,
    root,
    env,
    cacheDir: options.cacheDir ?? goCacheDir(root, env),
    limits: options.limits,
    sandbox: options.sandbox,
    readOnly,
    ceilingMs: options.ceilingMs ?? DEFAULT_GO_CEILING_MS,
  };
}

/** Why the module cannot be checked before go runs (a file go would read is refused). */
function vet(root: string, moduleRoot: string): string | null {
  return findUncheckable(root, toPosix(path.relative(root, moduleRoot)), goReads, {
    skipFolder: goSkips,
  });
}

function notChecked(reason: string): LanguageOutcome & ProjectOutcome {
  return { state: 'not_checked', reason, filesChecked: 0 };
}

/**
 * The overlay file go reads: each changed file's proposed text in the scratch folder, a
 * deleted file as empty. Returns its path.
 */
function writeOverlay(
  root: string,
  scratch: string,
  changes: readonly ProposedFileChange[],
): string {
  const replace: Record<string, string> = {};
  changes.forEach((change, i) => {
    const target = path.join(root, ...change.path.split('/'));
    if (change.after === null) replace[target] = '';
    else {
      const file = path.join(scratch, `${i}.go`);
      writeFileSync(file, change.after);
      replace[target] = file;
    }
  });
  const overlayFile = path.join(scratch, 'overlay.json');
  writeFileSync(overlayFile, JSON.stringify({ Replace: replace }));
  return overlayFile;
}

/** The errors before (on disk) and after (with the overlay), or why they are no answer. */
function compareRuns(
  root: string,
  moduleRoot: string,
  changes: readonly ProposedFileChange[],
  [beforeRun, afterRun]: readonly (GoRun | undefined)[],
): { before: Diagnostic[]; after: Diagnostic[] } | { failed: string } {
  const readDisk = (relative: string): string => readProjectFile(root, relative);
  const before = readRun(
    root,
    beforeRun ?? { kind: 'failed', reason: 'go did not run' },
    moduleRoot,
    readDisk,
  );
  if ('failed' in before) return before;
  // Nothing of the project built before the change: no comparison can be made.
  if (!before.diagnostics.length && before.problems.length)
    return { failed: `go: ${before.problems[0]?.message ?? ''}` };
  const proposed = new Map(changes.map((c) => [c.path, c.after ?? '']));
  const after = readRun(
    root,
    afterRun ?? { kind: 'failed', reason: 'go did not run' },
    moduleRoot,
    (f) => proposed.get(f) ?? readDisk(f),
  );
  if ('failed' in after) return after;
  return {
    before: [...before.diagnostics, ...before.problems],
    after: [...after.diagnostics, ...after.problems],
  };
}

/** The whole answer of one go run: errors and problems, or why it is no answer. */
function readRun(
  root: string,
  run: GoRun,
  moduleRoot: string,
  textOf: (relative: string) => string,
): GoOutput | { failed: string } {
  if (run.kind === 'failed') return { failed: run.reason };
  const problemPath = toPosix(path.relative(root, path.join(moduleRoot, 'go.mod')));
  const parsed = parseGoOutput(run.output, moduleRoot, root, textOf, problemPath);
  if (run.code !== 0 && !parsed.diagnostics.length && !parsed.problems.length)
    return { failed: `go exited with status ${run.code ?? 'unknown'} and said nothing` };
  return run.code === 0 ? { diagnostics: parsed.diagnostics, problems: [] } : parsed;
}
