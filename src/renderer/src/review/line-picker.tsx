// A hunk's lines with a box beside each changed one: a kept `-` line is removed, a kept `+`
// line added, and the others stay as the file has them. For keeping part of a change that the
// split cannot separate (two edits on neighbouring lines).
import type { Hunk } from '../../../shared/approvals';
import { isChangedLine, lineKey } from '../../../shared/hunk-selection';
import type { LineSelection } from './use-line-selection';

interface Props {
  hunk: Hunk;
  /** "hunk 1", for the boxes' names. */
  name: string;
  selection: LineSelection;
}

export function LinePicker({ hunk, name, selection }: Props) {
  return (
    <ol className="line-picker" aria-label={`Lines of ${name}`}>
      {hunk.lines.map((line, index) => {
        if (line.startsWith('\\'))
          return (
            <li key={index} className="line-picker-note muted">
              {line.slice(2)}
            </li>
          );
        const text = line.slice(1);
        if (!isChangedLine(line))
          return (
            <li key={index} className="line-picker-context">
              <span className="line-picker-box" />
              <code>{` ${text}`}</code>
            </li>
          );
        const added = line.startsWith('+');
        return (
          <li key={index} className={added ? 'line-picker-added' : 'line-picker-removed'}>
            <label>
              <input
                type="checkbox"
                checked={selection.keys.has(lineKey(hunk.id, index))}
                onChange={() => selection.toggleLine(hunk, index)}
                aria-label={`Keep ${added ? 'added' : 'removed'} line ${index + 1} of ${name}: ${text.trim() || '(blank)'}`}
              />
              <code>{`${added ? '+' : '-'}${text}`}</code>
            </label>
          </li>
        );
      })}
    </ol>
  );
}
