import { describe, expect, it } from 'vitest';
import type {
  DecisionAuditEntry,
  ProposalAuditEntry,
} from '../../../../src/main/core/store/approval-audit-records';
import {
  createApprovalAuditRepository,
  listApprovalAudit,
} from '../../../../src/main/core/store/approval-audit-repository';
import { summarizeApprovalAudit } from '../../../../src/main/core/store/approval-audit-summary';
import { auditSummaryLines } from '../../../../src/shared/audit-summary';
import { useTempAppDatabase } from './temp-home';

const database = useTempAppDatabase();

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 1);
const NO_DECISION = { decision: null, finalHash: null, decidedAt: NOW };

function proposal(approvalId: string, over: Partial<ProposalAuditEntry> = {}): ProposalAuditEntry {
  return {
    approvalId,
    conversationId: 'c1',
    turnId: 't1',
    toolUseId: 'u1',
    tool: 'edit_file',
    path: 'src/a.ts',
    baseHash: 'b',
    proposalHash: 'h',
    afterHash: 'a',
    description: 'd',
    unifiedDiff: '',
    policyAction: 'ask',
    policyReason: 'mode ask',
    protectedPath: false,
    coarseDiff: false,
    createdAt: NOW - 1000,
    ...over,
  };
}

type Outcome = DecisionAuditEntry['outcome'];
type Decider = DecisionAuditEntry['decidedBy'];

/** A trail with one of everything a project's file changes and commands can end as. */
function recordTrail(projectId = 'p1') {
  const audit = createApprovalAuditRepository(database(), projectId);
  const record = (
    name: string,
    end: [Outcome, Decider, 'clean_evidence'?] | null,
    over: { applied?: boolean; tool?: string } = {},
  ) => {
    // Approval ids are unique across projects.
    const approvalId = `${projectId}:${name}`;
    audit.recordProposal(proposal(approvalId, over.tool ? { tool: over.tool } : {}));
    if (end) {
      const [outcome, decidedBy, because] = end;
      audit.recordDecision({ approvalId, outcome, decidedBy, because, ...NO_DECISION });
    }
    if (over.applied !== undefined)
      audit.recordApplication(
        approvalId,
        over.applied
          ? { applied: true, checkpointId: 'k' }
          : { applied: false, reason: 'conflict' },
      );
    return approvalId;
  };
  const applied = { applied: true };
  record('approved', ['approved', 'person'], applied);
  record('partly', ['partially_approved', 'person'], applied);
  record('rejected', ['rejected', 'person']);
  record('stopped', ['rejected', 'abort']);
  record('waiting', null);
  record('clean-1', ['approved', 'mode', 'clean_evidence'], applied);
  record('clean-2', ['approved', 'mode', 'clean_evidence'], applied);
  record('clean-conflict', ['approved', 'mode', 'clean_evidence'], { applied: false });
  record('auto-edit', ['approved', 'mode'], applied);
  record('denied', ['denied', 'rule']);
  const errors = record('held-errors', null);
  audit.recordHeldBack?.({ approvalId: errors, errors: 2, failingTests: 0, heldAt: NOW });
  const tests = record('held-tests', null);
  audit.recordHeldBack?.({ approvalId: tests, errors: 0, failingTests: 3, heldAt: NOW });
  const command = { tool: 'run_command' };
  record('cmd-asked', ['approved', 'person'], command);
  record('cmd-rejected', ['rejected', 'person'], command);
  record('cmd-rule', ['approved', 'rule'], command);
  record('cmd-denied', ['denied', 'rule'], command);
}

describe('approval audit summary', () => {
  it('summary - counts each file change and command by how it ended, from what the row recorded', () => {
    recordTrail();
    recordTrail('p2');
    expect(summarizeApprovalAudit(database(), { projectId: 'p1', sinceDays: null })).toEqual({
      sinceDays: null,
      files: {
        asked: 5,
        appliedClean: 2,
        heldBack: 2,
        rejected: 1,
        appliedUnasked: 1,
        denied: 1,
      },
      commands: { asked: 2, rejected: 1, ranUnasked: 1, denied: 1 },
    });
  });

  it('summary - a project with no trail counts zeros, and its words say so', () => {
    const summary = summarizeApprovalAudit(database(), { projectId: 'none', sinceDays: 7 });
    expect(auditSummaryLines(summary)).toEqual([
      'File changes in the last 7 days: 0 asked · 0 applied clean · 0 held back (sent back to Claude) · 0 rejected',
      'Commands in the last 7 days: 0 asked · 0 run by a rule · 0 rejected',
    ]);
  });

  it('summary --since - only what was proposed inside the window', () => {
    const audit = createApprovalAuditRepository(database(), 'p1');
    audit.recordProposal(proposal('old', { createdAt: NOW - 10 * DAY }));
    audit.recordHeldBack?.({ approvalId: 'old', errors: 1, failingTests: 0, heldAt: NOW });
    audit.recordProposal(proposal('new', { createdAt: NOW - 2 * DAY + 1000 }));
    audit.recordHeldBack?.({ approvalId: 'new', errors: 1, failingTests: 0, heldAt: NOW });
    const held = (sinceDays: number | null) =>
      summarizeApprovalAudit(database(), { projectId: 'p1', sinceDays, now: NOW }).files.heldBack;
    expect([held(null), held(30), held(2), held(1)]).toEqual([2, 2, 1, 0]);
  });

  it('held back - the row says decided by the check, why, how many errors or tests, and when', () => {
    recordTrail();
    const rows = listApprovalAudit(database(), { projectId: 'p1' });
    expect(rows.find((r) => r.approvalId === 'p1:held-errors')).toMatchObject({
      path: 'src/a.ts',
      conversationId: 'c1',
      turnId: 't1',
      outcome: 'held_back',
      decidedBy: 'check',
      decidedBecause: 'introduced_errors',
      heldBackErrors: 2,
      heldBackFailingTests: 0,
      decidedAt: NOW,
    });
    expect(rows.find((r) => r.approvalId === 'p1:held-tests')).toMatchObject({
      decidedBecause: 'newly_failing_tests',
      heldBackFailingTests: 3,
    });
    expect(rows.find((r) => r.approvalId === 'p1:clean-1')).toMatchObject({
      outcome: 'approved',
      decidedBy: 'mode',
      decidedBecause: 'clean_evidence',
    });
    expect(rows.find((r) => r.approvalId === 'p1:auto-edit')?.decidedBecause).toBeNull();
  });
});
