// What a test run compiles, kept for the next run of the same project: every copy is fresh, so
// without this each pytest run compiles the project's modules and rewrites its test modules
// again (seconds on a small suite), each `go test` builds every package again, and each jest
// run transforms every file again.
// - Python: the `__pycache__/*.pyc` a run wrote are kept under SLUICE_HOME with the size and
//   modification time their source had on disk, and laid into the next copy's layer only while
//   the source is still so and is not one of the files the run lays over (those compile anew).
//   pytest's rewritten test modules are kept the same way.
// - Go: GOCACHE is a per-project folder under SLUICE_HOME bound writable into the sandbox; Go's
//   cache is keyed by content, so a changed file is never served from it. Go trims it itself.
// - jest: `--cacheDirectory` names a per-project folder bound the same way (bound-cache-folder.ts);
//   its transforms are keyed by the file's content, the config and the transformer's version,
//   and its file map is checked against the files' times, so a changed file is never served
//   stale. Bounded: past its limit the folder is emptied before a run.
// - vitest: Vite's cache folder (its results, pre-bundled dependencies) through the copy's layer
//   (vite-cache-layer.ts). Vitest keeps its transforms in memory only; its experimental file
//   cache of transforms is keyed by each file's own text, not by what its imports resolve to or
//   by the tsconfig the transform reads, so it is not turned on (decision 0057).
// The cache is the project's own: what a run writes there only reaches later runs of the same
// project, whose tests run its code anyway. Bounded: past the limits nothing more is kept, or
// the folder is emptied. A cache that cannot be made or kept leaves the run cold, never fails
// it; the test-run trace says so.
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { TestRunnerKind } from '../../../shared/test-verdict';
import { boundCacheFolder, type CacheFolder, type CacheHold } from './bound-cache-folder';
import { traceTestRun } from './test-run-trace';
import type { TestChange } from './test-plan';
import { viteCacheLayer } from './vite-cache-layer';

const MAX_KEPT_FILES = 5000;
const MAX_KEPT_BYTES = 64 * 1024 * 1024;
const MAX_WALKED = 20_000;
const MANIFEST = 'sources.json';
const JEST_LIMITS = { maxBytes: 256 * 1024 * 1024, maxEntries: 40_000 };

/** What a run needs for its caches: variables, folders bound writable, runner arguments. */
export interface WarmRun {
  readonly env: Readonly<Record<string, string>>;
  readonly writable: readonly string[];
  /** Words appended to the runner's command line (jest's `--cacheDirectory=…`). */
  readonly args: readonly string[];
}

export interface RunCaches {
  /** Lays what was kept into a fresh copy's layer; the environment and folders the run needs. */
  prepare(upper: string, files: readonly TestChange[], runner: TestRunnerKind): WarmRun;
  /**
   * After the run, once for each prepare: `ended` (the runner exited on its own) keeps what it
   * compiled for files it did not lay over.
   */
  finish(upper: string, files: readonly TestChange[], runner: TestRunnerKind, ended: boolean): void;
}

const COLD: WarmRun = { env: {}, writable: [], args: [] };

/** `pkg/__pycache__/mod.cpython-311-pytest-7.2.1.pyc` → `pkg/mod.py`. */
export function pycSource(pyc: string): string | null {
  const parts = pyc.split('/');
  const name = parts.pop() ?? '';
  if (parts.pop() !== '__pycache__' || !name.endsWith('.pyc')) return null;
  const stem = name.split('.')[0];
  return stem ? [...parts, `${stem}.py`].join('/') : null;
}

function diskState(root: string, file: string): string | null {
  try {
    const info = statSync(path.join(root, ...file.split('/')));
    return info.isFile() ? `${info.size}:${info.mtimeMs}` : null;
  } catch {
    return null;
  }
}

/** The `.pyc` files under `dir` (project-relative), symlinks never followed, bounded. */
function pycFiles(dir: string): string[] {
  const found: string[] = [];
  let walked = 0;
  const walk = (relative: string): void => {
    let entries;
    try {
      entries = readdirSync(path.join(dir, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (++walked > MAX_WALKED || found.length >= MAX_KEPT_FILES) return;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && entry.name.endsWith('.pyc') && pycSource(child)) found.push(child);
    }
  };
  walk('');
  return found;
}

/** Python's bytecode kept in `base`, laid and kept by the state of its sources on disk. */
function pythonBytecode(root: string, base: string) {
  const pycache = path.join(base, 'pycache');
  const manifestFile = path.join(base, MANIFEST);
  const readManifest = (): Record<string, string> => {
    try {
      return JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, string>;
    } catch {
      return {};
    }
  };
  const laidPaths = (files: readonly TestChange[]): Set<string> =>
    new Set(files.map((f) => f.path));
  return {
    lay: (upper: string, files: readonly TestChange[]): void => {
      const laid = laidPaths(files);
      for (const [pyc, state] of Object.entries(readManifest())) {
        const source = pycSource(pyc);
        if (!source || laid.has(source) || diskState(root, source) !== state) continue;
        const target = path.join(upper, ...pyc.split('/'));
        try {
          mkdirSync(path.dirname(target), { recursive: true });
          copyFileSync(path.join(pycache, ...pyc.split('/')), target);
        } catch {
          // Not kept after all (removed meanwhile): the run compiles it.
        }
      }
    },
    keep: (upper: string, files: readonly TestChange[]): void => {
      const laid = laidPaths(files);
      const manifest = readManifest();
      let bytes = 0;
      let changed = false;
      for (const pyc of pycFiles(upper)) {
        const source = pycSource(pyc) as string;
        const state = laid.has(source) ? null : diskState(root, source);
        if (!state || manifest[pyc] === state) continue;
        const from = path.join(upper, ...pyc.split('/'));
        try {
          const info = lstatSync(from);
          bytes += info.size;
          if (!info.isFile() || bytes > MAX_KEPT_BYTES) continue;
          const to = path.join(pycache, ...pyc.split('/'));
          mkdirSync(path.dirname(to), { recursive: true, mode: 0o700 });
          copyFileSync(from, `${to}.tmp`);
          renameSync(`${to}.tmp`, to);
          manifest[pyc] = state;
          changed = true;
        } catch {
          // A file the run removed or made unreadable, or SLUICE_HOME not writable: not kept.
        }
      }
      if (!changed || Object.keys(manifest).length > MAX_KEPT_FILES) return;
      try {
        mkdirSync(base, { recursive: true, mode: 0o700 });
        writeFileSync(`${manifestFile}.tmp`, JSON.stringify(manifest));
        renameSync(`${manifestFile}.tmp`, manifestFile);
      } catch {
        // SLUICE_HOME not writable: the next run compiles what this one did.
      }
    },
  };
}

/** The folder of the project at `root`'s caches under `home` (SLUICE_HOME). */
export function runCachesFolder(home: string, root: string): string {
  const hash = createHash('sha256').update(root).digest('hex').slice(0, 16);
  return path.join(home, 'cache', 'test-runs', hash);
}

/** The caches of the project at `root`, kept under `home` (SLUICE_HOME). */
export function projectRunCaches(home: string, root: string): RunCaches {
  const base = runCachesFolder(home, root);
  const say =
    (runner: TestRunnerKind) =>
    (detail: string): void =>
      traceTestRun({ type: 'cache', root, runner, detail });
  const python = pythonBytecode(root, base);
  const goCache = boundCacheFolder(path.join(base, 'go-build'), undefined, say('go'));
  const jestCache = boundCacheFolder(path.join(base, 'jest'), JEST_LIMITS, say('jest'));
  const vite = viteCacheLayer(root, path.join(base, 'vite'), say('vitest'));
  // Each run's hold on a bound folder, by its layer (one per run).
  const holds = new Map<string, CacheHold>();
  const bind = (folder: CacheFolder, upper: string): string | null => {
    const hold = folder.acquire();
    if (hold) holds.set(upper, hold);
    return hold?.dir ?? null;
  };
  const prepare = (
    upper: string,
    files: readonly TestChange[],
    runner: TestRunnerKind,
  ): WarmRun => {
    switch (runner) {
      case 'go': {
        const dir = bind(goCache, upper);
        return dir ? { env: { GOCACHE: dir }, writable: [dir], args: [] } : COLD;
      }
      case 'jest': {
        const dir = bind(jestCache, upper);
        return dir ? { env: {}, writable: [dir], args: [`--cacheDirectory=${dir}`] } : COLD;
      }
      case 'vitest':
        vite.lay(upper);
        return COLD;
      case 'pytest':
        python.lay(upper, files);
        return COLD;
      case 'node-test':
        return COLD;
    }
  };
  // Contract: neither throws; a cache is never the reason a run fails.
  return {
    prepare: (upper, files, runner) => {
      try {
        return prepare(upper, files, runner);
      } catch (error) {
        say(runner)(`the caches could not be laid (${errorWords(error)}); this run starts cold`);
        return COLD;
      }
    },
    finish: (upper, files, runner, ended) => {
      try {
        holds.get(upper)?.release();
        holds.delete(upper);
        if (!ended) return;
        if (runner === 'vitest') vite.keep(upper);
        else if (runner === 'pytest') python.keep(upper, files);
      } catch (error) {
        say(runner)(`what the run compiled could not be kept (${errorWords(error)})`);
      }
    },
  };
}

function errorWords(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
