// The runner's temp folders left behind by a process killed hard are removed by a later one:
// only the runner's names, only a day old or older, never anything else in the temp folder.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sweepCommandTemps } from '../../../../src/main/core/commands/command-temp';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sluice-temp-sweep-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const DAY = 24 * 60 * 60 * 1000;

function folder(name: string, ageMs: number): void {
  const full = path.join(dir, name);
  mkdirSync(full);
  writeFileSync(path.join(full, 'inside'), 'x');
  const at = (Date.now() - ageMs) / 1000;
  utimesSync(full, at, at);
}

describe('command temp folders - swept when left behind', () => {
  it('removes the runner folders older than a day, keeps fresh ones and anything else', () => {
    folder('sluice-cmd-home-AbC123', 2 * DAY);
    folder('sluice-seccomp-x1Y2z3', 2 * DAY);
    folder('sluice-net-qwerty', 2 * DAY);
    folder('sluice-cmd-home-fresh1', 60_000);
    folder('sluice-cmd-home-toolongname', 2 * DAY);
    folder('sluice-mentions-AbC123', 2 * DAY);
    folder('someone-elses', 2 * DAY);
    writeFileSync(path.join(dir, 'sluice-cmd-home-file01'), 'a file, not a folder');
    expect(sweepCommandTemps({ dir })).toBe(3);
    expect(readdirSync(dir).sort()).toEqual([
      'sluice-cmd-home-file01',
      'sluice-cmd-home-fresh1',
      'sluice-cmd-home-toolongname',
      'sluice-mentions-AbC123',
      'someone-elses',
    ]);
  });

  it('a temp folder that cannot be listed - nothing removed, no error', () => {
    expect(sweepCommandTemps({ dir: path.join(dir, 'missing') })).toBe(0);
  });
});
