// The engine prepares the tests' baselines as a project opens and after each change on disk
// (its own writes through the index, or the watcher's news), with the shell's real test runs
// (pytest in private copies); dispose stops a pass under way and leaves no process behind.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAnthropicClient } from '../../../../src/main/core/agent/anthropic-client';
import type { SymbolIndexPort } from '../../../../src/main/core/index/symbol-index-port';
import {
  openProjectEngine,
  type ProjectEngine,
  type WatchedIndex,
} from '../../../../src/main/core/project/open-project-engine';
import type { ShellApprover } from '../../../../src/main/core/project/shell-approver';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { projectIdFor } from '../../../../src/main/core/store/project-id';
import { createSettingsRepository } from '../../../../src/main/core/store/settings-repository';
import { sandboxExecutable } from '../../../../src/main/core/test-runs/sandbox-executable';
import { writeProjectTestSettings } from '../../../../src/main/core/test-runs/test-run-settings-store';
import { createEditFileTool } from '../../../../src/main/core/tools/edit-file';
import { runTool } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import {
  eventually,
  processesNaming,
  traceLog,
  type TraceLog,
} from '../test-runs/test-run-trace-log';

const python = sandboxExecutable('python3');
const canRun =
  detectSandbox().available &&
  detectCopySupport().available &&
  python !== null &&
  spawnSync(python, ['-c', 'import pytest'], { stdio: 'ignore' }).status === 0;

const LABEL = 'def label(name):\n    return name.upper()\n';
const FILES: Record<string, string> = {
  'shop/__init__.py': '',
  'shop/cart.py': 'def total(items):\n    return sum(p * q for p, q in items)\n',
  'shop/label.py': LABEL,
  'tests/test_cart.py':
    'from shop.cart import total\n\ndef test_total():\n    assert total([(2, 3)]) == 6\n',
  'tests/test_label.py':
    'from shop.label import label\n\ndef test_label():\n    assert label("a") == "A"\n',
};

let temp: string;
let project: string;
let home: string;
let db: WritableDb;
let log: TraceLog;
beforeEach(() => {
  temp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-engine-baseline-')));
  project = path.join(temp, 'proj');
  home = path.join(temp, 'home');
  mkdirSync(home);
  for (const [file, text] of Object.entries(FILES)) write(file, text);
  db = openAppDatabase({ home });
  log = traceLog(project);
});
afterEach(() => {
  log.stop();
  db.close();
  rmSync(temp, { recursive: true, force: true });
});

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
  writeFileSync(path.join(project, file), text);
}

const edit = createEditFileTool();

async function open(index?: WatchedIndex): Promise<ProjectEngine<SymbolIndexPort>> {
  const deps = {
    db,
    home,
    workspace: await Workspace.open(project),
    env: {},
    createClient: () => createAnthropicClient({ apiKey: 'k', baseURL: 'http://127.0.0.1:9' }),
    model: () => 'claude-sonnet-4-5',
    maxRounds: () => 3,
    tools: () => [edit],
    createDiagnostics: null,
    approver: (): ShellApprover => ({
      onEvent: (event) => {
        if (event.type !== 'approval_request') return;
        engine.gates.approvals.broker.decide(
          {
            approvalId: event.request.approvalId,
            proposalHash: event.request.proposalHash,
            decision: { type: 'approve' },
          },
          'person',
        );
      },
      close: () => undefined,
    }),
    onBackgroundError: (error: unknown) => {
      throw error;
    },
  };
  const engine: ProjectEngine<SymbolIndexPort> = index
    ? openProjectEngine({ ...deps, index })
    : openProjectEngine(deps);
  return engine;
}

const finished = (count: number) => () => log.steps('finished').length >= count;

describe.skipIf(!canRun)("the engine and the tests' baselines", () => {
  it('engine - opening fills the baselines with no edit; an edit runs only its own run; its write re-runs what it reaches', async () => {
    const engine = await open();
    try {
      await log.until(finished(1), 60_000);
      expect([...(log.runs(true)[0]?.targets ?? [])].sort()).toEqual([
        'tests/test_cart.py',
        'tests/test_label.py',
      ]);
      log.clear();
      const result = await runTool(
        edit,
        {
          path: 'shop/label.py',
          edits: [{ old_text: 'name.upper()', new_text: 'name.upper().strip()' }],
        },
        { ...engine.toolPorts(), signal: new AbortController().signal },
      );
      expect(result.status).toBe('ok');
      expect(log.runs(false)).toHaveLength(1);
      // The applied edit told the baselines: only the test that reaches the file runs again.
      await log.until(finished(1), 60_000);
      expect(log.runs(true).map((r) => r.targets)).toEqual([['tests/test_label.py']]);
    } finally {
      await engine.dispose();
    }
  }, 120_000);

  it('engine - with a watcher, a change made outside Sluice re-runs what it reaches', async () => {
    const engine = await open({ watch: true, home: null });
    try {
      await log.until(finished(1), 60_000);
      log.clear();
      write('shop/cart.py', 'def total(items):\n    return sum(q * p for p, q in items)\n');
      await log.until(finished(1), 60_000);
      expect(log.runs(true).map((r) => r.targets)).toEqual([['tests/test_cart.py']]);
    } finally {
      await engine.dispose();
    }
  }, 120_000);

  it('dispose - a pass under way stops and leaves no process behind', async () => {
    const marker = `test_slow_${randomBytes(6).toString('hex')}.py`;
    write(`tests/${marker}`, 'import time\n\ndef test_slow():\n    time.sleep(60)\n');
    const engine = await open();
    await eventually(() => processesNaming(marker).length > 0, 'the pass', 30_000);
    const started = Date.now();
    await engine.dispose();
    expect(Date.now() - started).toBeLessThan(10_000);
    // The sandbox's own processes are killed with its namespace, which the kernel tears down
    // just after the run's process is gone: a moment, never the test's minute.
    await eventually(() => processesNaming(marker).length === 0, 'no process left', 2_000);
    expect(log.steps('stopped')).toHaveLength(1);
  }, 60_000);

  it('tests off - opening a project whose tests before approval are off runs nothing', async () => {
    writeProjectTestSettings(createSettingsRepository(db), projectIdFor(project), {
      enabled: false,
    });
    const engine = await open();
    try {
      await log.until(() => log.steps().length > 0, 30_000);
      await engine.checks.testRuns?.service.baselineSettled();
      expect(log.steps().map((s) => [s.step, s.detail])).toEqual([
        ['skipped', 'tests before approval are turned off for this project in Settings'],
      ]);
      expect(log.events.filter((e) => e.type === 'run')).toEqual([]);
    } finally {
      await engine.dispose();
    }
  }, 60_000);
});
