// What the person decided about a step, read back from what Claude was told of it. A step keeps
// no decision of its own (live, or reloaded from history: both keep its status and result), and
// main's results say it in fixed words: a write the person kept in part begins "Partly applied to
// <path>: the person approved <selectors> and rejected <selectors>", one written as the person
// edited it "The person edited your proposal for <path>", and every tool's refusal begins "The
// person rejected" exactly when the person chose it, never for a rule, a mode or an abort
// (src/main/core/edits/result-message.ts, tools/command-refusal.ts, tools/submit-plan.ts,
// mcp-client/mcp-tool.ts). tests/shared/step-decision.test.ts reads main's own words, so a
// change of them fails there rather than quietly here.
import { approvalRequestSchema } from './approvals';
import { missingCase } from './missing-case';

export type PersonDecision =
  | { readonly kind: 'rejected' }
  | { readonly kind: 'edited' }
  | {
      readonly kind: 'kept-part';
      /** Hunks written whole. */
      readonly whole: number;
      /** Hunks written in part (some of their changes or lines). */
      readonly inPart: number;
      /** Every hunk of the proposal. */
      readonly hunks: number;
    };

interface FinishedStep {
  readonly name: string;
  readonly status: string;
  readonly result: string;
}

/** `h2` a whole hunk, `h2.1` one of its changes, `h2@5` one of its lines. */
const SELECTOR = String.raw`h\d+(?:[.@]\d+)?`;
const SELECTORS = `(?:hunks? )?(${SELECTOR}(?:, ${SELECTOR})*)`;
const KEPT_PART = new RegExp(
  `^Partly applied to .+?: the person approved ${SELECTORS} and rejected ${SELECTORS} \\(`,
  'u',
);
const EDITED = 'The person edited your proposal for ';
const REJECTED = 'The person rejected ';

function isWriteTool(name: string): boolean {
  return approvalRequestSchema.shape.tool.safeParse(name).success;
}

function hunkOf(selector: string): string {
  return /^h\d+/u.exec(selector)?.[0] ?? selector;
}

function keptPart(approvedText: string, rejectedText: string): PersonDecision {
  const approved = approvedText.split(', ');
  const rejected = rejectedText.split(', ');
  const whole = approved.filter((selector) => /^h\d+$/u.test(selector)).length;
  const touched = new Set(approved.map(hunkOf)).size;
  const hunks = new Set([...approved, ...rejected].map(hunkOf)).size;
  return { kind: 'kept-part', whole, inPart: touched - whole, hunks };
}

/** The person's own decision about the step, or null when the step says none. */
export function personDecision(step: FinishedStep): PersonDecision | null {
  if (step.status === 'rejected')
    return step.result.startsWith(REJECTED) ? { kind: 'rejected' } : null;
  if (step.status !== 'ok' || !isWriteTool(step.name)) return null;
  if (step.result.startsWith(EDITED)) return { kind: 'edited' };
  const kept = KEPT_PART.exec(step.result);
  return kept?.[1] && kept[2] ? keptPart(kept[1], kept[2]) : null;
}

function keptPartWords(decision: Extract<PersonDecision, { kind: 'kept-part' }>): string {
  const { whole, inPart, hunks } = decision;
  const all = `${hunks} hunk${hunks === 1 ? '' : 's'}`;
  if (inPart === 0) return `applied ${whole} of ${all}`;
  if (whole > 0) return `applied ${whole} of ${all} and part of ${inPart} more`;
  return hunks === 1 ? 'applied part of the change' : `applied part of ${inPart} of ${all}`;
}

/** The step's status in words: "applied 2 of 3 hunks", "applied your edited version". */
export function personDecisionWords(decision: PersonDecision): string {
  switch (decision.kind) {
    case 'rejected':
      return 'you rejected it';
    case 'edited':
      return 'applied your edited version';
    case 'kept-part':
      return keptPartWords(decision);
    default:
      return missingCase(decision);
  }
}
