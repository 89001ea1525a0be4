// A file's version on disk as the checkers key their caches by it: its size and modification
// time, so a file read again only when it changed. Runs inside the TypeScript check worker.
import { statSync } from 'node:fs';

/** `size:mtime` of the file now, or 'missing'. */
export function diskVersion(file: string): string {
  try {
    const s = statSync(file);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return 'missing';
  }
}
