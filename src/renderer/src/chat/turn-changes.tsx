// After a turn: the files it changed, each with Undo, and Undo for the whole turn. A refused
// undo (the file changed since) says why and offers to undo anyway. Beside each file, what was
// checked of the text written; without it, a live edit's test verdict that arrived after the
// decision. Every turn's Undo turn reads the same, so its accessible name says which turn.
import { useState } from 'react';
import type { Checkpoint, UndoResult } from '../../../shared/contract';
import { checkpointTestsNote } from '../../../shared/checkpoint-tests-text';
import {
  checkpointEvidenceFoundProblems,
  checkpointEvidenceNote,
} from '../../../shared/checkpoint-evidence-text';

/** How much of the person's message names its turn. */
const NAME_WORDS = 6;
const NAME_CHARS = 40;

/** "Undo turn 2: fix the greeting in app.ts…", "Undo turn 3" for a turn without words. */
export function undoTurnName(turnNumber: number, userText: string | undefined): string {
  const words = (userText ?? '').trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return `Undo turn ${turnNumber}`;
  const first = words.slice(0, NAME_WORDS).join(' ');
  const cut =
    first.length > NAME_CHARS
      ? `${first.slice(0, NAME_CHARS).trimEnd()}…`
      : words.length > NAME_WORDS
        ? `${first}…`
        : first;
  return `Undo turn ${turnNumber}: ${cut}`;
}

interface Props {
  turnId: string;
  /** The turn's place in the conversation (1 for the first). */
  turnNumber: number;
  /** The person's message that started the turn, when it had one. */
  userText?: string | undefined;
  checkpoints: Checkpoint[];
  onUndo(id: string, force?: boolean): Promise<UndoResult | null>;
  onUndoTurn(turnId: string, force?: boolean): Promise<UndoResult | null>;
}

export function TurnChanges(props: Props) {
  const { turnId, checkpoints, onUndo, onUndoTurn } = props;
  const [refused, setRefused] = useState<UndoResult['refused']>([]);
  const [git, setGit] = useState<UndoResult['git']>(undefined);
  const [busy, setBusy] = useState(false);
  const open = checkpoints.filter((checkpoint) => !checkpoint.undone);

  const act = async (call: () => Promise<UndoResult | null>) => {
    setBusy(true);
    const result = await call();
    setBusy(false);
    setRefused(result?.refused ?? []);
    setGit(result?.git);
  };

  return (
    <section className="turn-changes" aria-label="Files changed">
      <header className="turn-changes-header">
        <span>Files changed ({checkpoints.length})</span>
        {open.length > 0 && (
          <button
            type="button"
            className="button small"
            disabled={busy}
            aria-label={undoTurnName(props.turnNumber, props.userText)}
            onClick={() => void act(() => onUndoTurn(turnId))}
          >
            Undo turn
          </button>
        )}
      </header>
      <ul className="turn-changes-list">
        {checkpoints.map((checkpoint) => (
          <li key={checkpoint.id} className="turn-change">
            <span className={`change-badge change-${checkpoint.change}`}>
              {checkpoint.change === 'created' ? 'A' : checkpoint.change === 'deleted' ? 'D' : 'M'}
            </span>
            <span className="turn-change-path">{checkpoint.path}</span>
            {checkpoint.evidence && (
              <span
                className={
                  checkpointEvidenceFoundProblems(checkpoint.evidence) ? undefined : 'muted'
                }
                title={checkpoint.evidence.line}
              >
                {checkpointEvidenceNote(checkpoint.evidence)}
              </span>
            )}
            {!checkpoint.evidence && checkpoint.tests && (
              <span className={checkpoint.tests.newlyFailingCount > 0 ? undefined : 'muted'}>
                {checkpointTestsNote(checkpoint.tests)}
              </span>
            )}
            {checkpoint.undone ? (
              <span className="muted">undone</span>
            ) : (
              <button
                type="button"
                className="button small"
                disabled={busy}
                aria-label={`Undo ${checkpoint.path}`}
                onClick={() => void act(() => onUndo(checkpoint.id))}
              >
                Undo
              </button>
            )}
          </li>
        ))}
      </ul>
      {git && (
        <div className="undo-git" role="status">
          <p>{git.message}</p>
          {git.output && (
            <pre className="commit-output" aria-label="git output">
              {git.output}
            </pre>
          )}
        </div>
      )}
      {refused.length > 0 && (
        <div className="undo-refused" role="alert">
          {refused.map((item) => (
            <div key={item.id} className="undo-refused-item">
              <span>
                Not undone: {item.path} — {item.reason}
              </span>
              <button
                type="button"
                className="button small danger"
                disabled={busy}
                onClick={() => void act(() => onUndo(item.id, true))}
              >
                Undo anyway
              </button>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
