// The words of a test verdict, shared by the review modal, the inbox, the CLI and
// the model's tool result so every screen says the same sentence:
// "Tests: 2 newly failing · 14 pass · 1 already failing (vitest related, 6.2 s)".
import { durationText } from './evidence-summary';
import { missingCase } from './missing-case';
import type { TestFailure, TestVerdict } from './test-verdict';

function how(verdict: TestVerdict): string {
  const label = verdict.selection?.label;
  return label ? `${label}, ${durationText(verdict.ms)}` : durationText(verdict.ms);
}

function counts(verdict: TestVerdict): string {
  const parts = [
    verdict.newlyFailing.length
      ? `${verdict.newlyFailing.length} newly failing`
      : 'no new failures',
    `${verdict.passed} pass`,
    ...(verdict.alreadyFailing.length ? [`${verdict.alreadyFailing.length} already failing`] : []),
    ...(verdict.flaky.length ? [`${verdict.flaky.length} flaky`] : []),
  ];
  return parts.join(' · ');
}

/** The one line every screen shows. */
export function testVerdictLine(verdict: TestVerdict): string {
  switch (verdict.state) {
    case 'passed':
    case 'failed':
      // A pass with a reason ran nothing: "no test run: the change keeps every code token".
      if (verdict.state === 'passed' && verdict.reason && !verdict.passed && !verdict.selection)
        return `Tests: ${verdict.reason}`;
      return `Tests: ${counts(verdict)} (${how(verdict)})`;
    case 'selecting':
      return 'Tests: selecting the tests this change affects…';
    case 'running':
      // A first stage ran: what it found, and that the rest is running (the reason says both).
      if (verdict.reason) return `Tests: ${verdict.reason} (${how(verdict)})`;
      return `Tests: running${verdict.selection ? ` ${verdict.selection.label}` : ''}…`;
    case 'timed_out':
      return `Tests: still running after ${durationText(verdict.ms)}${verdict.selection ? ` (${verdict.selection.label})` : ''} — approve or reject without them`;
    case 'not_run':
      return `Tests: not run — ${verdict.reason ?? 'no reason given'}`;
    default:
      return missingCase(verdict.state);
  }
}

/** "tests/cart.test.js: cart totals price times quantity". */
export function testFailureTitle(failure: TestFailure): string {
  return failure.name.includes(failure.file) ? failure.name : `${failure.file}: ${failure.name}`;
}

/** The first line of a failure's output (for one-line lists). */
export function testFailureFirstLine(failure: TestFailure, max = 200): string {
  const line = failure.output.split('\n').find((l) => l.trim()) ?? '';
  const trimmed = line.trim();
  return trimmed.length > max ? `${trimmed.slice(0, max)}…` : trimmed;
}
