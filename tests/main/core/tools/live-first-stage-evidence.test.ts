// A live edit's review shows the verdict of the tests that reach the change while the rest of
// the selection runs, then the complete verdict as a late `approval_evidence`: a real pytest run
// over a temp project, through edit_file and the broker in ask mode.
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import { ApprovalBroker } from '../../../../src/main/core/approvals/approval-broker';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import { createPolicyRepository } from '../../../../src/main/core/store/policy-repository';
import { projectTests } from '../../../../src/main/core/test-runs/project-tests';
import { sandboxExecutable } from '../../../../src/main/core/test-runs/sandbox-executable';
import { createTestRunService } from '../../../../src/main/core/test-runs/test-run-service';
import { createEditFileTool } from '../../../../src/main/core/tools/edit-file';
import { runTool, type ToolContext } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { createFakeDiagnostics, fakeProjectDiagnostics } from '../../../support/fake-diagnostics';
import { tempProject, type TempProject } from '../test-runs/test-run-projects';

const canRun = detectSandbox().available && detectCopySupport().available;
const python = sandboxExecutable('python3');
const hasPytest =
  python !== null && spawnSync(python, ['-c', 'import pytest'], { stdio: 'ignore' }).status === 0;

const LIB = [
  '_registry = {}',
  '',
  'def register(fn):',
  '    _registry[fn.__name__] = fn',
  '    return fn',
  '',
  '@register',
  'def chunked(items, n):',
  '    return [items[i:i + n] for i in range(0, len(items), n)]',
  '',
  'def call(name, *args):',
  '    return _registry[name](*args)',
  '',
].join('\n');

const TESTS = [
  'from shop import lib',
  '',
  'def test_chunked():',
  '    assert lib.chunked([1, 2, 3], 2) == [[1, 2], [3]]',
  '',
  'def test_call_by_name():',
  '    assert lib.call("chunked", [1, 2], 1) == [[1], [2]]',
  '',
  'def test_sum():',
  '    assert sum([1, 2]) == 3',
  '',
].join('\n');

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

describe.skipIf(!canRun || !hasPytest)('live edit, tests that reach the change first', () => {
  it('review - the request shows the first stage running; the complete verdict follows as approval_evidence and reaches the model', async () => {
    project = tempProject({
      'shop/__init__.py': '',
      'shop/lib.py': LIB,
      'tests/test_lib.py': TESTS,
    });
    const db = openAppDatabase({ home: project.home });
    const policies = createPolicyRepository(db);
    policies.setMode('p1', 'ask');
    const events: AgentEvent[] = [];
    const broker: ApprovalBroker = new ApprovalBroker({
      policy: () => policies.get('p1'),
      emit: (event) => {
        events.push(event);
        if (event.type !== 'approval_request') return;
        // The person reads the late verdict before deciding (the buttons never wait for it).
        void (async () => {
          for (let i = 0; i < 600 && !events.some((e) => e.type === 'approval_evidence'); i++)
            await new Promise((r) => setTimeout(r, 50));
          broker.decide({
            approvalId: event.request.approvalId,
            proposalHash: event.request.proposalHash,
            decision: { type: 'approve' },
          });
        })();
      },
    });
    const service = createTestRunService({ root: project.root, home: project.home });
    const ctx: ToolContext = {
      workspace: await Workspace.open(project.root),
      signal: new AbortController().signal,
      approvals: broker,
      diagnostics: fakeProjectDiagnostics(createFakeDiagnostics()),
      tests: projectTests(service, () => 120_000),
      conversationId: 'c1',
      turnId: 't1',
      toolUseId: 'u1',
    };
    try {
      const result = await runTool(
        createEditFileTool(),
        {
          path: 'shop/lib.py',
          edits: [
            {
              old_text: '    return [items',
              new_text: '    if n == 1:\n        return [items]\n    return [items',
            },
          ],
        },
        ctx,
      );
      const request = events.find((e) => e.type === 'approval_request');
      const shown = request?.type === 'approval_request' ? request.request.evidence?.tests : null;
      expect(shown).toMatchObject({ state: 'running', passed: 1, newlyFailing: [] });
      expect(shown?.reason).toMatch(/^1 test that uses `chunked` passed; /u);
      const late = events.find((e) => e.type === 'approval_evidence');
      expect(late?.type === 'approval_evidence' && late.evidence.tests).toMatchObject({
        state: 'failed',
        newlyFailing: [{ name: 'tests/test_lib.py::test_call_by_name', file: 'tests/test_lib.py' }],
        passed: 2,
      });
      expect(events.map((e) => e.type)).toEqual([
        'approval_request',
        'approval_evidence',
        'approval_resolved',
      ]);
      // The model reads the complete verdict that came before the decision.
      expect(result.status).toBe('ok');
      expect(result.content).toContain('With this change, 1 test that passes today fails');
      expect(result.content).toContain('test_call_by_name');
    } finally {
      service.dispose();
      db.close();
    }
  }, 240_000);
});
