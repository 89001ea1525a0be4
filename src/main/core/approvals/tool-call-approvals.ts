// Pending MCP tool calls (issue 14 item 2), kept beside the broker's file proposals: a call
// is approved or rejected whole, a decision counts once, for a pending id, bound to the hash
// of (tool, definition hash, arguments); an aborted turn rejects its pending calls. `pending()`
// lists what still waits, so a reloaded window shows the review again.
import { createHash } from 'node:crypto';
import type { AgentEvent } from '../../../shared/agent-events';
import type { Decision, DecisionSource, ToolCallApprovalRequest } from '../../../shared/approvals';
import { canonicalJson } from '../../../shared/canonical-json';
import type { ToolCallProposal, ToolCallResolution, WriteCall } from './approval-port';

export function toolCallHash(
  proposal: Pick<ToolCallProposal, 'tool' | 'definitionHash' | 'arguments'>,
): string {
  return createHash('sha256')
    .update(canonicalJson([proposal.tool, proposal.definitionHash, proposal.arguments ?? null]))
    .digest('hex');
}

/** A call waiting for the person, as its request event showed it, with its turn. */
export interface PendingToolCall extends ToolCallApprovalRequest {
  readonly conversationId: string;
  readonly turnId: string;
}

interface Entry {
  readonly hash: string;
  readonly request: PendingToolCall;
  readonly settle: (resolution: ToolCallResolution) => void;
}

export type ToolCallDecideResult = { accepted: true } | { accepted: false; reason: string };

export class ToolCallApprovals {
  private readonly pending = new Map<string, Entry>();

  constructor(private readonly newId: () => string) {}

  has(approvalId: string): boolean {
    return this.pending.has(approvalId);
  }

  request(
    proposal: ToolCallProposal,
    call: WriteCall,
    emit: (event: AgentEvent) => void,
  ): Promise<ToolCallResolution> {
    const approvalId = this.newId();
    const hash = toolCallHash(proposal);
    const conversationId = call.conversationId ?? '';
    const turnId = call.turnId ?? '';
    let shown: string;
    try {
      shown = JSON.stringify(proposal.arguments ?? {}, null, 2);
    } catch {
      shown = String(proposal.arguments);
    }
    const request: ToolCallApprovalRequest = {
      approvalId,
      proposalHash: hash,
      kind: 'mcp_call',
      tool: proposal.tool,
      server: proposal.server,
      serverTool: proposal.serverTool,
      arguments: shown,
      description: proposal.description,
      annotations: { ...proposal.annotations },
      reason: proposal.reason,
    };
    return new Promise((resolve) => {
      const onAbort = (): void =>
        this.settle(approvalId, {
          approvalId,
          outcome: 'rejected',
          decidedBy: 'abort',
          reason: 'the turn was aborted',
        });
      this.pending.set(approvalId, {
        hash,
        request: { ...request, conversationId, turnId },
        settle: (resolution) => {
          call.signal.removeEventListener('abort', onAbort);
          try {
            emit({
              type: 'approval_resolved',
              conversationId,
              turnId,
              approvalId,
              outcome: resolution.decidedBy === 'abort' ? 'aborted' : resolution.outcome,
              decidedBy: resolution.decidedBy,
            });
          } catch {
            // A listener that throws does not keep the call pending.
          }
          resolve(resolution);
        },
      });
      if (call.signal.aborted) return onAbort();
      call.signal.addEventListener('abort', onAbort, { once: true });
      try {
        emit({
          type: 'tool_call_approval_request',
          conversationId,
          turnId,
          ...(call.toolUseId ? { toolUseId: call.toolUseId } : {}),
          request,
        });
      } catch {
        // The request stays pending; the person can still decide through pending lists.
      }
    });
  }

  decide(
    approvalId: string,
    proposalHash: string,
    decision: Decision,
    decidedBy: DecisionSource,
  ): ToolCallDecideResult {
    const entry = this.pending.get(approvalId);
    if (!entry) return { accepted: false, reason: `no pending tool call has id ${approvalId}.` };
    if (entry.hash !== proposalHash)
      return {
        accepted: false,
        reason: 'the decision is for a different call (hash mismatch): review the current one.',
      };
    if (decision.type === 'approve')
      this.settle(approvalId, { approvalId, outcome: 'approved', decidedBy });
    else if (decision.type === 'reject')
      this.settle(approvalId, {
        approvalId,
        outcome: 'rejected',
        decidedBy,
        reason: decision.reason,
      });
    else
      return {
        accepted: false,
        reason: 'an MCP tool call is approved or rejected whole; it has no hunks to pick or edit.',
      };
    return { accepted: true };
  }

  /** The calls still waiting, oldest first. */
  list(): PendingToolCall[] {
    return [...this.pending.values()].map((entry) => entry.request);
  }

  abortAll(reason: string): number {
    const ids = [...this.pending.keys()];
    for (const approvalId of ids)
      this.settle(approvalId, { approvalId, outcome: 'rejected', decidedBy: 'abort', reason });
    return ids.length;
  }

  private settle(approvalId: string, resolution: ToolCallResolution): void {
    const entry = this.pending.get(approvalId);
    if (!entry) return;
    this.pending.delete(approvalId);
    entry.settle(resolution);
  }
}
