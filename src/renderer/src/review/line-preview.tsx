// A read-only look at one line of a file, opened from the evidence panel: the review modal
// and the inbox have no editor to jump to, so the line shows here, highlighted, with lines
// around it. An error in a file of the change is at a line of the proposed text, so that text
// is shown; any other file (a dependent that breaks, a fixed error) is read from disk.
import { useEffect, useState } from 'react';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import { HighlightedCode } from '../symbols/highlighted-code';

export interface LineTarget {
  path: string;
  line: number;
  /** The proposed text of a file the change touches; absent: read the file on disk. */
  proposedText?: string;
}

const BEFORE = 4;
const AFTER = 6;

interface Props {
  target: LineTarget;
  onClose(): void;
}

export function LinePreview({ target, onClose }: Props) {
  const client = useClient();
  const { path, line, proposedText } = target;
  const [text, setText] = useState<string | null>(proposedText ?? null);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setNote(null);
    if (proposedText !== undefined) {
      setText(proposedText);
      return;
    }
    setText(null);
    client.project
      .readFile({ path })
      .then((file) => {
        if (!live) return;
        if (file.binary) setNote('Binary file: nothing to show.');
        else setText(file.content);
      })
      .catch(
        (failure: unknown) => live && setNote(`Could not read ${path}: ${errorMessage(failure)}`),
      );
    return () => {
      live = false;
    };
  }, [client, path, proposedText]);

  const lines = text?.split('\n') ?? [];
  const first = Math.max(1, line - BEFORE);
  const beyondEnd = text !== null && line > lines.length;

  return (
    <section
      className="line-preview"
      aria-label={`${path} line ${line}`}
      data-testid="line-preview"
    >
      <div className="line-preview-header">
        <span>
          <code>
            {path}:{line}
          </code>{' '}
          <span className="muted">{proposedText !== undefined ? 'as proposed' : 'on disk'}</span>
        </span>
        <button type="button" className="button small" onClick={onClose}>
          Close preview
        </button>
      </div>
      {note && <p className="muted small-text">{note}</p>}
      {text === null && !note && <p className="muted small-text">Reading {path}…</p>}
      {beyondEnd && (
        <p className="muted small-text">
          The file has {lines.length} lines now; line {line} is past its end.
        </p>
      )}
      {text !== null && !beyondEnd && (
        <HighlightedCode
          path={path}
          code={lines.slice(first - 1, line + AFTER).join('\n')}
          firstLine={first}
          markedLine={line}
        />
      )}
    </section>
  );
}
