// Before Sluice writes anything other than the proposal as shown (the hunks, changes or lines
// kept, the person's own text): the diff of exactly that against the file, its evidence, and
// one more question. A check that finishes while the question waits is said under it, and
// the question is asked again.
import type { ApprovalRequest, Decision } from '../shared/approvals';
import { computeLineDiff, formatUnifiedDiff } from '../main/core/edits/bounded-line-diff';
import { renderDiffLines } from './diff-lines';
import { renderEvidence } from './evidence-lines';
import {
  CLOSED_REASON,
  MAX_TRIES,
  type Choice,
  type DecisionCheck,
  type PromptKit,
} from './terminal-prompt';
import { outsideLine } from './terminal-safe-text';
import type { TerminalAnswer } from './terminal-answers';

/** `back`: the person wants the change's first question again. */
export type KeptAnswer = TerminalAnswer | 'back';

export interface KeptReviewOptions {
  /** "the 1 of 2 hunks you kept", "your version". */
  readonly what: string;
  /** The reason to send with a rejection the person already gave (per hunk). */
  readonly reasons?: string | undefined;
  /** How a rejection's reason question reads (who reads the reason). */
  readonly reasonQuestion: string;
}

export async function reviewKept(
  request: ApprovalRequest,
  decision: Decision,
  text: string,
  kit: PromptKit,
  options: KeptReviewOptions,
): Promise<KeptAnswer> {
  const { c, out } = kit;
  const diff = computeLineDiff(request.before, text);
  out(`\n${c.bold(`What would be written: ${options.what}`)}\n`);
  out(
    diff.hunks.length
      ? `${renderDiffLines(formatUnifiedDiff(outsideLine(request.path), request.isNewFile, diff.hunks).replace(/\n$/u, '').split('\n'), kit.color)}\n`
      : `${c.dim('(nothing: the file would stay as it is)')}\n`,
  );
  let answered = false;
  const say = (check: DecisionCheck, late: boolean): void => {
    if ('refused' in check) out(`Not checked: ${outsideLine(check.refused)}\n`);
    else if (check.evidence) {
      const text = `${late ? `The check of ${options.what} finished:\n` : ''}${renderEvidence(check.evidence, kit.color)}`;
      if (late) kit.interject(text);
      else out(text);
    } else if (!late) out(`${c.dim('(not checked: nothing checks this project)')}\n`);
  };
  if (kit.checkDecision) {
    const first = await kit.checkDecision(request, decision, 'first');
    say(first, false);
    if (!('refused' in first) && !first.complete) {
      out(c.dim('Still checking; answer now to write it unchecked, or wait for the result.\n'));
      void kit.checkDecision(request, decision, 'complete').then((late) => {
        if (!answered) say(late, true);
      });
    }
  } else out(`${c.dim('(not checked in this session)')}\n`);
  try {
    return await confirm(decision, kit, options);
  } finally {
    answered = true;
  }
}

const CONFIRM_CHOICES: readonly Choice[] = [
  { key: 'y', word: 'yes' },
  { key: 'n', word: 'no, reject the change' },
  { key: 'b', word: 'back to the whole change' },
];

async function confirm(
  decision: Decision,
  kit: PromptKit,
  options: KeptReviewOptions,
): Promise<KeptAnswer> {
  for (let tries = 0; tries < MAX_TRIES; tries += 1) {
    const answer = await kit.choose(
      `Write ${options.what}? [y]es / [n]o, reject the change / [b]ack to the whole change > `,
      CONFIRM_CHOICES,
    );
    if (answer === null) return { decision: { type: 'reject', reason: CLOSED_REASON } };
    switch (answer.toLowerCase()) {
      case 'y':
      case 'yes':
        return { decision };
      case 'n':
      case 'no': {
        const why = (await kit.reason(options.reasonQuestion)) ?? options.reasons;
        return { decision: { type: 'reject', ...(why ? { reason: why } : {}) } };
      }
      case 'b':
      case 'back':
        return 'back';
      default:
        kit.out('Please answer y, n or b.\n');
    }
  }
  return { decision: { type: 'reject', reason: 'no valid answer was given' } };
}
