// One hunk of a proposal with its checkbox. Rendering is react-diff-viewer-continued (diff
// computed in its worker, syntax highlighting, virtualised rows for big hunks); the gutter
// shows the real file line numbers of both sides.
import ReactDiffViewer, { LineNumberPrefix } from 'react-diff-viewer-continued';
import type { Hunk } from '../../../shared/approvals';
import { hunkSides, wantsWordDiff } from './hunk-text';

interface Props {
  hunk: Hunk;
  index: number;
  path: string;
  language: string | undefined;
  splitView: boolean;
  dark: boolean;
  selectable: boolean;
  selected: boolean;
  onToggle(): void;
}

const VIRTUALISE_AFTER_LINES = 300;

export function HunkView({
  hunk,
  index,
  path,
  language,
  splitView,
  dark,
  selectable,
  selected,
  onToggle,
}: Props) {
  const { before, after } = hunkSides(hunk);
  const header = `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`;
  return (
    <section
      className={`hunk${selected ? '' : ' hunk-excluded'}`}
      data-testid="hunk"
      aria-label={`Hunk ${index + 1}`}
    >
      <header className="hunk-header">
        {selectable ? (
          <label className="hunk-check">
            <input
              type="checkbox"
              checked={selected}
              onChange={onToggle}
              aria-label={`Include hunk ${index + 1} (${header})`}
            />
            <span>Hunk {index + 1}</span>
          </label>
        ) : (
          <span>{path}</span>
        )}
        <code className="hunk-range">{header}</code>
      </header>
      <ReactDiffViewer
        oldValue={before}
        newValue={after}
        splitView={splitView}
        useDarkTheme={dark}
        hideSummary
        hideLineNumbers
        disableWordDiff={!wantsWordDiff(hunk)}
        {...(language ? { highlightLanguage: language } : {})}
        {...(hunk.lines.length > VIRTUALISE_AFTER_LINES
          ? { infiniteLoading: { pageSize: 100, containerHeight: '60vh' } }
          : {})}
        renderGutter={({ lineNumber, prefix, additionalLineNumber, styles }) => {
          const left =
            prefix === LineNumberPrefix.LEFT && lineNumber ? lineNumber + hunk.oldStart - 1 : null;
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
    </section>
  );
}
