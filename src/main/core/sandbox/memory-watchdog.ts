// The memory ceiling that holds without cgroups (most machines: delegation is rare outside a
// systemd user session, and absent in containers and CI). A watchdog samples the memory a
// run's processes hold (their anonymous and shared-memory pages, from /proc) and, when the sum
// passes the ceiling, kills every one of them and says so; the caller kills the run's process
// group as well.
// The run's processes are the spawned one and everything started under it, found as they
// appear: a new process is the run's when its parent is, or (for a run that leads its own
// session) when it is in that session. That is decided once, when it is first seen, so a child
// that outlives its parent stays counted; inside bubblewrap every orphan goes to the sandbox's
// own init, which is the run's. Processes listed before the run started are never read.
// Each sample lists /proc once and reads one small file per process of the run (and one per
// process new to the machine); the timer never keeps Node alive and stops with the run.
// What is counted, and why commands and tests get no per-process limit:
// docs/decisions/0049-memory-ceiling-without-cgroups.md.
import { closeSync, existsSync, openSync, readdirSync, readSync } from 'node:fs';

export interface MemoryCeilingReached {
  readonly ceilingBytes: number;
  /** Memory the run's processes held (anonymous and shared-memory pages) at that sample. */
  readonly usedBytes: number;
  /** How many processes of the run were counted (and killed). */
  readonly processes: number;
  /** The run had more processes than the watchdog follows, so it was stopped unmeasured. */
  readonly tooManyProcesses: boolean;
}

export interface MemoryWatch {
  /** The spawned process: the root of the run's tree. */
  readonly pid: number;
  readonly ceilingBytes: number;
  /** Called once, after every counted process was sent SIGKILL. Must not throw. */
  readonly onCeiling: (reached: MemoryCeilingReached) => void;
  /** Sampling interval while under half the ceiling (default 500 ms); above, FAST_INTERVAL_MS. */
  readonly intervalMs?: number;
}

export interface MemoryWatchdog {
  /** The highest sum seen so far, in bytes. */
  peakBytes(): number;
  /** Stops sampling; idempotent. */
  stop(): void;
}

export const DEFAULT_INTERVAL_MS = 500;
/** Once past half the ceiling the watchdog looks more often: less room to overshoot. */
export const FAST_INTERVAL_MS = 200;
/**
 * More processes than this and the run is stopped: each is one read per sample, and a run
 * that forks this much (a fork bomb) cannot be kept under a ceiling by sampling.
 */
export const MAX_WATCHED_PROCESSES = 1024;

const PROC = '/proc';
let running = 0;

/** How many watchdogs are sampling now (zero once every run has ended). */
export function runningMemoryWatchdogs(): number {
  return running;
}

interface ProcStat {
  readonly ppid: number;
  readonly session: number;
}

const buffer = Buffer.alloc(4096);

/** The first bytes of a /proc file (one read into a reused buffer); null when it is gone. */
function readProc(file: string): string | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return null;
  }
  try {
    return buffer.toString('latin1', 0, readSync(fd, buffer, 0, buffer.length, 0));
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/** Parent and session of a process, from /proc/PID/stat. */
function readStat(pid: number): ProcStat | null {
  const text = readProc(`${PROC}/${pid}/stat`);
  if (text === null) return null;
  // The command name is in parentheses and may hold spaces or parentheses of its own.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const ppid = Number(fields[1]);
  const session = Number(fields[3]);
  return Number.isInteger(ppid) && Number.isInteger(session) ? { ppid, session } : null;
}

const KB_FIELD = /^(RssAnon|RssShmem|VmRSS):\s+(\d+) kB$/gmu;

/**
 * Memory a process holds that no other program shares and the kernel cannot drop: anonymous
 * and shared-memory (tmpfs, memfd) pages, from /proc/PID/status. File-backed pages (its
 * program's code, mapped files) are left out: they are shared with every process of the same
 * program and reclaimable. A kernel older than 4.5 gives only VmRSS, used then. Null: gone.
 */
function heldBytes(pid: number): number | null {
  const text = readProc(`${PROC}/${pid}/status`);
  if (text === null) return null;
  let held = 0;
  let split = false;
  let rss = 0;
  for (const [, name, kb] of text.matchAll(KB_FIELD)) {
    if (name === 'VmRSS') rss = Number(kb);
    else {
      split = true;
      held += Number(kb);
    }
  }
  return (split ? held : rss) * 1024;
}

function listPids(): number[] {
  const pids: number[] = [];
  for (const name of readdirSync(PROC)) {
    const first = name.charCodeAt(0);
    if (first >= 48 && first <= 57) pids.push(Number(name));
  }
  return pids;
}

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Which processes are the run's, kept between samples. */
class RunProcesses {
  /** The run's processes. */
  readonly members = new Set<number>();
  /** Processes seen that are not the run's (listed before it, or started elsewhere). */
  private readonly others = new Set<number>();
  /** The run's session when its root leads one (a detached spawn), else null. */
  private readonly session: number | null;

  constructor(
    private readonly root: number,
    listedBefore: readonly number[],
  ) {
    // Pids are handed out upwards: one below the root's was taken before the run began.
    for (const pid of listedBefore) if (pid < root) this.others.add(pid);
    // Read now, while the root surely lives: its children may outlive it.
    this.session = readStat(root)?.session === root ? root : null;
  }

  /** What each of the run's processes holds now, or null past the watch's bound. */
  sample(): Map<number, number> | null {
    const listed = listPids();
    const present = new Set(listed);
    for (const pid of this.others) if (!present.has(pid)) this.others.delete(pid);
    for (const pid of this.members) if (!present.has(pid)) this.members.delete(pid);
    const fresh = new Map<number, ProcStat>();
    for (const pid of listed) {
      if (this.members.has(pid) || this.others.has(pid)) continue;
      const stat = readStat(pid);
      if (stat) fresh.set(pid, stat);
    }
    for (const pid of fresh.keys()) this.classify(pid, fresh, new Set());
    if (this.members.size > MAX_WATCHED_PROCESSES) return null;
    const held = new Map<number, number>();
    for (const pid of this.members) {
      const bytes = heldBytes(pid);
      if (bytes === null) this.members.delete(pid);
      else held.set(pid, bytes);
    }
    return held;
  }

  private classify(
    pid: number,
    fresh: ReadonlyMap<number, ProcStat>,
    visiting: Set<number>,
  ): boolean {
    if (this.members.has(pid)) return true;
    if (this.others.has(pid)) return false;
    const stat = fresh.get(pid);
    if (!stat || visiting.has(pid)) return false;
    visiting.add(pid);
    const member =
      pid === this.root ||
      (this.session !== null && stat.session === this.session) ||
      this.classify(stat.ppid, fresh, visiting);
    (member ? this.members : this.others).add(pid);
    return member;
  }
}

/**
 * Starts watching the run rooted at `watch.pid`; null where /proc cannot be read (not Linux),
 * so the caller says the ceiling is not held.
 */
export function startMemoryWatchdog(watch: MemoryWatch): MemoryWatchdog | null {
  if (watch.ceilingBytes <= 0 || !existsSync(`${PROC}/self/stat`)) return null;
  let processes: RunProcesses;
  try {
    processes = new RunProcesses(watch.pid, listPids());
  } catch {
    return null;
  }
  const interval = watch.intervalMs ?? DEFAULT_INTERVAL_MS;
  let peak = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  running += 1;

  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    running -= 1;
    if (timer) clearTimeout(timer);
  };
  const reach = (found: ReadonlyMap<number, number> | null, used: number): void => {
    const pids = found ? [...found.keys()] : [...processes.members];
    for (const pid of pids) kill(pid);
    stop();
    watch.onCeiling({
      ceilingBytes: watch.ceilingBytes,
      usedBytes: used,
      processes: pids.length,
      tooManyProcesses: found === null,
    });
  };
  const tick = (): void => {
    timer = undefined;
    if (stopped) return;
    let used = 0;
    try {
      const found = processes.sample();
      if (found === null) return reach(null, peak);
      for (const bytes of found.values()) used += bytes;
      peak = Math.max(peak, used);
      if (used > watch.ceilingBytes) return reach(found, used);
    } catch {
      // /proc could not be listed this time (descriptors exhausted): the next sample tries again.
    }
    schedule(used > watch.ceilingBytes / 2 ? Math.min(interval, FAST_INTERVAL_MS) : interval);
  };
  const schedule = (ms: number): void => {
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  schedule(interval);
  return { peakBytes: () => peak, stop };
}
