// The sandbox's first process: bwrap's child in the new PID namespace. It leaves the caller's
// process group (--new-session) before it binds its life to bwrap's (--die-with-parent), so a
// stop in that gap, killing the group, would leave the sandbox running. bwrap tells its id on
// `--info-fd` before that process can leave; killed by it, the process takes every process of
// the namespace with it.
import type { ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';

export function killPid(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already
  }
}

/** bwrap's `--info-fd` answer, `{"child-pid": N, …}`: N told once, when it comes. */
export function readSandboxPid(
  child: ChildProcess,
  fd: number,
  found: (pid: number) => void,
): void {
  const stream = child.stdio[fd] as Readable | null | undefined;
  if (!stream) return;
  let text = '';
  let told = false;
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    if (told || text.length > 4096) return;
    text += chunk;
    const pid = Number(/"child-pid":\s*(\d+)/u.exec(text)?.[1]);
    if (!Number.isInteger(pid) || pid <= 1) return;
    told = true;
    found(pid);
  });
  stream.on('error', () => undefined);
}
