// TypeScript 7's native processes started by this process (its API spawns one `tsc --api`
// per checker), read from /proc: whether one is still there, and how much memory they hold.
// Used by the check process (watching for a native process killed alone, counting memory)
// and by the worker (telling a dead native side from any other failure).
import { readdirSync, readFileSync } from 'node:fs';

/** Pids of this process's children running TypeScript 7's `tsc`; null when /proc cannot say. */
export function nativeChildren(): Set<number> | null {
  try {
    const pids = readdirSync(`/proc/${process.pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8')
        .split(' ')
        .filter(Boolean)
        .map(Number),
    );
    return new Set(
      pids.filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'tsc';
        } catch {
          return false;
        }
      }),
    );
  } catch {
    return null;
  }
}

/** Resident memory of TypeScript 7's native processes started here; 0 when there are none. */
export function nativeRssBytes(): number {
  let total = 0;
  for (const pid of nativeChildren() ?? []) {
    try {
      const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      total += Number(kb ?? 0) * 1024;
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}
