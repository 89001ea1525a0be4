// No inherited descriptor reaches a child Sluice starts. Node opens every
// descriptor of its own close-on-exec, but one that Sluice's launcher left open without that
// flag (a connected socket at fd 200, a pipe) is inherited by every child, through bwrap into
// a sandboxed command, which could then write to whatever is at the other end. libuv cannot
// close a descriptor in the child, but it does dup2 each stdio entry onto its number there:
// every descriptor above the ones a spawn asks for that is open without close-on-exec in this
// process is covered with an inert /dev/null (read-only), so the child sees nothing of it.
// Linux reads each descriptor's flags from /proc/self/fdinfo; where there is no /proc (macOS)
// every open descriptor from /dev/fd above 2 is covered (Node's own would close at exec
// anyway, so covering them changes nothing else).
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import type { StdioOptions } from 'node:child_process';

const O_CLOEXEC = 0o2000000;

type StdioEntry = Exclude<StdioOptions, string>[number];

/** Descriptors above 2 that a child of this process would inherit, ascending. */
export function inheritableDescriptors(): number[] {
  const fromProc = listed('/proc/self/fd');
  if (fromProc) {
    return fromProc.filter((fd) => {
      try {
        const flags = /^flags:\s*([0-7]+)/mu.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'));
        return flags ? (Number.parseInt(flags[1] as string, 8) & O_CLOEXEC) === 0 : true;
      } catch {
        // Closed since the listing (the listing's own descriptor among them).
        return false;
      }
    });
  }
  return listed('/dev/fd') ?? [];
}

function listed(folder: string): number[] | null {
  try {
    return readdirSync(folder)
      .map(Number)
      .filter((fd) => Number.isInteger(fd) && fd > 2)
      .sort((a, b) => a - b);
  } catch {
    return null;
  }
}

let devNull: number | null = null;

/** The inert descriptor dup'd over inherited ones (opened once; close-on-exec here). */
function inertDescriptor(): number {
  devNull ??= openSync('/dev/null', 'r');
  return devNull;
}

/**
 * `wanted` (the child's fds 0, 1, 2 and any it is meant to get, in order) extended so that
 * every descriptor this process would leak is covered; unchanged where nothing leaks or on
 * Windows (where only the stdio handles are inherited).
 */
export function childStdio<const T extends StdioEntry[]>(wanted: T): T {
  if (process.platform === 'win32') return wanted;
  // An entry given for a number replaces what is there, except 'ignore' (libuv leaves a
  // descriptor above 2 as it is then).
  const leaking = inheritableDescriptors().filter(
    (fd) => fd >= wanted.length || isIgnored(wanted[fd]),
  );
  if (leaking.length === 0) return wanted;
  const covered = new Set(leaking);
  const last = Math.max(wanted.length - 1, leaking[leaking.length - 1] as number);
  const out: StdioEntry[] = [];
  for (let fd = 0; fd <= last; fd += 1)
    out.push(covered.has(fd) ? inertDescriptor() : fd < wanted.length ? wanted[fd] : 'ignore');
  return out as T;
}

function isIgnored(entry: StdioEntry | undefined): boolean {
  return entry === 'ignore' || entry === null || entry === undefined;
}

/** For tests: let go of the inert descriptor. */
export function closeInertDescriptor(): void {
  if (devNull !== null) closeSync(devNull);
  devNull = null;
}
