// A hunk's lines with a box beside each changed one: a kept `-` line is removed, a kept `+`
// line added, and the others stay as the file has them. For keeping part of a change that the
// split cannot separate (two edits on neighbouring lines). The lines read as the diff does:
// the file's line numbers in two gutters, the code with its own whitespace, highlighted, on the
// diff's added and removed colours, and a +/- mark so the kind never rests on colour alone.
import type { CSSProperties } from 'react';
import type { Hunk } from '../../../shared/approvals';
import { isChangedLine, lineKey } from '../../../shared/hunk-selection';
import { highlightToHtml } from '../highlight/highlighter';
import { hunkLineNumbers, type HunkLineNumber } from './hunk-line-numbers';
import type { LineSelection } from './use-line-selection';

interface Props {
  hunk: Hunk;
  /** "hunk 1", for the list's name. */
  name: string;
  /** A language registered with the renderer's highlighter, or undefined for plain text. */
  language?: string | undefined;
  selection: LineSelection;
}

/** What ticking the box of a changed line does, said with the line's number in the file. */
function pickLineLabel(line: string, number: HunkLineNumber): string {
  const text = line.slice(1).trim() || '(blank)';
  return line.startsWith('+')
    ? `Keep added line ${number.new ?? ''}: ${text}`
    : `Keep the removal of line ${number.old ?? ''}: ${text}`;
}

/** One line, highlighted on its own as in the diff (the markup is the highlighter's, escaped). */
function Code({ text, language }: { text: string; language: string | undefined }) {
  return language ? (
    <code
      className="line-picker-code"
      dangerouslySetInnerHTML={{ __html: highlightToHtml(text, language) }}
    />
  ) : (
    <code className="line-picker-code">{text}</code>
  );
}

export function LinePicker({ hunk, name, language, selection }: Props) {
  const numbers = hunkLineNumbers(hunk);
  const widest = numbers.reduce((most, n) => Math.max(most, n.old ?? 0, n.new ?? 0), 0);
  const digits = { '--line-picker-digits': `${String(widest).length}ch` } as CSSProperties;
  return (
    <ol className="line-picker" aria-label={`Lines of ${name}`} style={digits}>
      {hunk.lines.map((line, index) => {
        if (line.startsWith('\\'))
          return (
            <li key={index} className="line-picker-note muted">
              {line.slice(2)}
            </li>
          );
        const number = numbers[index] ?? { old: null, new: null };
        const gutter = (
          <>
            <span className="line-picker-number">{number.old ?? ''}</span>
            <span className="line-picker-number">{number.new ?? ''}</span>
            <span className="line-picker-marker" aria-hidden="true">
              {line.slice(0, 1)}
            </span>
            <Code text={line.slice(1)} language={language} />
          </>
        );
        if (!isChangedLine(line))
          return (
            <li key={index} className="line-picker-context">
              <div className="line-picker-line">
                <span className="line-picker-box" />
                {gutter}
              </div>
            </li>
          );
        return (
          <li
            key={index}
            className={line.startsWith('+') ? 'line-picker-added' : 'line-picker-removed'}
          >
            <label className="line-picker-line">
              <span className="line-picker-box">
                <input
                  type="checkbox"
                  checked={selection.keys.has(lineKey(hunk.id, index))}
                  onChange={() => selection.toggleLine(hunk, index)}
                  aria-label={pickLineLabel(line, number)}
                />
              </span>
              {gutter}
            </label>
          </li>
        );
      })}
    </ol>
  );
}
