// A live edit's tests that finish after the person decided (issue 31): the late verdict is
// kept with the edit's checkpoint and `sluice checkpoints` shows it. Real pytest, confined,
// over a temp project; the live deadline is one no run can meet, so the person decides first.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import { main } from '../../../../src/cli/main';
import type { CliIo } from '../../../../src/cli/cli-io';
import { ApprovalBroker } from '../../../../src/main/core/approvals/approval-broker';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import { createCheckpointRepository } from '../../../../src/main/core/store/checkpoint-repository';
import { createPolicyRepository } from '../../../../src/main/core/store/policy-repository';
import { projectIdFor } from '../../../../src/main/core/store/project-id';
import { projectTests } from '../../../../src/main/core/test-runs/project-tests';
import { sandboxExecutable } from '../../../../src/main/core/test-runs/sandbox-executable';
import { createTestRunService } from '../../../../src/main/core/test-runs/test-run-service';
import { createEditFileTool } from '../../../../src/main/core/tools/edit-file';
import { runTool, type ToolContext } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { tempProject, type TempProject } from '../test-runs/test-run-projects';

const canRun = detectSandbox().available && detectCopySupport().available;
const python = sandboxExecutable('python3');
const hasPytest =
  python !== null && spawnSync(python, ['-c', 'import pytest'], { stdio: 'ignore' }).status === 0;

const CART = 'def total(items):\n    return sum(p * q for p, q in items)\n';

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

async function sluice(p: TempProject, ...argv: string[]) {
  let stdout = '';
  const stdin = new PassThrough();
  stdin.end();
  const io: CliIo = {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: () => undefined },
    stdin,
    env: { SLUICE_HOME: p.home },
    cwd: p.root,
  };
  const code = await main(argv, io);
  return { code, stdout };
}

describe.skipIf(!canRun || !hasPytest)('late test verdict of a live edit', () => {
  it('checkpoint - a verdict arriving after the approval is recorded with it and shown by sluice checkpoints', async () => {
    const p = tempProject({
      'shop/__init__.py': 'from .cart import total\n',
      'shop/cart.py': CART,
      'tests/test_cart.py':
        'from shop import total\n\ndef test_total():\n    assert total([(2, 3)]) == 6\n\ndef test_empty():\n    assert total([]) == 0\n',
    });
    project = p;
    const projectId = projectIdFor(p.root);
    const db = openAppDatabase({ home: p.home });
    const service = createTestRunService({ root: p.root, home: p.home });
    try {
      const policies = createPolicyRepository(db);
      policies.setMode(projectId, 'ask');
      const checkpoints = createCheckpointRepository(db, projectId);
      const events: AgentEvent[] = [];
      const broker: ApprovalBroker = new ApprovalBroker({
        policy: () => policies.get(projectId),
        checkpoints,
        emit: (event) => {
          events.push(event);
          if (event.type === 'approval_request')
            queueMicrotask(() =>
              broker.decide({
                approvalId: event.request.approvalId,
                proposalHash: event.request.proposalHash,
                decision: { type: 'approve' },
              }),
            );
        },
      });
      const ctx: ToolContext = {
        workspace: await Workspace.open(p.root),
        signal: new AbortController().signal,
        approvals: broker,
        tests: projectTests(service, () => 1),
        conversationId: 'c1',
        turnId: 't1',
        toolUseId: 'u1',
      };
      const result = await runTool(
        createEditFileTool(),
        { path: 'shop/cart.py', edits: [{ old_text: 'p * q', new_text: 'p + q' }] },
        ctx,
      );
      expect(result.status).toBe('ok');
      expect(readFileSync(path.join(p.root, 'shop/cart.py'), 'utf8')).toContain('p + q');
      const request = events.find((e) => e.type === 'approval_request');
      expect(request?.type === 'approval_request' && request.request.evidence?.tests?.state).toBe(
        'timed_out',
      );
      // Decided and written before the tests finished: nothing to show yet.
      expect(checkpoints.list()).toMatchObject([{ path: 'shop/cart.py' }]);
      expect(checkpoints.list()[0]).not.toHaveProperty('tests');

      const deadline = Date.now() + 200_000;
      while (Date.now() < deadline && !events.some((e) => e.type === 'approval_evidence'))
        await new Promise((resolve) => setTimeout(resolve, 200));
      const [checkpoint] = checkpoints.list();
      expect(checkpoint?.tests).toMatchObject({
        state: 'failed',
        newlyFailing: ['tests/test_cart.py::test_total'],
        newlyFailingCount: 1,
        passed: 1,
      });

      const human = await sluice(p, 'checkpoints', '--project', p.root);
      expect(human.code).toBe(0);
      expect(human.stdout).toMatch(
        /shop\/cart\.py {2}\(modified, turn t1, tests: 1 newly failing\)/u,
      );
      const json = await sluice(p, 'checkpoints', '--project', p.root, '--json');
      expect(JSON.parse(json.stdout.trim())).toMatchObject({
        path: 'shop/cart.py',
        tests: {
          state: 'failed',
          newlyFailingCount: 1,
          line: expect.stringMatching(/^Tests: 1 newly failing/u),
        },
      });
    } finally {
      service.dispose();
      db.close();
    }
  }, 240_000);
});
