// The files a test selection looks at: a bounded walk of the project (dependency, build and
// tool folders skipped), with each file's size and modification time, so the walk is also the
// "disk state" a baseline is cached under.
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

export function listProjectFiles(root: string, limit = PROJECT_FILE_LIMIT): ProjectFiles {
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
        if (files.length >= limit) return false;
        const relative = path.relative(root, full).split(path.sep).join('/');
        files.push(relative);
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
  return { files, stateKey: hash.digest('hex'), truncated: !complete };
}
