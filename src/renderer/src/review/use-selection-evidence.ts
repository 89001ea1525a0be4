// The evidence of exactly what the primary button would write. With every line ticked and the
// text not edited, that is the proposal's own evidence; otherwise main checks the selection
// (or the person's text) and answers in two steps: what is known within a glance, then the
// rest. A newer selection makes the older answers stale; they are dropped here, and main
// cancels the older check.
import { useEffect, useState } from 'react';
import type { ApprovalRequest, Decision } from '../../../shared/approvals';
import { isCompleteEvidence, type ProposalEvidence } from '../../../shared/diagnostics';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';

export interface SelectionEvidenceState {
  /** Null: nothing checks this project, or the check could not run (see `error`). */
  readonly evidence: ProposalEvidence | null;
  /** Every part is in (or nothing more will come). */
  readonly complete: boolean;
  readonly error: string | null;
}

/** How long ticks must rest before the selection is checked. */
const SETTLE_MS = 150;

export function useSelectionEvidence(
  request: ApprovalRequest,
  /** The decision the primary button would send; null: the proposal as shown. */
  decision: Decision | null,
): SelectionEvidenceState {
  const client = useClient();
  const key = decision ? JSON.stringify(decision) : null;
  const [state, setState] = useState<SelectionEvidenceState>({
    evidence: null,
    complete: false,
    error: null,
  });
  useEffect(() => {
    if (!key) return undefined;
    let stale = false;
    setState({ evidence: null, complete: false, error: null });
    const ask = async (wait: 'first' | 'complete'): Promise<void> => {
      const answer = await client.approvals.checkDecision({
        approvalId: request.approvalId,
        proposalHash: request.proposalHash,
        decision: JSON.parse(key) as Decision,
        wait,
      });
      if (stale) return;
      if (!answer.accepted) {
        setState({ evidence: null, complete: true, error: answer.reason ?? 'not checked' });
        return;
      }
      const complete = answer.complete ?? true;
      setState({ evidence: answer.evidence ?? null, complete, error: null });
      if (!complete) await ask('complete');
    };
    const timer = setTimeout(() => {
      ask('first').catch((error: unknown) => {
        if (!stale) setState({ evidence: null, complete: true, error: errorMessage(error) });
      });
    }, SETTLE_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [client, key, request.approvalId, request.proposalHash]);
  if (!key)
    return {
      evidence: request.evidence ?? null,
      complete: request.evidence ? isCompleteEvidence(request.evidence) : true,
      error: null,
    };
  return state;
}
