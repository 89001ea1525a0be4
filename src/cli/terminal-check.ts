// The terminal review's check of what a decision would write (some hunks, lines, the
// person's own text), through the project engine's selection checks.
import type { SelectionEvidence } from '../main/core/evidence/selection-evidence';
import { checkRequestDecision } from '../main/core/project/decision-checks';
import type { CheckDecision } from './terminal-prompt';

export function terminalCheck(selection: SelectionEvidence | undefined): CheckDecision {
  return async (request, decision, wait) => {
    const answer = await checkRequestDecision(selection, request, decision, wait);
    return answer.accepted
      ? { evidence: answer.evidence, complete: answer.complete }
      : { refused: answer.reason };
  };
}
