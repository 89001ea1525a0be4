// One hunk of a proposal with its checkbox. Rendering is react-diff-viewer-continued (diff
// computed in its worker, word marks, virtualised rows for big hunks); syntax highlighting is
// the renderer's own highlighter through renderContent (never the viewer's built-in Prism
// highlighting); the gutter shows the real file line numbers of both sides.
import type { ReactNode } from 'react';
import ReactDiffViewer, { LineNumberPrefix } from 'react-diff-viewer-continued';
import type { TickState } from './use-line-selection';
import type { Hunk } from '../../../shared/approvals';
import type { Diagnostic } from '../../../shared/diagnostics';
import { hunkErrorText } from './evidence-text';
import { highlightToHtml } from '../highlight/highlighter';
import { hunkSides, wantsWordDiff } from './hunk-text';

export interface HunkViewProps {
  hunk: Hunk;
  index: number;
  path: string;
  /** A language registered with the renderer's highlighter, or undefined for plain text. */
  language: string | undefined;
  splitView: boolean;
  dark: boolean;
  selectable: boolean;
  /** Whether the hunk's changed lines are kept: all, some (split or picked), none. */
  tick?: TickState | undefined;
  /** The whole hunk kept or not (a review that picks whole hunks only); `tick` wins. */
  selected?: boolean | undefined;
  /** What the header calls it; default "Hunk N". */
  title?: string | undefined;
  /** Beside the checkbox: Split, Pick lines. */
  actions?: ReactNode;
  /** In place of the diff: the hunk's changes, or its lines to pick. */
  body?: ReactNode;
  /** After a review: what became of this hunk ("written", "not written", "undone"). */
  outcome?: string | undefined;
  onToggle(): void;
  /** Introduced errors that fall on this hunk's new lines (from the evidence panel's check). */
  errors?: readonly Diagnostic[];
}

const VIRTUALISE_AFTER_LINES = 300;
/** A hunk names this many of its errors; the evidence panel lists them all. */
export const HUNK_ERRORS_SHOWN = 10;

/**
 * The viewer's colours come from the app theme (theme.css), so its contrast contract holds in
 * the diff too: the syntax colours are readable on added/removed lines and on marked words,
 * and line numbers are full-strength muted text (the viewer's default dims them to 50%).
 */
const themeColours = {
  diffViewerBackground: 'var(--code-bg)',
  diffViewerColor: 'var(--text)',
  addedBackground: 'var(--added)',
  addedColor: 'var(--text)',
  removedBackground: 'var(--removed)',
  removedColor: 'var(--text)',
  changedBackground: 'var(--warning-bg)',
  wordAddedBackground: 'var(--added-word)',
  wordRemovedBackground: 'var(--removed-word)',
  addedGutterBackground: 'var(--added)',
  removedGutterBackground: 'var(--removed)',
  gutterBackground: 'var(--bg-raised)',
  gutterBackgroundDark: 'var(--bg-hover)',
  highlightBackground: 'var(--bg-active)',
  highlightGutterBackground: 'var(--bg-active)',
  codeFoldGutterBackground: 'var(--bg-hover)',
  codeFoldBackground: 'var(--bg-raised)',
  emptyLineBackground: 'var(--bg-sunken)',
  gutterColor: 'var(--text-muted)',
  addedGutterColor: 'var(--text)',
  removedGutterColor: 'var(--text)',
  codeFoldContentColor: 'var(--text-muted)',
  diffViewerTitleBackground: 'var(--bg-raised)',
  diffViewerTitleColor: 'var(--text)',
  diffViewerTitleBorderColor: 'var(--border)',
};
const viewerStyles = {
  variables: { light: themeColours, dark: themeColours },
  // Both line numbers of a unified row stay on one line (the cell would wrap '18 18').
  gutter: { pre: { opacity: 1, whiteSpace: 'pre' } },
};

/**
 * One line, highlighted on its own (a line-wise diff has no lexer state across lines). The
 * viewer lays its word marks over markup passed as dangerouslySetInnerHTML; the markup is the
 * highlighter's escaped output.
 */
function lineRenderer(language: string) {
  return (line: string) => (
    <span dangerouslySetInnerHTML={{ __html: highlightToHtml(line, language) }} />
  );
}

export function HunkView({
  hunk,
  index,
  path,
  language,
  splitView,
  dark,
  selectable,
  tick: tickState,
  selected,
  title,
  actions,
  body,
  outcome,
  onToggle,
  errors = [],
}: HunkViewProps) {
  const { before, after } = hunkSides(hunk);
  const header = `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`;
  const name = title ?? `Hunk ${index + 1}`;
  const tick = tickState ?? (selected === false ? 'none' : 'all');
  return (
    <section
      className={`hunk${tick === 'none' ? ' hunk-excluded' : ''}`}
      data-testid="hunk"
      aria-label={name}
    >
      <header className="hunk-header">
        {selectable ? (
          <label className="hunk-check">
            <TriStateBox
              state={tick}
              onChange={onToggle}
              label={`Include ${name.toLowerCase()} (${header})`}
            />
            <span>{name}</span>
            {tick === 'none' && <span className="badge">not included</span>}
            {tick === 'some' && <span className="badge">in part</span>}
          </label>
        ) : outcome ? (
          <span className="hunk-check">
            <span>Hunk {index + 1}</span>
            <span className="badge" data-testid="hunk-outcome">
              {outcome}
            </span>
          </span>
        ) : (
          <span>{path}</span>
        )}
        <code className="hunk-range">{header}</code>
        {actions}
      </header>
      {errors.length > 0 && (
        <ul
          className="hunk-errors"
          aria-label={`Errors in hunk ${index + 1}`}
          data-testid="hunk-errors"
        >
          {errors.slice(0, HUNK_ERRORS_SHOWN).map((error, at) => (
            <li key={`${error.line}:${error.column}:${error.code}:${at}`}>
              <span className="badge evidence-kind new">error</span> {hunkErrorText(error)}
            </li>
          ))}
          {errors.length > HUNK_ERRORS_SHOWN && (
            <li>
              And {errors.length - HUNK_ERRORS_SHOWN} more in this hunk (listed above the diff).
            </li>
          )}
        </ul>
      )}
      {body ?? (
        <ReactDiffViewer
          oldValue={before}
          newValue={after}
          splitView={splitView}
          useDarkTheme={dark}
          styles={viewerStyles}
          hideSummary
          hideLineNumbers
          disableWordDiff={!wantsWordDiff(hunk)}
          {...(language ? { renderContent: lineRenderer(language) } : {})}
          {...(hunk.lines.length > VIRTUALISE_AFTER_LINES
            ? { infiniteLoading: { pageSize: 100, containerHeight: '60vh' } }
            : {})}
          renderGutter={({ lineNumber, prefix, additionalLineNumber, styles }) => {
            const left =
              prefix === LineNumberPrefix.LEFT && lineNumber
                ? lineNumber + hunk.oldStart - 1
                : null;
            const right =
              prefix === LineNumberPrefix.RIGHT && lineNumber
                ? lineNumber + hunk.newStart - 1
                : additionalLineNumber
                  ? additionalLineNumber + hunk.newStart - 1
                  : null;
            const text = splitView
              ? String((prefix === LineNumberPrefix.LEFT ? left : right) ?? '')
              : `${left ?? ''} ${right ?? ''}`;
            return (
              <td className={styles.gutter}>
                <pre className={styles.lineNumber}>{text.trim()}</pre>
              </td>
            );
          }}
        />
      )}
    </section>
  );
}

/** A checkbox that shows "some" as the platform's mixed state (aria-checked="mixed"). */
export function TriStateBox({
  state,
  label,
  onChange,
}: {
  state: TickState;
  label: string;
  onChange(): void;
}) {
  return (
    <input
      type="checkbox"
      checked={state === 'all'}
      ref={(box) => {
        if (box) box.indeterminate = state === 'some';
      }}
      onChange={onChange}
      aria-label={label}
    />
  );
}
