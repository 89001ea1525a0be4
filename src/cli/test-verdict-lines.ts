// A test verdict on a terminal, under the error evidence in the review prompt,
// `proposal show` and a set's review: the shared line ("Tests: 2 newly failing · 14 pass …"),
// what was selected and why, the command, and each newly failing test with its first lines of
// output. Names and output come from the project's tests: made visible before they reach the
// terminal (no escape sequences, no hidden words).
import type { TestFailure, TestVerdict } from '../shared/test-verdict';
import { testFailureTitle, testVerdictLine } from '../shared/test-verdict-text';
import { visibleUntrusted } from '../shared/untrusted-text';

/** Newly failing tests listed with output; the rest are counted. */
export const TERMINAL_FAILURES = 10;
const OUTPUT_LINES = 6;

const oneLine = (text: string): string => visibleUntrusted(text.replace(/\s+/gu, ' ').trim());

function names(label: string, failures: readonly TestFailure[]): string[] {
  if (!failures.length) return [];
  const shown = failures.slice(0, TERMINAL_FAILURES).map((f) => oneLine(testFailureTitle(f)));
  const more =
    failures.length > TERMINAL_FAILURES ? `, and ${failures.length - TERMINAL_FAILURES} more` : '';
  return [`  ${label}: ${shown.join('; ')}${more}`];
}

export function renderTestVerdict(verdict: TestVerdict, color: boolean): string[] {
  const red = (s: string): string => (color ? `\u001b[31m${s}\u001b[39m` : s);
  const line = oneLine(testVerdictLine(verdict));
  const lines = [verdict.newlyFailing.length ? red(line) : line];
  if (verdict.selection) {
    lines.push(`  Selected: ${oneLine(verdict.selection.reason)}`);
    lines.push(`  Ran: ${oneLine(verdict.selection.command)}`);
  }
  for (const failure of verdict.newlyFailing.slice(0, TERMINAL_FAILURES)) {
    lines.push(`  ${red('failing')} ${oneLine(testFailureTitle(failure))}`);
    for (const output of failure.output.split('\n').slice(0, OUTPUT_LINES))
      if (output.trim()) lines.push(`      ${visibleUntrusted(output.trimEnd())}`);
  }
  if (verdict.newlyFailing.length > TERMINAL_FAILURES)
    lines.push(`  and ${verdict.newlyFailing.length - TERMINAL_FAILURES} more newly failing`);
  lines.push(...names('Already failing on disk', verdict.alreadyFailing));
  lines.push(...names('Flaky (failed, then passed when run again)', verdict.flaky));
  return lines;
}
