// Source with syntax highlighting (highlight.js) and line numbers; one line can be marked.
// highlight.js escapes every character of the source and emits only <span class="hljs-…">,
// so its output is safe to insert as markup; nothing else is ever inserted that way.
import hljs from 'highlight.js/lib/common';
import { useMemo } from 'react';

const hljsLanguage: Record<string, string> = {
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  json: 'json',
  css: 'css',
  scss: 'scss',
  html: 'xml',
  xml: 'xml',
  md: 'markdown',
  py: 'python',
  rs: 'rust',
  go: 'go',
  sh: 'bash',
  yml: 'yaml',
  yaml: 'yaml',
};

function languageOf(path: string): string | undefined {
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  const language = hljsLanguage[extension];
  return language && hljs.getLanguage(language) ? language : undefined;
}

interface Props {
  path: string;
  code: string;
  /** 1-based number of the first line of `code`. */
  firstLine: number;
  markedLine?: number;
}

export function HighlightedCode({ path, code, firstLine, markedLine }: Props) {
  const language = languageOf(path);
  const html = useMemo(
    () => (language ? hljs.highlight(code, { language, ignoreIllegals: true }).value : null),
    [code, language],
  );
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
