// Tests before approval inside the evidence panel, in the review modal and the
// inbox alike: the one line every screen shares ("Tests: 2 newly failing · 14 pass · 1 already
// failing (vitest related, 6.2 s)"), why these tests were selected, and each newly failing test
// with its first lines of output (folded, a failure per row, "failing" in words beside it).
// Output is rendered as text. Nothing here gates a decision.
import type { TestFailure, TestVerdict } from '../../../shared/test-verdict';
import { testFailureTitle, testVerdictLine } from '../../../shared/test-verdict-text';

/** Failures listed; the rest are counted. */
export const SHOWN_FAILURES = 20;

export function TestVerdictLine({ verdict }: { verdict: TestVerdict }) {
  const mark = verdict.newlyFailing.length > 0 ? '✗' : verdict.state === 'passed' ? '✓' : null;
  return (
    <p
      className="evidence-state test-verdict-line"
      data-testid="test-verdict-line"
      data-state={verdict.state}
    >
      {mark && (
        <span aria-hidden="true" className="evidence-icon">
          {mark}{' '}
        </span>
      )}
      {testVerdictLine(verdict)}
    </p>
  );
}

function FailureList({
  label,
  failures,
  badge,
}: {
  label: string;
  failures: readonly TestFailure[];
  badge: string;
}) {
  const shown = failures.slice(0, SHOWN_FAILURES);
  return (
    <>
      <ul
        className="evidence-list"
        aria-label={label}
        data-testid={`test-list-${badge.replace(/\s+/gu, '-')}`}
      >
        {shown.map((failure, index) => (
          <li key={`${failure.file}\0${failure.name}\0${index}`}>
            <span className="badge evidence-kind new">{badge}</span>{' '}
            <span className="evidence-message">{testFailureTitle(failure)}</span>
            {failure.output && (
              <details className="test-output">
                <summary>Output</summary>
                <pre className="small-text">{failure.output}</pre>
              </details>
            )}
          </li>
        ))}
      </ul>
      {failures.length > shown.length && (
        <p className="muted small-text">
          And {failures.length - shown.length} more not listed here.
        </p>
      )}
    </>
  );
}

/** The selection and the lists below the live line. */
export function TestVerdictDetails({ verdict }: { verdict: TestVerdict }) {
  return (
    <div className="test-verdict" data-testid="test-verdict">
      {verdict.selection && (
        <p className="muted small-text" data-testid="test-selection">
          {verdict.selection.reason} · <code>{verdict.selection.command}</code>
        </p>
      )}
      {verdict.newlyFailing.length > 0 && (
        <FailureList
          label="Tests this change breaks"
          failures={verdict.newlyFailing}
          badge="failing"
        />
      )}
      {verdict.alreadyFailing.length > 0 && (
        <details data-testid="test-already-failing">
          <summary>Already failing on disk ({verdict.alreadyFailing.length})</summary>
          <FailureList
            label="Tests failing on disk too"
            failures={verdict.alreadyFailing}
            badge="already failing"
          />
        </details>
      )}
      {verdict.flaky.length > 0 && (
        <details data-testid="test-flaky">
          <summary>Flaky: failed, then passed when run again ({verdict.flaky.length})</summary>
          <FailureList label="Flaky tests" failures={verdict.flaky} badge="flaky" />
        </details>
      )}
    </div>
  );
}
