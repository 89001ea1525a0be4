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
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
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
  type GoRunContext,
} from './confined-run';
import { parseGoOutput, type GoOutput } from './go-output';
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
  const { root, env } = options;
  const ceilingMs = options.ceilingMs ?? DEFAULT_GO_CEILING_MS;
  /** A project file's text, only under read_file's rules ('' when refused). */
  const readDisk = (relative: string): string => {
    const verdict = checkableFile(root, relative);
    if (!verdict.ok) return '';
    try {
      return readFileSync(verdict.absolute, 'utf8');
    } catch {
      return '';
    }
  };

  const context = (go: string, readOnly: readonly string[] = []): GoRunContext => ({
    go,
    root,
    env,
    cacheDir: options.cacheDir ?? goCacheDir(root, env),
    limits: options.limits,
    sandbox: options.sandbox,
    readOnly,
    ceilingMs,
  });

  /** Import path → {dir, imports}, for the module's packages; or why go list failed. */
  const listPackages = async (
    run: GoRunContext,
    moduleRoot: string,
    deadline: number,
    signal: AbortSignal,
  ): Promise<Map<string, { dir: string; imports: string[] }> | { failed: string }> => {
    const listed = await runGo(
      run,
      [
        'list',
        ...GO_PINNED_FLAGS,
        '-e',
        '-f',
        '{{.ImportPath}}|{{.Dir}}|{{join .Imports ","}},{{join .TestImports ","}},{{join .XTestImports ","}}',
        './...',
      ],
      moduleRoot,
      deadline - Date.now(),
      signal,
    );
    if (listed.kind === 'failed') return { failed: listed.reason };
    const packages = new Map<string, { dir: string; imports: string[] }>();
    for (const line of listed.output.split('\n')) {
      const [importPath, dir, imports] = line.split('|');
      if (!importPath || !dir || imports === undefined || !path.isAbsolute(dir)) continue;
      packages.set(importPath, { dir, imports: imports.split(',').filter(Boolean) });
    }
    if (listed.code !== 0) {
      const said = parseGoOutput(listed.output, moduleRoot, root, readDisk, '').problems[0];
      return { failed: `go list: ${said?.message ?? `exited with status ${listed.code}`}` };
    }
    return packages;
  };

  /** Why the module cannot be checked before go runs (a file go would read is refused). */
  const vet = (moduleRoot: string): string | null =>
    findUncheckable(root, toPosix(path.relative(root, moduleRoot)), goReads, {
      skipFolder: goSkips,
    });

  const notChecked = (reason: string): LanguageOutcome & ProjectOutcome => ({
    state: 'not_checked',
    reason,
    filesChecked: 0,
  });

  /** The whole answer of one go run: errors and problems, or why it is no answer. */
  const readRun = (
    run: Awaited<ReturnType<typeof runGo>>,
    moduleRoot: string,
    textOf: (relative: string) => string,
  ): GoOutput | { failed: string } => {
    if (run.kind === 'failed') return { failed: run.reason };
    const problemPath = toPosix(path.relative(root, path.join(moduleRoot, 'go.mod')));
    const parsed = parseGoOutput(run.output, moduleRoot, root, textOf, problemPath);
    if (run.code !== 0 && !parsed.diagnostics.length && !parsed.problems.length)
      return { failed: `go exited with status ${run.code ?? 'unknown'} and said nothing` };
    return run.code === 0 ? { diagnostics: parsed.diagnostics, problems: [] } : parsed;
  };

  return {
    language: 'go',
    owns: (file) => file.endsWith('.go'),
    async check(changes: readonly ProposedFileChange[], signal): Promise<LanguageOutcome> {
      const go = findExecutable('go', env);
      if (!go) return notChecked(NO_GO_TOOLCHAIN);
      const moduleRoot = moduleRootOf(root, changes[0]?.path ?? '');
      if (!moduleRoot) return notChecked('no go.mod found above the changed Go files');
      const refused = vet(moduleRoot);
      if (refused) return notChecked(refused);
      const deadline = Date.now() + ceilingMs;
      const scratch = mkdtempSync(path.join(options.tempDir ?? os.tmpdir(), 'sluice-go-overlay-'));
      try {
        const run = context(go, [scratch]);
        const packages = await listPackages(run, moduleRoot, deadline, signal);
        if ('failed' in packages) return notChecked(String(packages.failed));
        const changedDirs = new Set(changes.map((c) => path.dirname(path.join(root, c.path))));
        const affected = new Set(
          [...packages].filter(([, p]) => changedDirs.has(p.dir)).map(([ip]) => ip),
        );
        for (let grew = true; grew;) {
          grew = false;
          for (const [importPath, p] of packages)
            if (!affected.has(importPath) && p.imports.some((i) => affected.has(i))) {
              affected.add(importPath);
              grew = true;
            }
        }
        const targets = [...packages].filter(([ip]) => affected.has(ip)).map(([, p]) => p.dir);
        // A new package folder is not listed yet: build it by folder.
        for (const dir of changedDirs) if (!targets.includes(dir)) targets.push(dir);
        const args = targets.map((dir) => `./${toPosix(path.relative(moduleRoot, dir)) || '.'}`);
        const tool = changes.some((c) => c.path.endsWith('_test.go'))
          ? ['vet', ...GO_PINNED_FLAGS]
          : ['build', ...GO_PINNED_FLAGS, '-o', os.devNull];
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
        const [beforeRun, afterRun] = await runGoSequence(
          run,
          [
            [...tool, ...args],
            [...tool, `-overlay=${overlayFile}`, ...args],
          ],
          moduleRoot,
          deadline - Date.now(),
          signal,
        );
        const before = readRun(
          beforeRun ?? { kind: 'failed', reason: 'go did not run' },
          moduleRoot,
          readDisk,
        );
        if ('failed' in before) return notChecked(before.failed);
        // Nothing of the project built before the change: no comparison can be made.
        if (!before.diagnostics.length && before.problems.length)
          return notChecked(`go: ${before.problems[0]?.message ?? ''}`);
        const proposed = new Map(changes.map((c) => [c.path, c.after ?? '']));
        const after = readRun(
          afterRun ?? { kind: 'failed', reason: 'go did not run' },
          moduleRoot,
          (f) => proposed.get(f) ?? readDisk(f),
        );
        if ('failed' in after) return notChecked(after.failed);
        return {
          state: 'checked',
          before: [...before.diagnostics, ...before.problems],
          after: [...after.diagnostics, ...after.problems],
          filesChecked: targets.reduce((n, dir) => n + goFilesIn(dir), 0),
        };
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
    async project(signal): Promise<ProjectOutcome | null> {
      if (!existsSync(path.join(root, 'go.mod'))) return null;
      const go = findExecutable('go', env);
      if (!go) return notChecked(NO_GO_TOOLCHAIN);
      const refused = vet(root);
      if (refused) return notChecked(refused);
      const deadline = Date.now() + ceilingMs;
      const run = context(go);
      const packages = await listPackages(run, root, deadline, signal);
      const result = readRun(
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
    },
    memoryBytes: () => null,
    dispose: () => Promise.resolve(),
  };
}

function goFilesIn(dir: string): number {
  try {
    return readdirSync(dir).filter((f) => f.endsWith('.go')).length;
  } catch {
    return 0;
  }
}
