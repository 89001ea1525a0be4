// Finds the protected paths (policy.ts PROTECTED_GLOBS) that exist inside the project, so the
// sandbox can re-bind them read-only. Ignore rules do not apply here (a `.env` is usually
// git-ignored); `node_modules` is skipped, and the walk is bounded: when it stops early the
// caller is told, and everything found so far (always including the root's own entries) is
// still protected.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { isProtectedPath } from '../approvals/policy';

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
  const queue: string[] = [''];
  let seen = 0;
  while (queue.length) {
    const rel = queue.shift() as string;
    let entries;
    try {
      entries = readdirSync(path.join(root, rel), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      seen += 1;
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (isProtectedPath(childRel)) {
        paths.push(path.join(root, childRel));
        continue;
      }
      if (entry.isDirectory() && entry.name !== 'node_modules') queue.push(childRel);
    }
    if (seen >= maxEntries) return { paths, incomplete: queue.length > 0 };
  }
  return { paths, incomplete: false };
}
