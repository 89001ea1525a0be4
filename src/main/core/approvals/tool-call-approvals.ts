// MCP tool calls waiting for the person, in the project's approval registry
// beside the file proposals: a call is approved or rejected whole, a decision counts once,
// for a pending id, bound to the hash of (tool, definition hash, arguments); an aborted turn
// rejects its pending calls. `list()` shows what still waits, so a reloaded window shows the
// review again.
import { createHash } from 'node:crypto';
import type { AgentEvent } from '../../../shared/agent-events';
import type { Decision, DecisionSource, ToolCallApprovalRequest } from '../../../shared/approvals';
import { canonicalJson } from '../../../shared/canonical-json';
import type { ToolCallProposal, ToolCallResolution, WriteCall } from './approval-port';
import {
  requestEventFields,
  resolvedEvent,
  waitingTurn,
  type ApprovalRegistry,
} from './approval-registry';
import { callListener } from './call-listener';

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

export type ToolCallDecideResult = { accepted: true } | { accepted: false; reason: string };

export class ToolCallApprovals {
  constructor(
    private readonly newId: () => string,
    private readonly registry: ApprovalRegistry,
  ) {}

  request(
    proposal: ToolCallProposal,
    call: WriteCall,
    emit: (event: AgentEvent) => void,
  ): Promise<ToolCallResolution> {
    const approvalId = this.newId();
    const hash = toolCallHash(proposal);
    let shown: string;
    try {
      shown = JSON.stringify(proposal.arguments ?? {}, null, 2);
    } catch {
      shown = String(proposal.arguments);
    }
    const request: PendingToolCall = {
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
      ...waitingTurn(call),
    };
    return this.registry.wait<PendingToolCall, ToolCallResolution>({
      kind: 'mcp',
      approvalId,
      hash,
      request,
      signal: call.signal,
      aborted: (reason) => ({ approvalId, outcome: 'rejected', decidedBy: 'abort', reason }),
      onSettled: (resolution) =>
        callListener(() => emit(resolvedEvent(request, approvalId, resolution))),
      announce: () =>
        emit({
          type: 'tool_call_approval_request',
          ...requestEventFields(request, call.toolUseId),
        }),
    });
  }

  decide(
    approvalId: string,
    proposalHash: string,
    decision: Decision,
    decidedBy: DecisionSource,
  ): ToolCallDecideResult {
    const found = this.registry.lookup<PendingToolCall>('mcp', approvalId, proposalHash);
    if ('refused' in found) return { accepted: false, reason: found.refused };
    let resolution: ToolCallResolution;
    if (decision.type === 'approve') resolution = { approvalId, outcome: 'approved', decidedBy };
    else if (decision.type === 'reject')
      resolution = { approvalId, outcome: 'rejected', decidedBy, reason: decision.reason };
    else
      return {
        accepted: false,
        reason: 'an MCP tool call is approved or rejected whole; it has no hunks to pick or edit.',
      };
    this.registry.settle(approvalId, resolution);
    return { accepted: true };
  }

  /** The calls still waiting, oldest first. */
  list(): PendingToolCall[] {
    return this.registry.pending<PendingToolCall>('mcp');
  }

  abortAll(reason: string): number {
    return this.registry.abortAll(['mcp'], (approvalId): ToolCallResolution => ({
      approvalId,
      outcome: 'rejected',
      decidedBy: 'abort',
      reason,
    }));
  }
}
