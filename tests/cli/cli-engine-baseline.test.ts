// A one-shot verb opens the same engine, whose tests' baselines are prepared in the background,
// yet exits as soon as its work is done: the pass waits for a debounce, and closing the engine
// cancels what is pending or running, leaving nothing to run or wait for afterwards.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import { detectCopySupport } from '../../src/main/core/sandbox/copy-mount';
import { detectSandbox } from '../../src/main/core/sandbox/sandbox-detect';
import { sandboxExecutable } from '../../src/main/core/test-runs/sandbox-executable';
import { cliRun } from '../support/fake-cli-io';
import {
  processesNaming,
  traceLog,
  type TraceLog,
} from '../main/core/test-runs/test-run-trace-log';

const python = sandboxExecutable('python3');
const canRun =
  detectSandbox().available &&
  detectCopySupport().available &&
  python !== null &&
  spawnSync(python, ['-c', 'import pytest'], { stdio: 'ignore' }).status === 0;

let base: string;
let project: string;
let home: string;
let log: TraceLog;
beforeEach(() => {
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-cli-baseline-')));
  project = path.join(base, 'proj');
  home = path.join(base, 'home');
  mkdirSync(path.join(project, 'shop'), { recursive: true });
  mkdirSync(path.join(project, 'tests'));
  mkdirSync(home);
  writeFileSync(path.join(project, 'shop/__init__.py'), '');
  writeFileSync(path.join(project, 'shop/label.py'), 'def label(name):\n    return name.upper()\n');
  writeFileSync(
    path.join(project, 'tests/test_label.py'),
    'from shop.label import label\n\ndef test_label():\n    assert label("a") == "A"\n',
  );
  log = traceLog(project);
});
afterEach(() => {
  log.stop();
  rmSync(base, { recursive: true, force: true });
});

describe.skipIf(!canRun)('a one-shot verb and the background baseline', () => {
  it('sluice tool edit_file --yes - the edit is checked and written; once the verb returns nothing runs or waits to run', async () => {
    const run = cliRun({ SLUICE_HOME: home }, project);
    const code = await main(
      [
        'tool',
        'edit_file',
        '--project',
        project,
        '--input',
        JSON.stringify({
          path: 'shop/label.py',
          edits: [{ old_text: 'name.upper()', new_text: 'name.upper().strip()' }],
        }),
        '--yes',
      ],
      run.io,
    );
    expect(code).toBe(0);
    expect(readFileSync(path.join(project, 'shop/label.py'), 'utf8')).toContain('strip()');
    expect(log.runs(false).length).toBeGreaterThan(0);
    const said = log.events.length;
    expect(processesNaming(project)).toEqual([]);
    // Past the debounce: no pass starts after the engine closed.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(log.events.length).toBe(said);
    expect(log.steps('finished')).toEqual([]);
  }, 60_000);
});
