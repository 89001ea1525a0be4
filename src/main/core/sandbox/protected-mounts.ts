// Finds the protected paths (policy.ts PROTECTED_GLOBS) that exist inside the project, so the
// sandbox can re-bind them read-only. Ignore rules do not apply here (a `.env` is usually
// git-ignored); `node_modules` is skipped, and the walk is bounded: when it stops early the
// caller is told, and everything found so far (always including the root's own entries) is
// still protected.
import path from 'node:path';
import { isProtectedPath } from '../approvals/policy';
import { BreadthFirstFolders } from './breadth-first-folders';

export interface ProtectedScan {
  /** Absolute paths, outermost only (a protected folder's contents are not listed again). */
  readonly paths: string[];
  /** True when the walk hit its bound before seeing every folder. */
  readonly incomplete: boolean;
}

export const MAX_PROTECTED_SCAN_ENTRIES = 50_000;

export function findProtectedPaths(
  root: string,
  maxEntries = MAX_PROTECTED_SCAN_ENTRIES,
): ProtectedScan {
  const paths: string[] = [];
  const walk = new BreadthFirstFolders(root, '');
  let seen = 0;
  for (const entries of walk.folders()) {
    for (const { entry, relative } of entries) {
      if (isProtectedPath(relative)) {
        paths.push(path.join(root, relative));
        continue;
      }
      if (entry.isDirectory() && entry.name !== 'node_modules') walk.enter(relative);
    }
    seen += entries.length;
    if (seen >= maxEntries) return { paths, incomplete: walk.unread };
  }
  return { paths, incomplete: false };
}
