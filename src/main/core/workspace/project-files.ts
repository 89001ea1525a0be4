// The project's files as the test selection and the Python import scan see them: a bounded
// walk (dependency, build and tool folders skipped), with each file's size and modification
// time, so the walk is also the "disk state" a baseline is cached under.
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SKIPPED = new Set([
  'node_modules',
  '__pycache__',
  'site-packages',
  'venv',
  '.venv',
  'env',
  'build',
  'dist',
  'coverage',
  'vendor',
  'target',
]);

/** Files listed at most; past it the listing is cut and the selection says so. */
export const PROJECT_FILE_LIMIT = 20_000;

export interface ProjectFiles {
  /** Project-relative, forward slashes, in walk order. */
  readonly files: readonly string[];
  /** Hash of every listed file's path, size and mtime: equal when the disk did not change. */
  readonly stateKey: string;
  readonly truncated: boolean;
}

export interface ProjectFileWalk {
  /** Files listed at most (of those kept). */
  readonly limit?: number;
  /** Which files to list (project-relative); default every file. */
  readonly keep?: (relative: string) => boolean;
  /** Hash sizes and times into `stateKey` (default); off, the key is empty and nothing is stat'ed. */
  readonly state?: boolean;
}

export function listProjectFiles(root: string, walkOptions: ProjectFileWalk = {}): ProjectFiles {
  const limit = walkOptions.limit ?? PROJECT_FILE_LIMIT;
  const keep = walkOptions.keep ?? (() => true);
  const withState = walkOptions.state ?? true;
  const files: string[] = [];
  const hash = createHash('sha256');
  const walk = (dir: string): boolean => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return true;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!walk(full)) return false;
      } else if (entry.isFile()) {
        const relative = path.relative(root, full).split(path.sep).join('/');
        if (!keep(relative)) continue;
        if (files.length >= limit) return false;
        files.push(relative);
        if (!withState) continue;
        try {
          const stat = statSync(full);
          hash.update(`${relative}\0${stat.size}\0${stat.mtimeMs}\n`);
        } catch {
          hash.update(`${relative}\0gone\n`);
        }
      }
    }
    return true;
  };
  const complete = walk(root);
  return { files, stateKey: withState ? hash.digest('hex') : '', truncated: !complete };
}
