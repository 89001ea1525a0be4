// The person's hooks inside the evidence panel, in the review modal and the inbox alike: the one
// line every screen shares ("Hooks: eslint — 2 problems · prettier — passed (1.2 s)"), then each
// hook with news (a block, an error, a timeout) with its command, why, and its first lines of
// output, folded. The output is the hook's own text: rendered as text, its invisible and
// direction-changing characters made visible. Nothing here gates a decision.
import type { HooksEvidence } from '../../../shared/hooks-evidence';
import {
  hookLabel,
  hookOutputLines,
  hookRunsWithNews,
  hookRunWords,
  hooksEvidenceLine,
} from '../../../shared/hooks-evidence-text';
import { visibleUntrusted } from '../../../shared/untrusted-text';

/** Lines of each hook's output shown. */
export const SHOWN_HOOK_LINES = 20;

const BADGES: Record<string, string> = {
  blocked: 'blocks',
  failed: 'error',
  timed_out: 'timed out',
  asked: 'asks',
};

export function HooksEvidenceLine({ hooks }: { hooks: HooksEvidence }) {
  const mark =
    hooks.state === 'blocked' || hooks.state === 'failed' || hooks.state === 'timed_out'
      ? '✗'
      : hooks.state === 'passed'
        ? '✓'
        : null;
  return (
    <p
      className="evidence-state hooks-evidence-line"
      data-testid="hooks-evidence-line"
      data-state={hooks.state}
    >
      {mark && (
        <span aria-hidden="true" className="evidence-icon">
          {mark}{' '}
        </span>
      )}
      {visibleUntrusted(hooksEvidenceLine(hooks))}
    </p>
  );
}

/** Each hook with news, below the live line. */
export function HooksEvidenceDetails({ hooks }: { hooks: HooksEvidence }) {
  const news = hookRunsWithNews(hooks);
  if (news.length === 0) return null;
  return (
    <ul className="evidence-list" aria-label="What the hooks said" data-testid="hooks-evidence">
      {news.map((run, index) => {
        const output = hookOutputLines(run, SHOWN_HOOK_LINES);
        return (
          <li key={`${run.hookId}\0${index}`}>
            <span className="badge evidence-kind new">{BADGES[run.outcome] ?? run.outcome}</span>{' '}
            <span className="evidence-message">
              {visibleUntrusted(`${hookLabel(run.command)} — ${hookRunWords(run)}`)}
            </span>{' '}
            <span className="muted small-text">
              ({run.source === 'person' ? 'your hook' : "the project's hook"}:{' '}
              <code>{visibleUntrusted(run.command)}</code>)
            </span>
            {output.length > 0 && (
              <details className="test-output">
                <summary>Output</summary>
                <pre className="small-text">{visibleUntrusted(output.join('\n'))}</pre>
              </details>
            )}
          </li>
        );
      })}
    </ul>
  );
}
