// The ApprovalBroker: consults the policy for each proposal and, when the
// answer is ask, keeps it pending in the project's approval registry until a decision arrives.
// A decision counts only for a pending id, once, and only with that proposal's hash; abort
// (the call's signal or abortAll) resolves pending approvals as rejected with source 'abort'.
// Several proposals may be pending at once; each is decided alone, or all approved together.
import type { AgentEvent } from '../../../shared/agent-events';
import type { ApprovalRequest, Decision, DecisionSource } from '../../../shared/approvals';
import { missingCase } from '../../../shared/missing-case';
import type { ApprovalAudit, AuditRecord } from '../store/approval-audit-records';
import type {
  AppliedChange,
  ApprovalPort,
  ApprovalResolution,
  HeldBackCounts,
  ToolCallApprovalPort,
  ToolCallProposal,
  ToolCallResolution,
  WriteCall,
} from './approval-port';
import { turnOrigin } from './approval-port';
import {
  requestEventFields,
  resolvedEvent,
  waitingTurn,
  type ApprovalRegistry,
} from './approval-registry';
import { gateBasics } from './gate-basics';
import { callListener } from './call-listener';
import { ToolCallApprovals, type PendingToolCall } from './tool-call-approvals';
import type { CheckpointStore } from '../checkpoints/checkpoint-store';
import { evaluatePolicy, type PolicyVerdict } from './policy';
import type { PolicyState } from '../../../shared/policy-rules';
import { sha256, type Proposal } from '../edits/proposal';
import { plainHunk } from '../edits/bounded-line-diff';
import { decidedText, resolutionFor } from './decision-resolution';
import { CLEAN_REASON, cleanEvidence } from './clean-evidence';
import { keepWrittenEvidence, type KeepEvidence } from './kept-evidence';
import { followRequestEvidence } from './request-evidence';
import { fileProposalEntry } from './file-proposal-audit';
import type { ProposalReading } from './proposal-reading';

export { MAX_EDITED_CHARS } from './decision-resolution';

export interface PendingApproval extends ApprovalRequest {
  readonly conversationId: string;
  readonly turnId: string;
}

export interface ApprovalBrokerDeps {
  /** Read fresh for every proposal, from the app DB: the project folder cannot loosen it. */
  readonly policy: () => PolicyState;
  /** Where approval events go when the request carries no emitter of its own (WriteCall.emit). */
  readonly emit?: ((event: AgentEvent) => void) | undefined;
  readonly audit?: ApprovalAudit | undefined;
  readonly checkpoints?: CheckpointStore | undefined;
  /** Keeps the evidence of exactly what each writing decision wrote, with its checkpoint. */
  readonly keepEvidence?: KeepEvidence | undefined;
  /** Told while each file proposal waits for the person (its likely selections are checked). */
  readonly reading?: (() => ProposalReading | undefined) | undefined;
  /** The project's one registry of waiting decisions (shared with the command gate). */
  readonly registry?: ApprovalRegistry;
  readonly newId?: () => string;
  readonly now?: () => number;
}

export interface DecisionInput {
  readonly approvalId: string;
  readonly proposalHash: string;
  readonly decision: Decision;
}

export type DecideResult = { accepted: true } | { accepted: false; reason: string };

/** A file proposal waiting in the registry: what lists show, and what a decision applies to. */
interface WaitingFile {
  readonly request: PendingApproval;
  readonly proposal: Proposal;
}

/** The proposal a decision is on, and the call that asked (its evidence). */
type DecidedOn = Pick<AppliedChange, 'proposal' | 'call'>;

/** How a file wait ended: the resolution, and what the audit records of it. */
interface FileSettled {
  readonly resolution: ApprovalResolution;
  readonly decision: Decision | null;
  readonly finalText: string | null;
  /** The evidence decided it: applied without asking because it was clean. */
  readonly because?: 'clean_evidence' | undefined;
}

export class ApprovalBroker implements ApprovalPort, ToolCallApprovalPort {
  /** Every waiting decision of the project: files here, MCP calls and commands beside them. */
  readonly registry: ApprovalRegistry;
  /** MCP tool calls waiting for the person. */
  private readonly toolCalls: ToolCallApprovals;
  private readonly newId: () => string;
  private readonly now: () => number;

  constructor(private readonly deps: ApprovalBrokerDeps) {
    ({ registry: this.registry, newId: this.newId, now: this.now } = gateBasics(deps));
    this.toolCalls = new ToolCallApprovals(this.newId, this.registry);
  }

  /** Approval events go into the calling turn's stream (the tool's ctx.emit), else deps.emit. */
  private emitterFor(call: WriteCall): (event: AgentEvent) => void {
    return call.emit ?? this.deps.emit ?? (() => undefined);
  }

  requestToolCall(proposal: ToolCallProposal, call: WriteCall): Promise<ToolCallResolution> {
    return this.toolCalls.request(proposal, call, this.emitterFor(call));
  }

  async request(proposal: Proposal, call: WriteCall): Promise<ApprovalResolution> {
    return this.requestWith(proposal, call, this.emitterFor(call));
  }

  private async requestWith(
    proposal: Proposal,
    call: WriteCall,
    unsafeEmit: (event: AgentEvent) => void,
  ): Promise<ApprovalResolution> {
    const emit = (event: AgentEvent): void => callListener(() => unsafeEmit(event));
    const { approvalId, verdict } = this.propose(proposal, call);
    switch (verdict.action) {
      case 'deny':
        return this.finishWithoutAsking(
          approvalId,
          { approvalId, outcome: 'denied', decidedBy: verdict.decidedBy, reason: verdict.reason },
          null,
          { proposal, call },
        );
      case 'allow':
        return this.finishWithoutAsking(
          approvalId,
          { approvalId, outcome: 'approved', decidedBy: verdict.decidedBy, reason: verdict.reason },
          proposal.after,
          { proposal, call },
        );
      case 'ask':
        if (verdict.unlessClean && (await cleanEvidence(call)))
          return this.finishWithoutAsking(
            approvalId,
            { approvalId, outcome: 'approved', decidedBy: 'mode', reason: CLEAN_REASON },
            proposal.after,
            { proposal, call },
            null,
            'clean_evidence',
          );
        return this.ask(approvalId, proposal, verdict, call, emit);
      default:
        return missingCase(verdict.action);
    }
  }

  wouldAsk(proposal: Proposal): boolean {
    return this.verdictOf(proposal).action === 'ask';
  }

  private verdictOf(proposal: Proposal): PolicyVerdict {
    const subject = { tool: proposal.tool, kind: 'write', path: proposal.path } as const;
    return evaluatePolicy(this.deps.policy(), subject);
  }

  /** The policy's verdict on a proposal, recorded in the audit under a new approval id. */
  private propose(
    proposal: Proposal,
    call: WriteCall,
  ): { approvalId: string; verdict: PolicyVerdict } {
    const verdict = this.verdictOf(proposal);
    const approvalId = this.newId();
    this.deps.audit?.recordProposal(
      fileProposalEntry(approvalId, proposal, call, verdict, this.now()),
    );
    return { approvalId, verdict };
  }

  /** A change the check sent back to the model unseen: its proposal, ended as held back. */
  heldBack(proposal: Proposal, call: WriteCall, held: HeldBackCounts): void {
    const { approvalId } = this.propose(proposal, call);
    this.registry.decidedWithoutAsking(approvalId);
    this.deps.audit?.recordHeldBack?.({ approvalId, ...held, heldAt: this.now() });
  }

  /**
   * A proposal the person decided before it reached the gate (a change set's review): deny
   * rules and the mode still refuse it and the audit records the person's decision, but
   * nothing waits and no request is shown (no simulated approval).
   */
  requestDecided(proposal: Proposal, call: WriteCall, decision: Decision): ApprovalResolution {
    const { approvalId, verdict } = this.propose(proposal, call);
    const on: DecidedOn = { proposal, call };
    if (verdict.action === 'deny')
      return this.finishWithoutAsking(
        approvalId,
        { approvalId, outcome: 'denied', decidedBy: verdict.decidedBy, reason: verdict.reason },
        null,
        on,
      );
    const built = resolutionFor(proposal, approvalId, decision, 'person');
    if ('refused' in built)
      return this.finishWithoutAsking(
        approvalId,
        { approvalId, outcome: 'rejected', decidedBy: 'person', reason: built.refused },
        null,
        on,
        decision,
      );
    return this.finishWithoutAsking(approvalId, built.resolution, built.finalText, on, decision);
  }

  private finishWithoutAsking(
    approvalId: string,
    resolution: ApprovalResolution,
    finalText: string | null,
    on: DecidedOn,
    decision: Decision | null = null,
    because?: 'clean_evidence',
  ): ApprovalResolution {
    this.registry.decidedWithoutAsking(approvalId);
    this.recordDecision(approvalId, { resolution, decision, finalText, because }, on);
    return resolution;
  }

  /** The audit's record of how a proposal ended (the hash of what it wrote), and its evidence. */
  private recordDecision(approvalId: string, settled: FileSettled, on: DecidedOn): void {
    const { resolution, decision, finalText, because } = settled;
    this.deps.audit?.recordDecision({
      approvalId,
      outcome: resolution.outcome,
      decidedBy: resolution.decidedBy,
      decision,
      finalHash: finalText === null ? null : sha256(finalText),
      decidedAt: this.now(),
      because,
    });
    keepWrittenEvidence(this.deps.keepEvidence, on.proposal, resolution, on.call);
  }

  private ask(
    approvalId: string,
    proposal: Proposal,
    verdict: PolicyVerdict,
    call: WriteCall,
    emit: (event: AgentEvent) => void,
  ): Promise<ApprovalResolution> {
    const request: PendingApproval = {
      approvalId,
      proposalHash: proposal.proposalHash,
      tool: proposal.tool,
      path: proposal.path,
      isNewFile: proposal.isNewFile,
      before: proposal.before,
      after: proposal.after,
      unifiedDiff: proposal.unifiedDiff,
      hunks: proposal.hunks.map(plainHunk),
      description: proposal.description,
      reason: verdict.reason,
      protectedPath: verdict.protectedPath,
      coarseDiff: proposal.coarseDiff,
      ...(call.evidence ? { evidence: call.evidence } : {}),
      ...waitingTurn(call),
    };
    const settled = this.registry.wait<WaitingFile, FileSettled>({
      kind: 'file',
      approvalId,
      hash: proposal.proposalHash,
      request: { request, proposal },
      signal: call.signal,
      aborted: (reason) => ({
        resolution: { approvalId, outcome: 'rejected', decidedBy: 'abort', reason },
        decision: null,
        finalText: null,
      }),
      onSettled: (settled) => {
        this.deps.reading?.()?.ended(approvalId);
        this.recordDecision(approvalId, settled, { proposal, call });
        emit(resolvedEvent(request, approvalId, settled.resolution));
      },
      announce: () => {
        emit({ type: 'approval_request', ...requestEventFields(request, call.toolUseId) });
        followRequestEvidence(call, approvalId, request, {
          registry: this.registry,
          emit,
          checkpoints: this.deps.checkpoints,
        });
        this.deps.reading?.()?.waiting(approvalId, proposal, call.evidence);
      },
    });
    return settled.then(({ resolution }) => resolution);
  }

  /** A person's (or `--yes`'s) decision. Refused unless pending, first, and bound to the hash. */
  decide(input: DecisionInput, decidedBy: DecisionSource = 'person'): DecideResult {
    if (this.registry.kindOf(input.approvalId) === 'mcp')
      return this.toolCalls.decide(input.approvalId, input.proposalHash, input.decision, decidedBy);
    const found = this.registry.lookup<WaitingFile>('file', input.approvalId, input.proposalHash);
    if ('refused' in found) return { accepted: false, reason: found.refused };
    const { proposal } = found.request;
    const built = resolutionFor(proposal, input.approvalId, input.decision, decidedBy);
    if ('refused' in built) return { accepted: false, reason: built.refused };
    const settled: FileSettled = {
      resolution: built.resolution,
      decision: input.decision,
      finalText: built.finalText,
    };
    this.registry.settle(input.approvalId, settled);
    return { accepted: true };
  }

  /**
   * What a decision on a waiting proposal would write, without deciding: for checking a
   * selection or an edited text before the person commits to it. Refused as `decide` is.
   */
  decidedTextOf(input: DecisionInput): { proposal: Proposal; text: string } | { refused: string } {
    const found = this.registry.lookup<WaitingFile>('file', input.approvalId, input.proposalHash);
    if ('refused' in found) return found;
    const { proposal } = found.request;
    const built = resolutionFor(proposal, input.approvalId, input.decision, 'person');
    if ('refused' in built) return built;
    const { resolution } = built;
    if (resolution.outcome === 'rejected' || resolution.outcome === 'denied')
      return { refused: 'a rejection writes nothing, so there is nothing to check.' };
    return { proposal, text: decidedText(proposal, resolution) };
  }

  /** Approves every pending approval (of one conversation when given). Returns how many. */
  approveAll(conversationId?: string, decidedBy: DecisionSource = 'person'): number {
    let count = 0;
    for (const entry of this.registry.pending<WaitingFile>('file')) {
      if (conversationId !== undefined && entry.request.conversationId !== conversationId) continue;
      const id = entry.request.approvalId;
      const result = this.decide(
        {
          approvalId: id,
          proposalHash: entry.proposal.proposalHash,
          decision: { type: 'approve' },
        },
        decidedBy,
      );
      if (result.accepted) count += 1;
    }
    return count;
  }

  /** Rejects every pending approval as aborted (shutdown, project closed). */
  abortAll(reason = 'Sluice stopped waiting for this approval'): number {
    const calls = this.toolCalls.abortAll(reason);
    const files = this.registry.abortAll(['file'], (approvalId): FileSettled => ({
      resolution: { approvalId, outcome: 'rejected', decidedBy: 'abort', reason },
      decision: null,
      finalText: null,
    }));
    return files + calls;
  }

  /** The audit trail, if the injected audit can be read back. */
  auditTrail(conversationId?: string): AuditRecord[] {
    const audit = this.deps.audit;
    if (!audit?.list) throw new Error('This session keeps no readable approval audit trail.');
    return audit.list({ conversationId });
  }

  pending(): PendingApproval[] {
    return this.registry.pending<WaitingFile>('file').map((entry) => entry.request);
  }

  /** MCP tool calls waiting for the person, oldest first. */
  pendingToolCalls(): PendingToolCall[] {
    return this.toolCalls.list();
  }

  applied(change: AppliedChange): string | undefined {
    const checkpointId = this.deps.checkpoints?.record({
      approvalId: change.approvalId,
      ...turnOrigin(change.call),
      path: change.proposal.path,
      beforeBytes: change.beforeBytes,
      afterBytes: change.afterBytes,
      mode: change.mode,
    });
    this.deps.audit?.recordApplication(change.approvalId, {
      applied: true,
      checkpointId: checkpointId ?? null,
    });
    return checkpointId;
  }

  failed(approvalId: string, reason: string): void {
    this.deps.audit?.recordApplication(approvalId, { applied: false, reason });
  }
}
