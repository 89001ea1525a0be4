// A verdict's run that outlives its answer (the deadline passed, the run goes on for a late
// result) is part of what the service waits for once disposed: when settled() resolves the run
// has ended, said so, its processes are gone and its private copy removed. A CLI verb returns
// only then, so nothing of it is left to run, or to be told, after the process moves on.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { sandboxExecutable } from '../../../../src/main/core/test-runs/sandbox-executable';
import { createTestRunService } from '../../../../src/main/core/test-runs/test-run-service';
import { tempProject, type TempProject } from './test-run-projects';
import { eventually, processesNaming, traceLog, type TraceLog } from './test-run-trace-log';

const python = sandboxExecutable('python3');
const canRun =
  detectSandbox().available &&
  detectCopySupport().available &&
  python !== null &&
  spawnSync(python, ['-c', 'import pytest'], { stdio: 'ignore' }).status === 0;

const SLOW = 'def slow():\n    return 1\n';

let project: TempProject | undefined;
let log: TraceLog | undefined;
afterEach(() => {
  log?.stop();
  project?.cleanup();
  log = undefined;
  project = undefined;
});

describe.skipIf(!canRun)('a verdict run past its deadline, then dispose', () => {
  it('settled - resolves only once the run ended: told, no process, no copy left', async () => {
    const test = `tests/test_slow_${randomBytes(6).toString('hex')}.py`;
    project = tempProject({
      'app/__init__.py': '',
      'app/slow.py': SLOW,
      [test]: 'import time\nfrom app.slow import slow\n\ndef test_slow():\n    time.sleep(60)\n',
    });
    log = traceLog(project.root);
    const service = createTestRunService({ root: project.root, home: project.home });
    const marker = path.posix.basename(test);
    const verdict = await service.verdict({
      changes: [{ path: 'app/slow.py', before: SLOW, after: SLOW.replace('1', '2') }],
      deadlineMs: 200,
    });
    expect(verdict.state).toBe('timed_out');
    await eventually(() => processesNaming(marker).length > 0, 'the run', 30_000);
    const started = Date.now();
    service.dispose();
    await service.settled();
    expect(Date.now() - started).toBeLessThan(10_000);
    const runs = log.runs(false);
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.every((run) => run.end === 'cancelled')).toBe(true);
    const told = log.events.length;
    expect(processesNaming(marker)).toEqual([]);
    expect(readdirSync(path.join(project.home, 'test-copies'))).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(log.events.length).toBe(told);
  }, 60_000);
});
