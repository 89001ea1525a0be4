// Ceilings for one command through cgroups, where this process may create them: a process
// count (`pids`: fork bombs) and memory (`memory`: a runaway allocation, and files written to
// the sandbox's tmpfs folders, which are memory charged to whoever wrote them). cgroup v1
// hierarchies (`/sys/fs/cgroup/pids`, `/sys/fs/cgroup/memory`) or a delegated v2 subtree.
// The program must join before it forks (bwrap forks at once), so the spawn goes through
// wrapInCgroups' `sh`, which joins every group and then execs it, or refuses to run it.
// A group counts only where the kernel made its interface file (a folder made on a plain
// tmpfs at /sys/fs/cgroup is not a cgroup). Where none is writable the command still has its
// timeout and PID namespace; the run reports which ceilings were not set.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

export interface CgroupLimits {
  /** pids.max; 0 or absent = none. */
  readonly maxProcesses?: number;
  /** memory.max / memory.limit_in_bytes in bytes; 0 or absent = none. */
  readonly maxMemoryBytes?: number;
}

export interface CommandCgroup {
  /** Every group's `cgroup.procs` file: the program joins each. */
  readonly procsFiles: readonly string[];
  /** The ceilings in force. */
  readonly processes: boolean;
  readonly memoryBytes: number | null;
  /** Whether the kernel ended a process of the command for exceeding the memory ceiling. */
  oomKilled(): boolean;
  /** Removes the groups once every process in them has exited; never throws. */
  dispose(): void;
}

const CGROUP_ROOT = '/sys/fs/cgroup';

/** Our own group in the v1 hierarchy of `controller`, or in the v2 one (`controller` null). */
function ownGroup(controller: string | null): string | null {
  try {
    for (const line of readFileSync('/proc/self/cgroup', 'utf8').split('\n')) {
      const [, controllers, groupPath] = /^\d+:([^:]*):(.*)$/u.exec(line) ?? [];
      if (groupPath === undefined) continue;
      if (controller === null ? controllers === '' : controllers?.split(',').includes(controller))
        return controller === null
          ? path.join(CGROUP_ROOT, groupPath)
          : path.join(CGROUP_ROOT, controller, groupPath);
    }
  } catch {
    // no /proc here
  }
  return null;
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

function removeGroup(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // left for the OS; empty groups cost nothing
  }
}

/** Writes each interface file the kernel made; false when one is missing or refused. */
function writeAll(dir: string, values: Readonly<Record<string, string>>): boolean {
  for (const [file, value] of Object.entries(values)) {
    const target = path.join(dir, file);
    if (!existsSync(target)) return false;
    try {
      writeFileSync(target, value);
    } catch {
      return false;
    }
  }
  return true;
}

/** A fresh group `name` under the first base where the values could be written, or null. */
function createGroup(
  bases: readonly (string | null)[],
  name: string,
  values: Readonly<Record<string, string>>,
): string | null {
  for (const base of new Set(bases)) {
    if (base === null) continue;
    sweepStale(base);
    const dir = path.join(base, name);
    try {
      mkdirSync(dir);
    } catch {
      continue;
    }
    if (writeAll(dir, values)) return dir;
    removeGroup(dir);
  }
  return null;
}

function oomKills(file: string): number {
  try {
    const match = /^oom_kill (\d+)$/mu.exec(readFileSync(file, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Creates the groups for one command, or null when no ceiling asked for could be set. */
export function createCommandCgroup(name: string, limits: CgroupLimits): CommandCgroup | null {
  const wantProcesses = (limits.maxProcesses ?? 0) > 0;
  const wantMemory = (limits.maxMemoryBytes ?? 0) > 0;
  const pids = String(limits.maxProcesses ?? 0);
  const memory = String(Math.floor(limits.maxMemoryBytes ?? 0));
  const dirs: string[] = [];
  let processes = false;
  let oomFile: string | null = null;

  // cgroup v1: one hierarchy per controller.
  if (wantProcesses) {
    const dir = createGroup([path.join(CGROUP_ROOT, 'pids'), ownGroup('pids')], name, {
      'pids.max': pids,
    });
    if (dir) {
      dirs.push(dir);
      processes = true;
    }
  }
  if (wantMemory) {
    const dir = createGroup([ownGroup('memory'), path.join(CGROUP_ROOT, 'memory')], name, {
      'memory.limit_in_bytes': memory,
    });
    if (dir) {
      dirs.push(dir);
      oomFile = path.join(dir, 'memory.oom_control');
    }
  }
  // cgroup v2: one group for whatever v1 could not give.
  const v2 = ownGroup(null);
  const needProcesses = wantProcesses && !processes;
  const needMemory = wantMemory && oomFile === null;
  if (v2 && (needProcesses || needMemory)) {
    const values: Record<string, string> = {};
    if (needProcesses) values['pids.max'] = pids;
    if (needMemory) values['memory.max'] = memory;
    // Both, else whichever of the two this subtree delegates.
    const tries =
      needProcesses && needMemory
        ? [values, { 'pids.max': pids }, { 'memory.max': memory }]
        : [values];
    for (const attempt of tries) {
      const dir = createGroup([v2], name, attempt);
      if (!dir) continue;
      dirs.push(dir);
      if ('pids.max' in attempt) processes = true;
      if ('memory.max' in attempt) oomFile = path.join(dir, 'memory.events');
      break;
    }
  }
  if (dirs.length === 0) return null;
  const oomBefore = oomFile ? oomKills(oomFile) : 0;
  return {
    procsFiles: dirs.map((dir) => path.join(dir, 'cgroup.procs')),
    processes,
    memoryBytes: oomFile ? Number(memory) : null,
    oomKilled: () => (oomFile ? oomKills(oomFile) > oomBefore : false),
    dispose() {
      for (const dir of dirs) {
        // The group may still hold dying processes for a moment; retry briefly.
        const attempt = (left: number): void => {
          try {
            rmdirSync(dir);
          } catch {
            if (left > 0) setTimeout(() => attempt(left - 1), 100).unref();
          }
        };
        attempt(20);
      }
    },
  };
}

/** Exit status of the wrapper when the process could not join a group. */
export const JOIN_FAILED_STATUS = 125;

/** `file args…` run as `sh -c 'join every group && exec file args…'`. */
export function wrapInCgroups(
  group: CommandCgroup,
  file: string,
  args: readonly string[],
): { file: string; args: string[] } {
  const script =
    'n=$1; shift; while [ "$n" -gt 0 ]; do ' +
    `echo $$ > "$1" || exit ${JOIN_FAILED_STATUS}; shift; n=$((n - 1)); done; exec "$@"`;
  return {
    file: '/bin/sh',
    args: ['-c', script, 'sh', String(group.procsFiles.length), ...group.procsFiles, file, ...args],
  };
}
