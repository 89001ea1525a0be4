// What the model reads of the checks when the person wrote something other than the proposal
// as shown (the hunks they kept, their own text): the evidence of exactly that text, as the
// keeper of written evidence checks it (evidence/evidence-keeper.ts reuses the review's check
// of the same text), never the whole proposal's. Told through the call's onWrittenEvidence;
// waited for briefly (a review usually checked that text before the decision); what is not in
// by then is said to be unchecked, with no claim from the proposal's own check.
import type { ProposalEvidence } from '../../../shared/diagnostics';
import { evidenceResultLine } from '../evidence/error-words';
import { hooksResultLine } from '../evidence/hook-words';
import { testsResultLine } from '../evidence/test-words';
import { untilOr } from './until-or';

/** How long the model's result waits for a written text's check that is not in yet. */
export const WRITTEN_EVIDENCE_WAIT_MS = 5_000;

/** What was written instead of the proposal as shown. */
export type WrittenKind = 'selection' | 'edited';

export interface WrittenEvidenceWatch {
  /** Given to the call: the keeper tells each update, or null when it cannot check. */
  readonly listener: (evidence: ProposalEvidence | null, complete: boolean) => void;
  /** Waits for the complete evidence (at most `ms`, never past an abort); the lines to add. */
  lines(kind: WrittenKind, ms: number, signal: AbortSignal): Promise<string[]>;
}

export function watchWrittenEvidence(): WrittenEvidenceWatch {
  let latest: ProposalEvidence | null = null;
  let ended = false;
  let wake: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    wake = resolve;
  });
  return {
    listener(evidence, complete) {
      if (ended) return;
      if (evidence) latest = evidence;
      if (!evidence || complete) {
        ended = true;
        wake();
      }
    },
    async lines(kind, ms, signal) {
      if (!ended) await untilOr(done, ms, signal);
      const evidence = latest;
      const what =
        kind === 'selection' ? 'the part of the change the person kept' : "the person's version";
      if (!evidence)
        return [
          `What was written (${what}) was not checked before this reply; the checks of the whole proposal do not apply to it.`,
        ];
      return [
        `The checks below are of what was written (${what}), not of the whole proposal.`,
        evidenceResultLine(evidence),
        ...(evidence.tests ? [testsResultLine(evidence.tests, 'written')] : []),
        ...(evidence.hooks ? [hooksResultLine(evidence.hooks, 'written')] : []),
      ];
    },
  };
}
