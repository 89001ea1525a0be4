// What the model reads about a test verdict: the hold-back of a live edit whose
// change breaks tests that pass today, the line after a decision, and the propose-mode note.
// Lists are capped; each failure carries its first lines of output so the model can fix it.
import type { TestVerdict } from '../../../shared/test-verdict';
import {
  testFailureFirstLine,
  testFailureTitle,
  testVerdictLine,
} from '../../../shared/test-verdict-text';
import type { Proposal } from '../edits/proposal';

export const HELD_BACK_FAILURES = 5;
const OUTPUT_LINES_FOR_MODEL = 8;

const tests = (n: number): string => `${n} test${n === 1 ? '' : 's'}`;
/** "1 test that passes today fails" / "2 tests that pass today fail". */
const passTodayFail = (n: number): string =>
  n === 1 ? '1 test that passes today fails' : `${n} tests that pass today fail`;

function failureBlocks(verdict: TestVerdict, max: number): string[] {
  const blocks = verdict.newlyFailing.slice(0, max).map((f) => {
    const output = f.output
      .split('\n')
      .slice(0, OUTPUT_LINES_FOR_MODEL)
      .map((l) => `    ${l}`);
    return [`- ${testFailureTitle(f)}`, ...output].join('\n');
  });
  const more = verdict.newlyFailing.length - max;
  return more > 0 ? [...blocks, `- and ${tests(more)} more`] : blocks;
}

function ran(verdict: TestVerdict): string {
  return verdict.selection ? ` (${verdict.selection.label}: ${verdict.selection.reason})` : '';
}

export function testsHeldBackMessage(proposal: Proposal, verdict: TestVerdict): string {
  const n = verdict.newlyFailing.length;
  return [
    `Not yet applied, and not shown to the person. With this change to ${proposal.path}, ${passTodayFail(n)}${ran(verdict)}:`,
    ...failureBlocks(verdict, HELD_BACK_FAILURES),
    `Revise the change. If the failures are intended (a later edit fixes them), call ${proposal.tool} again with the same change and it is shown to the person with these results.`,
  ].join('\n');
}

/** The line under a decided live edit's result, or under an edit that landed in a run's copy. */
export function testsResultLine(verdict: TestVerdict, applied: 'written' | 'overlay'): string {
  const prefix = applied === 'overlay' ? 'Not yet applied. ' : '';
  switch (verdict.state) {
    case 'failed': {
      const list = verdict.newlyFailing
        .slice(0, HELD_BACK_FAILURES)
        .map((f) => `${testFailureTitle(f)}: ${testFailureFirstLine(f)}`)
        .join('; ');
      const more =
        verdict.newlyFailing.length > HELD_BACK_FAILURES
          ? `; and ${verdict.newlyFailing.length - HELD_BACK_FAILURES} more`
          : '';
      return `${prefix}With this change, ${passTodayFail(verdict.newlyFailing.length)}: ${list}${more}. ${testVerdictLine(verdict)}.`;
    }
    default:
      return `${prefix}${testVerdictLine(verdict)}.`;
  }
}
