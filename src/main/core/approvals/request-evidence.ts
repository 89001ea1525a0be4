// A waiting file request's evidence as it completes: the buttons never wait for a check, so
// one that timed out completes the request later. The changed files' progress, then the late
// result, are shown: sent as `approval_evidence`, and carried by the waiting request, so a list
// made after it (a reloaded window) has it. Tests still running when the request was shown (past
// the deadline, or only their first stage in) have their late verdict kept with the edit's
// checkpoint, since the person may have decided without it.
import type { AgentEvent } from '../../../shared/agent-events';
import type { ProposalEvidence } from '../../../shared/diagnostics';
import type { CheckpointStore } from '../checkpoints/checkpoint-store';
import type { WriteCall } from './approval-port';
import type { ApprovalRegistry, WaitingTurn } from './approval-registry';

export interface RequestEvidenceDeps {
  readonly registry: ApprovalRegistry;
  /** The request's event stream (already guarded against a throwing listener). */
  readonly emit: (event: AgentEvent) => void;
  readonly checkpoints?: Pick<CheckpointStore, 'recordLateTests'> | undefined;
}

/** What a waiting file request holds that its evidence replaces. */
interface ShownRequest {
  readonly request: { readonly evidence?: ProposalEvidence | undefined };
}

export function followRequestEvidence(
  call: WriteCall,
  approvalId: string,
  shown: WaitingTurn,
  deps: RequestEvidenceDeps,
): void {
  const { conversationId, turnId } = shown;
  const show = (evidence: ProposalEvidence): void => {
    deps.registry.update<ShownRequest>(approvalId, (entry) => ({
      ...entry,
      request: { ...entry.request, evidence },
    }));
    deps.emit({ type: 'approval_evidence', conversationId, turnId, approvalId, evidence });
  };
  let final = false;
  call.onEvidenceProgress?.((evidence) => {
    if (!final) show(evidence);
  });
  void call.lateEvidence?.then((evidence) => {
    final = true;
    const late = evidence.tests;
    const shownState = call.evidence?.tests?.state;
    const unfinished = shownState === 'timed_out' || shownState === 'running';
    if (unfinished && late && late.state !== 'timed_out' && late.state !== 'running')
      deps.checkpoints?.recordLateTests(approvalId, late);
    show(evidence);
  });
}
