// The sweep for processes a macOS command leaves behind outside its process group: parsing
// `ps -E`, killing exactly the marked ones, and (with /proc standing in for `ps -E` on Linux) a
// real double-forked daemon killed after a Seatbelt-path run.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCommand } from '../../../../src/main/core/commands/command-runner';
import {
  parsePsLines,
  RUN_MARKER,
  sweepMarked,
  type ListedProcess,
} from '../../../../src/main/core/commands/marked-processes';

describe('parsePsLines', () => {
  it('ps -E output - pid, then the command line and launch environment', () => {
    const out = `  101 /usr/bin/node srv.js PATH=/usr/bin ${RUN_MARKER}=r1 HOME=/h\n 7 -zsh\nbad line\n`;
    expect(parsePsLines(out)).toEqual([
      { pid: 101, text: `/usr/bin/node srv.js PATH=/usr/bin ${RUN_MARKER}=r1 HOME=/h` },
      { pid: 7, text: '-zsh' },
    ]);
  });
});

describe('sweepMarked', () => {
  it('kills exactly the processes carrying this run marker, never itself', () => {
    const listed: ListedProcess[] = [
      { pid: 10, text: `sleep 30 ${RUN_MARKER}=run-a` },
      { pid: 11, text: `node x ${RUN_MARKER}=run-ab` },
      { pid: 12, text: `node x OTHER=${RUN_MARKER}=run-a` },
      { pid: process.pid, text: `vitest ${RUN_MARKER}=run-a` },
    ];
    const killed: number[] = [];
    const found = sweepMarked('run-a', {
      list: () => listed.filter((p) => !killed.includes(p.pid)),
      kill: (pid) => killed.push(pid),
    });
    expect(killed).toEqual([10]);
    expect(found).toBe(1);
  });

  it('a process forked during the sweep - caught in the next round', () => {
    let round = 0;
    const killed: number[] = [];
    sweepMarked('r', {
      list: () => {
        round += 1;
        return round === 1
          ? [{ pid: 20, text: `${RUN_MARKER}=r` }]
          : round === 2
            ? [{ pid: 21, text: `${RUN_MARKER}=r` }]
            : [];
      },
      kill: (pid) => killed.push(pid),
    });
    expect(killed).toEqual([20, 21]);
  });

  it('listing fails - nothing killed, no throw', () => {
    expect(
      sweepMarked('r', {
        list: () => {
          throw new Error('no ps');
        },
        kill: () => {
          throw new Error('must not kill');
        },
      }),
    ).toBe(0);
  });
});

describe('a Seatbelt-path run that leaves a daemon behind', () => {
  let base: string;
  beforeEach(() => {
    base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-marked-')));
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  /** Linux stand-in for `ps -E`: each process's launch environment from /proc. */
  const procList = (): ListedProcess[] =>
    readdirSync('/proc')
      .filter((d) => /^\d+$/u.test(d))
      .flatMap((d) => {
        try {
          const env = readFileSync(`/proc/${d}/environ`, 'utf8').split('\0').join(' ');
          return [{ pid: Number(d), text: env }];
        } catch {
          return [];
        }
      });

  it.skipIf(!existsSync('/proc/self/environ'))(
    'double fork and setsid - the daemon is killed when the run ends, and the result says so',
    async () => {
      const root = path.join(base, 'project');
      mkdirSync(root);
      const fake = path.join(base, 'sandbox-exec');
      writeFileSync(fake, '#!/bin/sh\nshift 2\nexec "$@"\n');
      chmodSync(fake, 0o755);
      const run = await runCommand({
        command:
          "(setsid sh -c 'echo $$ > daemon.pid; exec sleep 300' > /dev/null 2>&1 &); sleep 0.3",
        root,
        cwd: root,
        timeoutMs: 10_000,
        network: false,
        sandbox: { available: true, kind: 'seatbelt', detail: fake },
        signal: new AbortController().signal,
        baseEnv: { PATH: process.env.PATH },
        tmpdir: base,
        processSweep: {
          list: procList,
          kill: (pid) => process.kill(pid, 'SIGKILL'),
        },
      });
      const pid = Number(readFileSync(path.join(root, 'daemon.pid'), 'utf8'));
      expect(pid).toBeGreaterThan(0);
      expect(run.notes.join(' ')).toMatch(/1 process\(es\) the command left running/u);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Gone, or a zombie waiting for an init here that does not reap.
      let state = 'gone';
      try {
        state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] ?? 'gone';
      } catch {
        // no such process
      }
      expect(['gone', 'Z']).toContain(state);
    },
  );
});
