// The plan gate (plan mode): the model's plan waits in the project's approval registry beside
// file writes, commands and MCP calls, as kind 'plan' — listed while it waits, decided once,
// aborted with its turn or when the project closes. The person approves it into a mode (ask or
// auto-edit), approves their own text of it, or rejects it with feedback. An approval switches
// the mode before the tool call returns, so the turn's next write is judged in the new mode.
// Each plan and its decision is recorded with its conversation, so a reload shows them.
import type { AgentEvent } from '../../../shared/agent-events';
import type { ApprovalMode, DecisionSource } from '../../../shared/approvals';
import { missingCase } from '../../../shared/missing-case';
import type { Plan, PlanDecision, PlanGoOnMode } from '../../../shared/plans';
import type { PlanDecided, PlanRepository } from '../store/plan-repository';
import type { WriteCall } from './approval-port';
import { waitingTurn, type ApprovalRegistry } from './approval-registry';
import { callListener } from './call-listener';
import { gateBasics } from './gate-basics';

/** The call that submitted the plan: its turn, its step and the turn's event stream. */
export type PlanCall = Pick<
  WriteCall,
  'signal' | 'conversationId' | 'turnId' | 'toolUseId' | 'emit'
>;

interface Decided {
  readonly approvalId: string;
  readonly decidedBy: DecisionSource;
}

/** How the person answered a plan (or why nobody did). */
export type PlanResolution =
  | (Decided & { readonly outcome: 'approved'; readonly mode: PlanGoOnMode })
  | (Decided & { readonly outcome: 'edited'; readonly mode: PlanGoOnMode; readonly text: string })
  | (Decided & { readonly outcome: 'rejected'; readonly feedback?: string | undefined })
  | (Decided & { readonly outcome: 'aborted'; readonly reason: string });

/** What submit_plan asks through (ToolContext.plans). */
export interface PlanPort {
  /** The mode in force now: a plan is only asked for in plan mode. */
  mode(): ApprovalMode;
  /** Shows the plan and waits for the person's answer. Never throws. */
  requestPlan(plan: Plan, call: PlanCall): Promise<PlanResolution>;
}

/** A plan waiting for the person, with the turn and step it waits in. */
export interface PendingPlan {
  readonly approvalId: string;
  readonly conversationId: string;
  readonly turnId: string;
  readonly toolUseId: string;
  readonly plan: Plan;
}

export type PlanDecideResult = { accepted: true } | { accepted: false; reason: string };

export interface PlanGateDeps {
  /** The mode in force (the run's, else the project's stored one). */
  readonly mode: () => ApprovalMode;
  /** Switches to the mode an approved plan goes on in (the run's, or the stored one). */
  readonly goOn: (mode: PlanGoOnMode) => void;
  /** The project's one registry of waiting decisions. */
  readonly registry?: ApprovalRegistry;
  /** Where plan events go when the call carries no emitter of its own. */
  readonly emit?: ((event: AgentEvent) => void) | undefined;
  /** Keeps each plan and its decision with its conversation; absent: kept nowhere. */
  readonly records?: PlanRepository | undefined;
  readonly newId?: () => string;
}

export class PlanGate implements PlanPort {
  private readonly registry: ApprovalRegistry;
  private readonly newId: () => string;

  constructor(private readonly deps: PlanGateDeps) {
    ({ registry: this.registry, newId: this.newId } = gateBasics(deps));
  }

  mode(): ApprovalMode {
    return this.deps.mode();
  }

  requestPlan(plan: Plan, call: PlanCall): Promise<PlanResolution> {
    const approvalId = this.newId();
    const request: PendingPlan = {
      approvalId,
      ...waitingTurn(call),
      toolUseId: call.toolUseId ?? '',
      plan,
    };
    const unsafeEmit = call.emit ?? this.deps.emit ?? (() => undefined);
    const emit = (event: AgentEvent): void => callListener(() => unsafeEmit(event));
    // Kept only for a plan of a conversation; a failed record never stops the question.
    if (request.conversationId) callListener(() => this.deps.records?.requested(request));
    return this.registry.wait<PendingPlan, PlanResolution>({
      kind: 'plan',
      approvalId,
      // A plan never changes once shown: its id is all a decision needs to name.
      hash: approvalId,
      request,
      signal: call.signal,
      aborted: (reason) => ({ approvalId, outcome: 'aborted', decidedBy: 'abort', reason }),
      onSettled: (resolution) => {
        const decided = decidedRecord(resolution);
        if (request.conversationId)
          callListener(() => this.deps.records?.decided(approvalId, decided));
        emit({
          type: 'plan_resolved',
          conversationId: request.conversationId,
          turnId: request.turnId,
          approvalId,
          outcome: decided.outcome,
          decidedBy: decided.decidedBy,
          ...(decided.mode ? { mode: decided.mode } : {}),
          ...(decided.editedText !== undefined ? { editedText: decided.editedText } : {}),
          ...(decided.feedback !== undefined ? { feedback: decided.feedback } : {}),
        });
      },
      announce: () =>
        emit({
          type: 'plan_request',
          conversationId: request.conversationId,
          turnId: request.turnId,
          toolUseId: request.toolUseId,
          approvalId,
          plan,
        }),
    });
  }

  /**
   * The person's answer (or, with `decidedBy` 'mode', the shell's when nobody can be asked).
   * Counts once, for a waiting plan; an approval switches the mode first.
   */
  decide(
    input: { readonly approvalId: string; readonly decision: PlanDecision },
    decidedBy: DecisionSource = 'person',
  ): PlanDecideResult {
    const { approvalId, decision } = input;
    const found = this.registry.lookup<PendingPlan>('plan', approvalId, approvalId);
    if ('refused' in found) return { accepted: false, reason: found.refused };
    let resolution: PlanResolution;
    switch (decision.type) {
      case 'approve':
        resolution = { approvalId, decidedBy, outcome: 'approved', mode: decision.mode };
        break;
      case 'edit':
        resolution = {
          approvalId,
          decidedBy,
          outcome: 'edited',
          mode: decision.mode,
          text: decision.text,
        };
        break;
      case 'reject':
        resolution = {
          approvalId,
          decidedBy,
          outcome: 'rejected',
          ...(decision.feedback?.trim() ? { feedback: decision.feedback.trim() } : {}),
        };
        break;
      default:
        return missingCase(decision);
    }
    if (decision.type !== 'reject') {
      try {
        this.deps.goOn(decision.mode);
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        return { accepted: false, reason: `the mode could not be switched: ${why}` };
      }
    }
    this.registry.settle(approvalId, resolution);
    return { accepted: true };
  }

  /** The plans still waiting, oldest first. */
  pending(): PendingPlan[] {
    return this.registry.pending<PendingPlan>('plan');
  }

  /** Ends every waiting plan as aborted (the project closed). */
  abortAll(reason: string): number {
    return this.registry.abortAll(['plan'], (approvalId): PlanResolution => ({
      approvalId,
      outcome: 'aborted',
      decidedBy: 'abort',
      reason,
    }));
  }
}

/** What the record and the resolved event keep of a resolution. */
function decidedRecord(resolution: PlanResolution): PlanDecided {
  switch (resolution.outcome) {
    case 'approved':
      return { outcome: 'approved', decidedBy: resolution.decidedBy, mode: resolution.mode };
    case 'edited':
      return {
        outcome: 'edited',
        decidedBy: resolution.decidedBy,
        mode: resolution.mode,
        editedText: resolution.text,
      };
    case 'rejected':
      return {
        outcome: 'rejected',
        decidedBy: resolution.decidedBy,
        ...(resolution.feedback !== undefined ? { feedback: resolution.feedback } : {}),
      };
    case 'aborted':
      return { outcome: 'aborted', decidedBy: 'abort', feedback: resolution.reason };
    default:
      return missingCase(resolution);
  }
}
