// approvals.auditSummary through the app's services: a live turn whose first edit the check
// holds back and whose second the person approves is counted as one of each.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import type { AuditSummary } from '../../../../src/shared/audit-summary';
import { reply, toolUse } from '../../../support/fake-anthropic-server';
import {
  startAppServicesHarness,
  waitFor,
  type AppServicesHarness,
} from '../../../support/app-services-harness';
import { brokenWhenMarked, createFakeDiagnostics } from '../../../support/fake-diagnostics';

let harness: AppServicesHarness;

beforeEach(async () => {
  harness = await startAppServicesHarness({
    prefix: 'sluice-audit-summary-',
    files: { 'main.ts': 'export const a = 1;\n' },
    createDiagnostics: () => createFakeDiagnostics(brokenWhenMarked),
  });
});
afterEach(() => harness.close());

const agentEvents = (): AgentEvent[] =>
  harness.events.filter((e) => e.event === 'agent').map((e) => e.payload as AgentEvent);

describe('approvals.auditSummary', () => {
  it('auditSummary - a held-back edit and the asked one after it are each counted', async () => {
    const breakIt = () =>
      toolUse('edit_file', { path: 'main.ts', edits: [{ old_text: '= 1', new_text: '= BROKEN' }] });
    harness.server.enqueue(reply([breakIt()]), reply([breakIt()]), reply('done'));
    await harness.call('agent.send', { text: 'break it' });
    await waitFor(() => agentEvents().some((e) => e.type === 'approval_request'), 'the request');
    const request = agentEvents().find((e) => e.type === 'approval_request');
    if (request?.type !== 'approval_request') throw new Error('no approval_request');
    await harness.call('approvals.decide', {
      approvalId: request.request.approvalId,
      proposalHash: request.request.proposalHash,
      decision: { type: 'reject', reason: 'not like this' },
    });
    await waitFor(() => agentEvents().some((e) => e.type === 'turn_end'), 'the turn');
    const summary = await harness.call<AuditSummary>('approvals.auditSummary', { sinceDays: 30 });
    expect(summary).toEqual({
      sinceDays: 30,
      files: { asked: 1, appliedClean: 0, heldBack: 1, rejected: 1, appliedUnasked: 0, denied: 0 },
      commands: { asked: 0, rejected: 0, ranUnasked: 0, denied: 0 },
    });
    await expect(harness.call('approvals.auditSummary', { sinceDays: 0 })).rejects.toThrow();
  });
});
