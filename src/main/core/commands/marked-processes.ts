// What macOS lacks a PID namespace for: processes a command left behind outside its process
// group (a daemon that forked twice and called setsid). Each Seatbelt run puts a random marker
// in its environment; when the run ends, every process of the person's whose environment at
// launch still carries it is killed. Best effort: a process that re-executes itself with a
// cleared environment escapes this sweep (it stays under the same Seatbelt profile).
import { spawnSync } from 'node:child_process';
import { childStdio } from '../process/child-descriptors';

export const RUN_MARKER = 'SLUICE_COMMAND_RUN';

export interface ListedProcess {
  readonly pid: number;
  /** Command line and launch environment, as `ps -E` prints them. */
  readonly text: string;
}

export interface SweepDeps {
  readonly list: () => ListedProcess[];
  readonly kill: (pid: number) => void;
}

/** `ps -E -x -ww -o pid=,command=` lines (macOS: command line then launch environment). */
export function parsePsLines(output: string): ListedProcess[] {
  const out: ListedProcess[] = [];
  for (const line of output.split('\n')) {
    const match = /^\s*(\d+)\s(.*)$/u.exec(line);
    if (match) out.push({ pid: Number(match[1]), text: match[2] as string });
  }
  return out;
}

const psDeps: SweepDeps = {
  list: () => {
    const r = spawnSync('/bin/ps', ['-E', '-x', '-ww', '-o', 'pid=,command='], {
      encoding: 'utf8',
      stdio: childStdio(['ignore', 'pipe', 'pipe']),
      timeout: 5_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    return r.status === 0 ? parsePsLines(r.stdout) : [];
  },
  kill: (pid) => {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  },
};

/** Kills the processes marked with `runId`; returns how many were found. Never throws. */
export function sweepMarked(runId: string, deps: SweepDeps = psDeps): number {
  const needle = new RegExp(`(^|\\s)${RUN_MARKER}=${runId}(\\s|$)`, 'u');
  const killed = new Set<number>();
  // A few rounds: a marked process may fork while it is being swept.
  for (let round = 0; round < 3; round += 1) {
    let list: ListedProcess[];
    try {
      list = deps.list();
    } catch {
      return killed.size;
    }
    const found = list.filter((p) => p.pid !== process.pid && needle.test(p.text));
    if (!found.length) break;
    for (const p of found) {
      deps.kill(p.pid);
      killed.add(p.pid);
    }
  }
  return killed.size;
}
