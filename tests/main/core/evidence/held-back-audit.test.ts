// The hold-back pass reports each change it sends back to the model to the approval port, so
// the project's audit trail counts it beside the changes the person was asked about.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestVerdict } from '../../../../src/shared/test-verdict';
import { ApprovalBroker } from '../../../../src/main/core/approvals/approval-broker';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import {
  createApprovalAuditRepository,
  listApprovalAudit,
} from '../../../../src/main/core/store/approval-audit-repository';
import { summarizeApprovalAudit } from '../../../../src/main/core/store/approval-audit-summary';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { createPolicyRepository } from '../../../../src/main/core/store/policy-repository';
import type { ProjectTests } from '../../../../src/main/core/test-runs/project-tests';
import { createEditFileTool } from '../../../../src/main/core/tools/edit-file';
import { runTool, type ToolContext } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import {
  brokenWhenMarked,
  createFakeDiagnostics,
  fakeProjectDiagnostics,
} from '../../../support/fake-diagnostics';

let project: string;
let home: string;
let db: WritableDb;

beforeEach(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'sluice-held-back-audit-'));
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-home-'));
  db = openAppDatabase({ home });
  await writeFile(path.join(project, 'a.ts'), 'export const a = 1;\n');
});
afterEach(async () => {
  db.close();
  await Promise.all([project, home].map((d) => rm(d, { recursive: true, force: true })));
});

/** Tests that fail whenever the proposed text says FAILS (an injected runner, no processes). */
const failingWhenMarked: ProjectTests = {
  liveDeadlineMs: () => 5000,
  verdict: ({ changes }) => {
    const fails = changes.some((c) => c.after?.includes('FAILS'));
    const verdict: TestVerdict = {
      state: fails ? 'failed' : 'passed',
      newlyFailing: fails
        ? [
            { name: 'adds', file: 'a.test.ts', output: 'expected 2' },
            { name: 'subtracts', file: 'a.test.ts', output: 'expected 0' },
          ]
        : [],
      flaky: [],
      alreadyFailing: [],
      passed: fails ? 0 : 2,
      ms: 1,
      checkedAt: new Date(0).toISOString(),
    };
    return Promise.resolve(verdict);
  },
};

async function setup(tests?: ProjectTests) {
  const policies = createPolicyRepository(db);
  policies.setMode('p1', 'ask');
  const broker: ApprovalBroker = new ApprovalBroker({
    policy: () => policies.get('p1'),
    audit: createApprovalAuditRepository(db, 'p1'),
    emit: (event) => {
      if (event.type !== 'approval_request') return;
      const { approvalId, proposalHash } = event.request;
      queueMicrotask(() =>
        broker.decide({ approvalId, proposalHash, decision: { type: 'approve' } }),
      );
    },
  });
  const ctx: ToolContext = {
    workspace: await Workspace.open(project),
    signal: new AbortController().signal,
    approvals: broker,
    diagnostics: fakeProjectDiagnostics(createFakeDiagnostics(brokenWhenMarked)),
    ...(tests ? { tests } : {}),
    conversationId: 'c1',
    turnId: 't1',
    toolUseId: 'u1',
  };
  return ctx;
}

const edit = createEditFileTool();
const files = () => summarizeApprovalAudit(db, { projectId: 'p1', sinceDays: null }).files;

describe('held back changes in the audit', () => {
  it('hold-back - an error sent back to the model is counted as held back, with its path, turn and errors', async () => {
    const ctx = await setup();
    const breaking = { path: 'a.ts', edits: [{ old_text: '= 1', new_text: '= BROKEN' }] };
    expect((await runTool(edit, breaking, ctx)).status).toBe('error');
    expect(files()).toMatchObject({ heldBack: 1, asked: 0 });
    const [row] = listApprovalAudit(db, { projectId: 'p1' });
    expect(row).toMatchObject({
      path: 'a.ts',
      tool: 'edit_file',
      conversationId: 'c1',
      turnId: 't1',
      toolUseId: 'u1',
      policyAction: 'ask',
      outcome: 'held_back',
      decidedBy: 'check',
      decidedBecause: 'introduced_errors',
      heldBackErrors: 1,
      heldBackFailingTests: 0,
      applied: null,
    });
    expect(row?.decidedAt).toBeGreaterThanOrEqual(row?.createdAt ?? Infinity);
    // The identical call again is put to the person: asked, not held back a second time.
    expect((await runTool(edit, breaking, ctx)).status).toBe('ok');
    expect(files()).toMatchObject({ heldBack: 1, asked: 1 });
  });

  it('hold-back - newly failing tests sent back to the model are counted with how many failed', async () => {
    const ctx = await setup(failingWhenMarked);
    const failing = { path: 'a.ts', edits: [{ old_text: '= 1', new_text: '= 1; // FAILS' }] };
    expect((await runTool(edit, failing, ctx)).status).toBe('error');
    expect(files().heldBack).toBe(1);
    expect(listApprovalAudit(db, { projectId: 'p1' })[0]).toMatchObject({
      outcome: 'held_back',
      decidedBecause: 'newly_failing_tests',
      heldBackErrors: 0,
      heldBackFailingTests: 2,
    });
  });

  it('a clean change - asked, nothing held back', async () => {
    const ctx = await setup(failingWhenMarked);
    const clean = { path: 'a.ts', edits: [{ old_text: '= 1', new_text: '= 2' }] };
    expect((await runTool(edit, clean, ctx)).status).toBe('ok');
    expect(files()).toMatchObject({ heldBack: 0, asked: 1 });
  });
});
