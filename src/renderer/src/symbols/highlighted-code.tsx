// Source with syntax highlighting and line numbers; one line can be marked. The highlighter's
// output is escaped source inside hljs spans (see highlight/highlighter.ts), so it is safe to
// insert as markup; nothing else is ever inserted that way.
import { useMemo } from 'react';
import { highlightToHtml, languageForPath } from '../highlight/highlighter';

interface Props {
  path: string;
  code: string;
  /** 1-based number of the first line of `code`. */
  firstLine: number;
  markedLine?: number;
}

export function HighlightedCode({ path, code, firstLine, markedLine }: Props) {
  const language = languageForPath(path);
  const html = useMemo(() => (language ? highlightToHtml(code, language) : null), [code, language]);
  const lineCount = code.split('\n').length;
  const numbers = Array.from({ length: lineCount }, (_, index) => firstLine + index);
  const markOffset = markedLine !== undefined ? markedLine - firstLine : -1;

  return (
    <div className="code-view" data-testid="code-view">
      <pre className="code-gutter" aria-hidden="true">
        {numbers.map((number) => (
          <span key={number} className={number === markedLine ? 'marked' : undefined}>
            {number}
            {'\n'}
          </span>
        ))}
      </pre>
      <div className="code-scroll">
        {markOffset >= 0 && markOffset < lineCount && (
          <div
            className="code-mark"
            style={{ top: `calc(${markOffset} * var(--code-line-height) + var(--code-pad))` }}
          />
        )}
        {html !== null ? (
          <pre className="code-text hljs">
            <code dangerouslySetInnerHTML={{ __html: html }} />
          </pre>
        ) : (
          <pre className="code-text">
            <code>{code}</code>
          </pre>
        )}
      </div>
    </div>
  );
}
