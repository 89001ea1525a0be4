import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createCommandCgroup,
  JOIN_FAILED_STATUS,
  wrapInCgroups,
  type CommandCgroup,
} from '../../../../src/main/core/sandbox/command-cgroup';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sluice-cgroup-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Stand-in groups: plain files where the wrapper writes its pid, as into cgroup.procs. */
function fakeGroup(files: string[]): CommandCgroup {
  return {
    procsFiles: files,
    processes: true,
    memoryBytes: 1,
    oomKilled: () => false,
    dispose: () => undefined,
  };
}

describe('wrapInCgroups', () => {
  it('the wrapper - joins every group, then execs the program with its arguments untouched', () => {
    const files = [path.join(dir, 'a.procs'), path.join(dir, 'b.procs')];
    for (const file of files) writeFileSync(file, '');
    const wrapped = wrapInCgroups(fakeGroup(files), '/bin/sh', [
      '-c',
      'echo "$$|$1|$2"',
      'x',
      'two words',
      '$HOME; echo no',
    ]);
    const out = execFileSync(wrapped.file, wrapped.args, { encoding: 'utf8' }).trim();
    const [pid, first, second] = out.split('|');
    expect([first, second]).toEqual(['two words', '$HOME; echo no']);
    // exec keeps the pid: the program itself is the process that joined both groups.
    for (const file of files) expect(readFileSync(file, 'utf8').trim()).toBe(pid);
  });

  it('the wrapper - a group it cannot join means nothing runs (exit 125)', () => {
    const missing = path.join(dir, 'no-such-folder', 'cgroup.procs');
    const marker = path.join(dir, 'ran');
    const wrapped = wrapInCgroups(fakeGroup([missing]), '/bin/sh', ['-c', `touch ${marker}`]);
    let status = 0;
    try {
      execFileSync(wrapped.file, wrapped.args, { stdio: 'ignore' });
    } catch (error) {
      status = (error as { status: number }).status;
    }
    expect(status).toBe(JOIN_FAILED_STATUS);
    expect(() => readFileSync(marker)).toThrow();
  });
});

describe('createCommandCgroup', () => {
  it('no ceiling asked for - no group', () => {
    expect(createCommandCgroup(`sluice-test-${process.pid}`, {})).toBeNull();
  });

  const probe = createCommandCgroup(`sluice-probe-${process.pid}`, { maxProcesses: 10 });
  probe?.dispose();
  const itWithCgroups = probe ? it : it.skip;

  itWithCgroups('ceilings - each in a real cgroup that holds the value asked for', () => {
    const memory = 256 * 1024 * 1024;
    const group = createCommandCgroup(`sluice-test-${process.pid}-b`, {
      maxProcesses: 50,
      maxMemoryBytes: memory,
    });
    try {
      expect(group).not.toBeNull();
      const values = new Map<string, string>();
      for (const file of group?.procsFiles ?? []) {
        const folder = path.dirname(file);
        for (const name of ['pids.max', 'memory.max', 'memory.limit_in_bytes']) {
          try {
            values.set(name, readFileSync(path.join(folder, name), 'utf8').trim());
          } catch {
            // not this controller's folder
          }
        }
      }
      expect(group?.processes).toBe(true);
      expect(values.get('pids.max')).toBe('50');
      if (group?.memoryBytes !== null) {
        expect(group?.memoryBytes).toBe(memory);
        expect(values.get('memory.max') ?? values.get('memory.limit_in_bytes')).toBe(
          String(memory),
        );
      }
      expect(group?.oomKilled()).toBe(false);
    } finally {
      group?.dispose();
    }
  });
});
