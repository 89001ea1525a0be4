// A process-count ceiling for one command (fork bombs), through a cgroup `pids` controller
// when this process may create one (cgroup v1 `pids` hierarchy, or a delegated v2 subtree).
// The program must join the group before it forks (bwrap forks at once), so the spawn goes
// through wrapInPidsLimit's `sh`, which joins and then execs it, or refuses to run it.
// Where none is writable the command still has its timeout and its PID namespace, which the
// kernel empties at once when the sandbox's init dies; the run reports that no ceiling was set.
import { mkdirSync, readdirSync, readFileSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface PidsLimit {
  /** The group's `cgroup.procs` file. */
  readonly procsFile: string;
  /** Removes the group once every process in it has exited; never throws. */
  dispose(): void;
}

function ownV2Group(): string | null {
  try {
    const line = readFileSync('/proc/self/cgroup', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('0::'));
    return line ? path.join('/sys/fs/cgroup', line.slice(3)) : null;
  } catch {
    return null;
  }
}

function candidates(): string[] {
  const list = ['/sys/fs/cgroup/pids'];
  const v2 = ownV2Group();
  if (v2) list.push(v2);
  return list;
}

/** Groups of earlier runs whose processes took longer to die than dispose() waited. */
const STALE_MS = 60_000;

function sweepStale(base: string): void {
  try {
    for (const name of readdirSync(base)) {
      if (!name.startsWith('sluice-')) continue;
      const dir = path.join(base, name);
      try {
        // rmdir refuses a group that still has processes, so a live one is never removed.
        if (Date.now() - statSync(dir).mtimeMs > STALE_MS) rmdirSync(dir);
      } catch {
        // still in use, or not ours to remove
      }
    }
  } catch {
    // no such hierarchy
  }
}

/** Creates a fresh group capped at `max` processes, or null when no controller is writable. */
export function createPidsLimit(name: string, max: number): PidsLimit | null {
  for (const base of candidates()) {
    sweepStale(base);
    const dir = path.join(base, name);
    try {
      mkdirSync(dir);
    } catch {
      continue;
    }
    try {
      writeFileSync(path.join(dir, 'pids.max'), String(max));
    } catch {
      try {
        rmdirSync(dir);
      } catch {
        // left for the OS; empty groups cost nothing
      }
      continue;
    }
    return {
      procsFile: path.join(dir, 'cgroup.procs'),
      dispose() {
        // The group may still hold dying processes for a moment; retry briefly.
        const attempt = (left: number): void => {
          try {
            rmdirSync(dir);
          } catch {
            if (left > 0) setTimeout(() => attempt(left - 1), 100).unref();
          }
        };
        attempt(20);
      },
    };
  }
  return null;
}

/** Exit status of the wrapper when the process could not join the group. */
export const JOIN_FAILED_STATUS = 125;

/** `file args…` run as `sh -c 'join the group && exec file args…'`. */
export function wrapInPidsLimit(
  limit: PidsLimit,
  file: string,
  args: readonly string[],
): { file: string; args: string[] } {
  const script = `echo $$ > "$0" || exit ${JOIN_FAILED_STATUS}; exec "$@"`;
  return { file: '/bin/sh', args: ['-c', script, limit.procsFile, file, ...args] };
}
