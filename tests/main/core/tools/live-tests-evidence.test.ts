// The model's tool result carries the test verdict (issue 31): a real vitest run over a temp
// project, through edit_file, the broker in ask mode and the live hold-back.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import { ApprovalBroker } from '../../../../src/main/core/approvals/approval-broker';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import { createPolicyRepository } from '../../../../src/main/core/store/policy-repository';
import { projectTests } from '../../../../src/main/core/test-runs/project-tests';
import { createTestRunService } from '../../../../src/main/core/test-runs/test-run-service';
import { createEditFileTool } from '../../../../src/main/core/tools/edit-file';
import { runTool, type ToolContext } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { createFakeDiagnostics, fakeProjectDiagnostics } from '../../../support/fake-diagnostics';
import { tempProject, treeHash, type TempProject } from '../test-runs/test-run-projects';

const canRun = detectSandbox().available && detectCopySupport().available;

const CART =
  'export function total(items) { return items.reduce((s, i) => s + i.price * i.qty, 0); }\n';
const CART_TEST = `import { expect, test } from 'vitest';
import { total } from '../src/cart.js';
test('totals price times quantity', () => { expect(total([{ price: 2, qty: 3 }])).toBe(6); });
`;

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

async function setup(p: TempProject) {
  const db = openAppDatabase({ home: p.home });
  const policies = createPolicyRepository(db);
  policies.setMode('p1', 'ask');
  const events: AgentEvent[] = [];
  const broker: ApprovalBroker = new ApprovalBroker({
    policy: () => policies.get('p1'),
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
  const service = createTestRunService({ root: p.root, home: p.home });
  const ctx: ToolContext = {
    workspace: await Workspace.open(p.root),
    signal: new AbortController().signal,
    approvals: broker,
    diagnostics: fakeProjectDiagnostics(createFakeDiagnostics()),
    tests: projectTests(service, () => 120_000),
    conversationId: 'c1',
    turnId: 't1',
    toolUseId: 'u1',
  };
  return { ctx, events, close: () => db.close() };
}

describe.skipIf(!canRun)('live edit test verdict', () => {
  it('hold-back - a change that breaks a passing test goes back to the model with the test and its output; the same call again asks with the verdict', async () => {
    project = tempProject(
      {
        'package.json': JSON.stringify({
          name: 'shop',
          type: 'module',
          scripts: { test: 'vitest run' },
        }),
        'src/cart.js': CART,
        'tests/cart.test.js': CART_TEST,
      },
      true,
    );
    const before = treeHash(project.root);
    const { ctx, events, close } = await setup(project);
    const breaking = {
      path: 'src/cart.js',
      edits: [{ old_text: 'i.price * i.qty', new_text: 'i.price + i.qty' }],
    };
    try {
      const first = await runTool(createEditFileTool(), breaking, ctx);
      expect(first.status).toBe('error');
      expect(first.content).toContain(
        'Not yet applied, and not shown to the person. With this change to src/cart.js, 1 test that passes today fails (vitest related: 1 test file imports src/cart.js',
      );
      expect(first.content).toContain('- tests/cart.test.js: totals price times quantity');
      expect(first.content).toMatch(/expected 5 to be 6/u);
      expect(events).toEqual([]);
      expect(treeHash(project.root)).toBe(before);
      const second = await runTool(createEditFileTool(), breaking, ctx);
      const request = events.find((e) => e.type === 'approval_request');
      expect(request?.type === 'approval_request' && request.request.evidence?.tests).toMatchObject(
        {
          state: 'failed',
          newlyFailing: [{ name: 'totals price times quantity', file: 'tests/cart.test.js' }],
        },
      );
      // Approved by the person: written, and the result still says what the tests found.
      expect(second.status).toBe('ok');
      expect(second.content).toContain(
        'With this change, 1 test that passes today fails: tests/cart.test.js: totals price times quantity: AssertionError: expected 5 to be 6',
      );
      expect(second.content).toContain('Tests: 1 newly failing · 0 pass (vitest related, ');
      expect(readFileSync(path.join(project.root, 'src/cart.js'), 'utf8')).toContain(
        'i.price + i.qty',
      );
    } finally {
      close();
    }
  }, 180_000);
});
