// The memory watchdog on real processes: a tree whose processes each stay small but together
// pass the ceiling is killed whole, a child that outlived its parent still counts, a program
// under the ceiling is left alone, and a stopped watchdog samples no more. Linux only (/proc).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  runningMemoryWatchdogs,
  startMemoryWatchdog,
  type MemoryCeilingReached,
} from '../../../../src/main/core/sandbox/memory-watchdog';

const MB = 1024 * 1024;
const CEILING = 200 * MB;
const describeLinux = existsSync('/proc/self/stat') ? describe : describe.skip;

/** Node code that holds `mb` MB, touched, prints `held`, then waits to be killed. */
const hold = (mb: number): string =>
  `const a=[];for(let i=0;i<${mb / 8};i++)a.push(Buffer.alloc(8*1024*1024,1));` +
  `console.log('held ${mb}');setInterval(()=>{},1000)`;

let children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children)
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // gone
    }
  children = [];
});

/** A detached shell (its own session and group, as a run is started) running `script`. */
function startTree(script: string): ChildProcess {
  const child = spawn('/bin/sh', ['-c', script], {
    detached: true,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  children.push(child);
  return child;
}

/** Running, not a zombie (an orphan's reaper may be slow to collect it). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

function reachedOnce(child: ChildProcess, intervalMs = 100) {
  let calls = 0;
  const reached = new Promise<MemoryCeilingReached>((resolve) => {
    const watchdog = startMemoryWatchdog({
      pid: child.pid ?? 0,
      ceilingBytes: CEILING,
      intervalMs,
      onCeiling: (why) => {
        calls += 1;
        resolve(why);
      },
    });
    if (!watchdog) throw new Error('no watchdog on Linux');
  });
  return { reached, calls: () => calls };
}

describeLinux('memory watchdog', () => {
  it('three processes of 100 MB each - killed together at a 200 MB ceiling, with what they held', async () => {
    const node = process.execPath;
    const child = startTree(`for i in 1 2 3; do "${node}" -e "${hold(96)}" & done; wait`);
    const { reached, calls } = reachedOnce(child);
    const why = await reached;
    await exited(child);
    expect(why.ceilingBytes).toBe(CEILING);
    expect(why.usedBytes).toBeGreaterThan(CEILING);
    // The shell and at least the two node processes whose sum passed the ceiling.
    expect(why.processes).toBeGreaterThanOrEqual(3);
    expect(why.tooManyProcesses).toBe(false);
    expect(calls()).toBe(1);
    expect(runningMemoryWatchdogs()).toBe(0);
  }, 30_000);

  it('a child that outlived its parent - still counted and killed', async () => {
    const node = process.execPath;
    // The shell starts the hog in the background and exits: the hog is an orphan at once.
    const child = startTree(`"${node}" -e "${hold(400)}" & echo $!`);
    let orphan = 0;
    child.stdout?.on('data', (chunk: Buffer) => {
      orphan ||= Number(chunk.toString().trim());
    });
    const { reached } = reachedOnce(child);
    const why = await reached;
    expect(orphan).toBeGreaterThan(0);
    expect(why.usedBytes).toBeGreaterThan(CEILING);
    for (let i = 0; i < 50 && alive(orphan); i++) await new Promise((r) => setTimeout(r, 20));
    expect(alive(orphan)).toBe(false);
  }, 30_000);

  it('a program under the ceiling - runs to its end untouched', async () => {
    const child = startTree(
      `"${process.execPath}" -e "const a=Buffer.alloc(64*1024*1024,1);setTimeout(()=>console.log(a.length),1500)"`,
    );
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    let calls = 0;
    const watchdog = startMemoryWatchdog({
      pid: child.pid ?? 0,
      ceilingBytes: CEILING,
      intervalMs: 100,
      onCeiling: () => (calls += 1),
    });
    await exited(child);
    const peak = watchdog?.peakBytes() ?? 0;
    watchdog?.stop();
    expect(child.exitCode).toBe(0);
    expect(out.trim()).toBe(String(64 * MB));
    expect(calls).toBe(0);
    // It did look: the 64 MB buffer was seen, and nothing near the ceiling.
    expect(peak).toBeGreaterThan(64 * MB);
    expect(peak).toBeLessThan(CEILING);
  }, 30_000);

  it('stop - no more samples, the count of running watchdogs back to zero, idempotent', async () => {
    const child = startTree('sleep 5');
    const before = runningMemoryWatchdogs();
    let calls = 0;
    const watchdog = startMemoryWatchdog({
      pid: child.pid ?? 0,
      // Any process is over a ceiling of one byte: a sample after stop() would fire.
      ceilingBytes: 1,
      intervalMs: 50,
      onCeiling: () => (calls += 1),
    });
    expect(runningMemoryWatchdogs()).toBe(before + 1);
    watchdog?.stop();
    watchdog?.stop();
    expect(runningMemoryWatchdogs()).toBe(before);
    await new Promise((r) => setTimeout(r, 300));
    expect(calls).toBe(0);
    expect(alive(child.pid ?? 0)).toBe(true);
  });

  it('no ceiling - no watchdog', () => {
    expect(
      startMemoryWatchdog({ pid: process.pid, ceilingBytes: 0, onCeiling: () => undefined }),
    ).toBeNull();
  });
});
