// Go through the toolchain's own overlay: `go build -overlay=FILE` (`go vet -overlay` when a
// test file changed, since build skips tests) over the changed packages and the packages
// that import them (transitively, from `go list`), once without and once with the overlay.
// The overlay JSON and the proposed texts live in a temp folder outside the project, removed
// after the check. `go build` is preferred to `go vet`: vet stops at the first type error
// of a package, build lists up to ten with positions, which is what a comparison needs.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '../../../shared/diagnostics';
import { lineTextAt } from './diagnostic-comparison';
import type { ProposedFileChange } from './diagnostics-port';
import { findExecutable } from './find-executable';
import type { LanguageChecker, LanguageOutcome, ProjectOutcome } from './language-checker';

export const NO_GO_TOOLCHAIN = 'no Go toolchain found (go is not on PATH)';
const MAX_OUTPUT = 8 * 1024 * 1024;

export interface GoLanguageOptions {
  readonly root: string;
  readonly env: NodeJS.ProcessEnv;
  /** Where the overlay files go; default the OS temp folder. Never inside the project. */
  readonly tempDir?: string;
}

interface Run {
  readonly code: number | null;
  readonly output: string;
}

function run(
  go: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      go,
      args,
      { cwd, env: { ...env, GOPROXY: 'off', GOFLAGS: '-mod=mod' }, signal, maxBuffer: MAX_OUTPUT },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, output: `${stdout}\n${stderr}` });
      },
    );
  });
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

const ERROR_LINE = /^(?:vet: )?(.+?\.go):(\d+):(\d+): (.+)$/;

export function parseGoErrors(
  output: string,
  cwd: string,
  root: string,
  textOf: (relative: string) => string,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const raw of output.split('\n')) {
    const match = ERROR_LINE.exec(raw.trim());
    if (!match) continue;
    const [, file = '', line = '0', column = '0', message = ''] = match;
    const relative = path.relative(root, path.resolve(cwd, file)).split(path.sep).join('/');
    if (relative.startsWith('..')) continue;
    out.push({
      path: relative,
      line: Number(line),
      column: Number(column),
      code: '',
      message,
      lineText: lineTextAt(textOf(relative), Number(line)),
      source: 'go',
    });
  }
  return out;
}

export function createGoLanguage(options: GoLanguageOptions): LanguageChecker {
  const { root, env } = options;
  const readDisk = (relative: string): string => {
    try {
      return readFileSync(path.join(root, ...relative.split('/')), 'utf8');
    } catch {
      return '';
    }
  };

  /** Import path → {dir, imports}, for the module's packages. */
  const listPackages = async (go: string, moduleRoot: string, signal: AbortSignal) => {
    const listed = await run(
      go,
      [
        'list',
        '-e',
        '-f',
        '{{.ImportPath}}|{{.Dir}}|{{join .Imports ","}},{{join .TestImports ","}},{{join .XTestImports ","}}',
        './...',
      ],
      moduleRoot,
      env,
      signal,
    );
    const packages = new Map<string, { dir: string; imports: string[] }>();
    for (const line of listed.output.split('\n')) {
      const [importPath, dir, imports] = line.split('|');
      if (!importPath || !dir || imports === undefined || !path.isAbsolute(dir)) continue;
      packages.set(importPath, { dir, imports: imports.split(',').filter(Boolean) });
    }
    return packages;
  };

  return {
    language: 'go',
    owns: (file) => file.endsWith('.go'),
    async check(changes: readonly ProposedFileChange[], signal): Promise<LanguageOutcome> {
      const go = findExecutable('go', env);
      if (!go) return { state: 'not_checked', reason: NO_GO_TOOLCHAIN, filesChecked: 0 };
      const moduleRoot = moduleRootOf(root, changes[0]?.path ?? '');
      if (!moduleRoot)
        return {
          state: 'not_checked',
          reason: 'no go.mod found above the changed Go files',
          filesChecked: 0,
        };
      const packages = await listPackages(go, moduleRoot, signal);
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
      const args = targets.map(
        (dir) => `./${path.relative(moduleRoot, dir).split(path.sep).join('/') || '.'}`,
      );
      const tool = changes.some((c) => c.path.endsWith('_test.go'))
        ? ['vet']
        : ['build', '-o', os.devNull];
      const scratch = mkdtempSync(path.join(options.tempDir ?? os.tmpdir(), 'sluice-go-overlay-'));
      try {
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
        const before = await run(go, [...tool, ...args], moduleRoot, env, signal);
        const after = await run(
          go,
          [...tool, `-overlay=${overlayFile}`, ...args],
          moduleRoot,
          env,
          signal,
        );
        if (signal.aborted)
          return { state: 'not_checked', reason: 'the check was cancelled', filesChecked: 0 };
        const proposed = new Map(changes.map((c) => [c.path, c.after ?? '']));
        const files = targets.reduce((n, dir) => n + goFilesIn(dir), 0);
        return {
          state: 'checked',
          before: parseGoErrors(before.output, moduleRoot, root, readDisk),
          after: parseGoErrors(
            after.output,
            moduleRoot,
            root,
            (f) => proposed.get(f) ?? readDisk(f),
          ),
          filesChecked: files,
        };
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
    async project(signal): Promise<ProjectOutcome | null> {
      if (!existsSync(path.join(root, 'go.mod'))) return null;
      const go = findExecutable('go', env);
      if (!go) return { state: 'not_checked', reason: NO_GO_TOOLCHAIN, filesChecked: 0 };
      const packages = await listPackages(go, root, signal);
      const result = await run(go, ['build', '-o', os.devNull, './...'], root, env, signal);
      if (signal.aborted)
        return { state: 'not_checked', reason: 'the check was cancelled', filesChecked: 0 };
      return {
        state: 'checked',
        diagnostics: parseGoErrors(result.output, root, root, readDisk),
        filesChecked: [...packages.values()].reduce((n, p) => n + goFilesIn(p.dir), 0),
      };
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
