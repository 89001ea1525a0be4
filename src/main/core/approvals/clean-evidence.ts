// "Approve when the evidence is clean": a write whose complete evidence is in and clean is
// applied without asking. Clean means the errors were checked in every language the change
// touches and it introduces none, and the tests it affects (when a runner handles its files)
// ran and none newly fails, and the person's hooks on the proposed text (when any) passed.
// Anything else (an error, a failing test, a check that did not run
// or did not finish) is asked as before: the policy fails closed.
import { isCompleteEvidence, type ProposalEvidence } from '../../../shared/diagnostics';
import { settleWithin } from '../../../shared/settle-within';
import type { WriteCall } from './approval-port';

export const CLEAN_REASON =
  'the evidence was clean: no new errors, no newly failing tests, every check ran';

/** How long a write waits for its evidence to complete before it is asked anyway. */
export const CLEAN_WAIT_MS = 60_000;

export function isCleanEvidence(evidence: ProposalEvidence | undefined): boolean {
  if (!evidence || !isCompleteEvidence(evidence)) return false;
  if (evidence.state !== 'checked' || evidence.introduced.length > 0) return false;
  if (evidence.languages.some((language) => language.state !== 'checked')) return false;
  // A hook that asks for the person's look is never answered by the policy.
  const hooks = evidence.hooks;
  if (hooks && (hooks.state !== 'passed' || hooks.runs.some((r) => r.outcome === 'asked')))
    return false;
  return evidence.tests === undefined || evidence.tests.state === 'passed';
}

/** The call's evidence once complete (or as it is after CLEAN_WAIT_MS), and whether it is clean. */
export async function cleanEvidence(call: WriteCall, waitMs = CLEAN_WAIT_MS): Promise<boolean> {
  const first = call.evidence;
  if (!first) return false;
  if (isCompleteEvidence(first) || !call.lateEvidence) return isCleanEvidence(first);
  const settled = await settleWithin(call.lateEvidence, waitMs, () => first);
  return !call.signal.aborted && isCleanEvidence(settled);
}
