// A confined run (checkers) under the memory watchdog, without a cgroup (rlimitMemory: true, as
// on a machine without delegation): RLIMIT_DATA holds each process, and the watchdog the sum,
// so processes that each stay under the ceiling but together pass it end with reason memory;
// a program under the ceiling is untouched; the watchdog ends with the process.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detectBubblewrap } from '../../../../src/main/core/sandbox/bubblewrap';
import { runningMemoryWatchdogs } from '../../../../src/main/core/sandbox/memory-watchdog';
import {
  runConfined,
  spawnConfined,
  type ConfinedRunOptions,
} from '../../../../src/main/core/confinement/confined-process';

const MB = 1024 * 1024;
const sandbox = detectBubblewrap();
if (!sandbox.available) console.warn(`confined memory watchdog: skipped, ${sandbox.detail}`);

let root: string;
beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-confined-watchdog-')));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Node code holding `mb` MB touched, then waiting to be killed. */
const hold = (mb: number): string =>
  `const a=[];for(let i=0;i<${mb / 8};i++)a.push(Buffer.alloc(8*1024*1024,1));setTimeout(()=>{},20000)`;

function run(script: string, extra: Partial<ConfinedRunOptions> = {}) {
  return runConfined({
    root,
    argv: ['/bin/bash', '-c', script],
    readOnly: [path.dirname(process.execPath)],
    rlimitMemory: true,
    limits: { memoryBytes: 200 * MB, cpuSeconds: 60 },
    deadlineMs: 40_000,
    ...extra,
  });
}

describe.skipIf(!sandbox.available)('confined run - memory watchdog without a cgroup', () => {
  it('three processes of 100 MB under a 200 MB ceiling - each under RLIMIT_DATA, stopped together with reason memory', async () => {
    const node = process.execPath;
    const started = Date.now();
    const result = await run(
      `for i in 1 2 3; do "${node}" -e "${hold(96)}" & done; wait; echo all-held`,
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.exit.reason).toBe('memory');
    expect(result.timedOut).toBe(false);
    expect(result.stdout).not.toContain('all-held');
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(runningMemoryWatchdogs()).toBe(0);
  }, 60_000);

  it('under the ceiling - exits on its own with reason exited', async () => {
    const result = await run(
      `"${process.execPath}" -e "const a=Buffer.alloc(48*1024*1024,1);setTimeout(()=>console.log(a.length),1000)"`,
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.exit).toEqual({ code: 0, signal: null, reason: 'exited' });
    expect(result.stdout.trim()).toBe(String(48 * MB));
  }, 60_000);

  it('kill - the watchdog stops with the process', async () => {
    const started = spawnConfined({
      root,
      argv: ['/bin/sleep', '30'],
      rlimitMemory: true,
      limits: { memoryBytes: 200 * MB },
    });
    if (!started.ok) throw new Error(started.reason);
    expect(runningMemoryWatchdogs()).toBe(1);
    started.process.kill();
    const exit = await started.process.exited;
    expect(exit.reason).toBe('killed');
    expect(runningMemoryWatchdogs()).toBe(0);
  }, 30_000);
});
