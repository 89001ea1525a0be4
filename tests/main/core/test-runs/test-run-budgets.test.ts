import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestVerdict } from '../../../../src/shared/test-verdict';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { sandboxExecutable } from '../../../../src/main/core/test-runs/sandbox-executable';
import { createTestRunService } from '../../../../src/main/core/test-runs/test-run-service';
import { tempProject, type TempProject } from './test-run-projects';

const python = sandboxExecutable('python3');
const canRun =
  detectSandbox().available &&
  detectCopySupport().available &&
  python !== null &&
  spawnSync(python, ['-c', 'import pytest'], { stdio: 'ignore' }).status === 0;

const SLOW = 'import time\n\ndef wait():\n    time.sleep(2)\n    return 1\n';
const files = {
  'slow.py': SLOW,
  'test_slow.py': 'from slow import wait\n\ndef test_wait():\n    assert wait() == 1\n',
};

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

describe.skipIf(!canRun)('test run budgets', () => {
  it('deadline - past it the verdict is timed_out with the selection, and the result follows once', async () => {
    project = tempProject(files);
    const service = createTestRunService({ root: project.root, home: project.home });
    const late: TestVerdict[] = [];
    let resolveLate: () => void = () => undefined;
    const arrived = new Promise<void>((r) => (resolveLate = r));
    const verdict = await service.verdict({
      changes: [{ path: 'slow.py', after: `# Waits.\n${SLOW}` }],
      deadlineMs: 300,
      onLateResult: (v) => {
        late.push(v);
        resolveLate();
      },
    });
    expect(verdict.state).toBe('timed_out');
    expect(verdict.reason).toBe('the tests were still running after 300 ms');
    expect(verdict.selection?.targets).toEqual(['test_slow.py']);
    await arrived;
    expect(late).toHaveLength(1);
    expect(late[0]).toMatchObject({ state: 'passed', passed: 1 });
  }, 60_000);

  it('one run per project, a newer revision cancels the older one', async () => {
    project = tempProject(files);
    const service = createTestRunService({ root: project.root, home: project.home });
    const older = service.verdict({
      key: 'c1\0slow.py',
      changes: [{ path: 'slow.py', after: `# First.\n${SLOW}` }],
      deadlineMs: 60_000,
    });
    await new Promise((r) => setTimeout(r, 200));
    const newer = service.verdict({
      key: 'c1\0slow.py',
      changes: [{ path: 'slow.py', after: `# Second.\n${SLOW}` }],
      deadlineMs: 60_000,
    });
    const [first, second] = await Promise.all([older, newer]);
    expect(first.state).toBe('not_run');
    expect(first.reason).toMatch(/cancelled/u);
    expect(second.state).toBe('passed');
  }, 60_000);
});
