// Evidence before approval, above the diff in the review modal and the inbox: the
// errors the change would introduce (each opens its line, in a dependent file too), the ones it
// would fix (folded away), how the check went, the tests it affects and what the person's hooks
// said of the proposed text. The heading and the state line are a polite
// live region, so "Checking…" turning into "Checked" is heard. Nothing here gates a decision:
// the approve buttons never wait for the check.
import { useId, useState } from 'react';
import type { Diagnostic, ProposalEvidence } from '../../../shared/diagnostics';
import { countOf, evidenceHeading, evidenceStateLine, languageNotes } from './evidence-text';
import { LinePreview, type LineTarget } from './line-preview';
import { TestVerdictDetails, TestVerdictLine } from './test-verdict-view';
import { HooksEvidenceDetails, HooksEvidenceLine } from './hooks-evidence-view';

/** A list longer than this shows its beginning and says how many more there are. */
export const SHOWN_ERRORS = 100;

interface Props {
  evidence: ProposalEvidence;
  /** Proposed texts of the files the change touches (path → text), for opening a line. */
  proposedTexts: Readonly<Record<string, string>>;
  /** Said in the live region above the state line ("Re-checking: …"). */
  notice?: string | null;
}

export function EvidencePanel({ evidence, proposedTexts, notice }: Props) {
  const headingId = useId();
  const [open, setOpen] = useState<LineTarget | null>(null);
  const heading = evidenceHeading(evidence);
  // A mark beside the words, never instead of them: ✗ when errors were found, ✓ when clean.
  const mark = evidence.introduced.length > 0 ? '✗' : evidence.state === 'checked' ? '✓' : null;
  // Newly failing tests and a hook's block or error colour the panel as errors do (the words
  // say which it is).
  const hooksState = evidence.hooks?.state;
  const tone =
    evidence.introduced.length > 0 ||
    (evidence.tests?.newlyFailing.length ?? 0) > 0 ||
    hooksState === 'blocked' ||
    hooksState === 'failed'
      ? 'has-errors'
      : evidence.state === 'checked'
        ? 'clean'
        : evidence.state === 'checking'
          ? 'pending'
          : 'unknown';

  const openLine = (error: Diagnostic, where: 'proposed' | 'disk') => {
    const proposedText = where === 'proposed' ? proposedTexts[error.path] : undefined;
    setOpen({
      path: error.path,
      line: error.line,
      ...(proposedText !== undefined ? { proposedText } : {}),
    });
  };

  return (
    <section
      className={`evidence-panel ${tone}`}
      role="region"
      aria-labelledby={headingId}
      data-testid="evidence-panel"
      data-state={evidence.state}
    >
      <div role="status" aria-live="polite" className="evidence-status">
        <h3 id={headingId} className="evidence-heading" data-testid="evidence-heading">
          {mark && (
            <span aria-hidden="true" className="evidence-icon">
              {mark}{' '}
            </span>
          )}
          {heading}
        </h3>
        {notice && (
          <p className="evidence-notice" data-testid="evidence-notice">
            {notice}
          </p>
        )}
        <p className="evidence-state muted" data-testid="evidence-state">
          {evidenceStateLine(evidence)}
        </p>
        {languageNotes(evidence).map((line) => (
          <p key={line} className="evidence-state muted">
            {line}
          </p>
        ))}
        {evidence.tests && <TestVerdictLine verdict={evidence.tests} />}
        {evidence.hooks && <HooksEvidenceLine hooks={evidence.hooks} />}
      </div>
      {evidence.tests && <TestVerdictDetails verdict={evidence.tests} />}
      {evidence.hooks && <HooksEvidenceDetails hooks={evidence.hooks} />}
      {evidence.introduced.length > 0 && (
        <ErrorList
          label="Errors this change introduces"
          kind="new"
          errors={evidence.introduced}
          onOpen={(error) => openLine(error, 'proposed')}
        />
      )}
      {evidence.fixed.length > 0 && (
        <details className="evidence-fixed" data-testid="evidence-fixed">
          <summary>Errors it fixes ({evidence.fixed.length})</summary>
          <ErrorList
            label="Errors this change fixes"
            kind="fixed"
            errors={evidence.fixed}
            onOpen={(error) => openLine(error, 'disk')}
          />
        </details>
      )}
      {open && <LinePreview target={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

function ErrorList(props: {
  label: string;
  kind: 'new' | 'fixed';
  errors: readonly Diagnostic[];
  onOpen(error: Diagnostic): void;
}) {
  const shown = props.errors.slice(0, SHOWN_ERRORS);
  const more = props.errors.length - shown.length;
  return (
    <>
      <ul
        className="evidence-list"
        aria-label={props.label}
        data-testid={`evidence-list-${props.kind}`}
      >
        {shown.map((error, index) => (
          <li key={`${error.path}:${error.line}:${error.column}:${error.code}:${index}`}>
            <span className={`badge evidence-kind ${props.kind}`}>
              {props.kind === 'new' ? 'error' : 'fixed'}
            </span>{' '}
            <button
              type="button"
              className="link-button evidence-location"
              title={`Show ${error.path} at line ${error.line}`}
              onClick={() => props.onOpen(error)}
            >
              {error.path}:{error.line}
            </button>{' '}
            <span className="evidence-message">{error.message}</span>
            {error.code && <span className="muted small-text"> ({error.code})</span>}
          </li>
        ))}
      </ul>
      {more > 0 && (
        <p className="muted small-text">And {countOf(more, 'more error')} not listed here.</p>
      )}
    </>
  );
}
