// What a test run compiles, kept for the next run of the same project: every copy is fresh, so
// without this each pytest run compiles the project's modules and rewrites its test modules
// again (seconds on a small suite), and each `go test` builds every package again.
// - Python: the `__pycache__/*.pyc` a run wrote are kept under SLUICE_HOME with the size and
//   modification time their source had on disk, and laid into the next copy's layer only while
//   the source is still so and is not one of the files the run lays over (those compile anew).
//   pytest's rewritten test modules are kept the same way.
// - Go: GOCACHE is a per-project folder under SLUICE_HOME bound writable into the sandbox; Go's
//   cache is keyed by content, so a changed file is never served from it.
// The cache is the project's own: what a run writes there only reaches later runs of the same
// project, whose tests run its code anyway. Bounded: past the limits nothing more is kept.
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
import type { ReportFormat, TestChange } from './test-plan';

const MAX_KEPT_FILES = 5000;
const MAX_KEPT_BYTES = 64 * 1024 * 1024;
const MAX_WALKED = 20_000;
const MANIFEST = 'sources.json';

/** What a run needs for its caches: variables and folders bound writable. */
export interface WarmRun {
  readonly env: Readonly<Record<string, string>>;
  readonly writable: readonly string[];
}

export interface RunCaches {
  /** Lays what was kept into a fresh copy's layer; the environment and folders the run needs. */
  prepare(upper: string, files: readonly TestChange[], format: ReportFormat): WarmRun;
  /** Keeps what the run compiled for files it did not lay over. */
  keep(upper: string, files: readonly TestChange[]): void;
}

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

/** The caches of the project at `root`, kept under `home` (SLUICE_HOME). */
export function projectRunCaches(home: string, root: string): RunCaches {
  const hash = createHash('sha256').update(root).digest('hex').slice(0, 16);
  const base = path.join(home, 'cache', 'test-runs', hash);
  const pycache = path.join(base, 'pycache');
  const goCache = path.join(base, 'go-build');
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
    prepare: (upper, files, format): WarmRun => {
      if (format === 'go-json') {
        mkdirSync(goCache, { recursive: true, mode: 0o700 });
        return { env: { GOCACHE: goCache }, writable: [goCache] };
      }
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
      return { env: {}, writable: [] };
    },
    keep: (upper, files) => {
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
          // A file the run removed or made unreadable: not kept.
        }
      }
      if (!changed || Object.keys(manifest).length > MAX_KEPT_FILES) return;
      mkdirSync(base, { recursive: true, mode: 0o700 });
      writeFileSync(`${manifestFile}.tmp`, JSON.stringify(manifest));
      renameSync(`${manifestFile}.tmp`, manifestFile);
    },
  };
}
