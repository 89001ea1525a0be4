// What an accept or a reject did to a change set: its new status, each file's state with
// Undo for a written file (back as it was before this set), and how many other sets now need
// a re-check.
import type { ApplyResult } from '../../../shared/contract';
import { plural } from '../../../shared/plural';
import { useClient } from '../app/client-context';
import { fileStateWords, statusWords } from './change-set-words';

/** "1 other change set touches the same files and needs a re-check." */
function recheckWords(others: number): string {
  const one = others === 1;
  return `${plural(others, 'other change set')} ${one ? 'touches' : 'touch'} the same files and ${one ? 'needs' : 'need'} a re-check.`;
}

export function ChangeSetResult(props: {
  result: ApplyResult;
  /** The set's files undone since, which show no Undo. */
  undone: string[];
  busy: boolean;
  act(what: () => Promise<void>): Promise<void>;
  /** After an undo, so the set is read again. */
  onUndone(): void;
}) {
  const { result, undone, busy, act } = props;
  const client = useClient();
  const undo = (checkpointId: string) =>
    void act(async () => {
      const answer = await client.checkpoints.undo({ id: checkpointId, force: false });
      if (answer.refused.length) throw new Error(answer.refused.map((r) => r.reason).join('; '));
      props.onUndone();
    });

  return (
    <section className="inbox-result" data-testid="apply-result" aria-label="Result">
      <p>Change set is now {statusWords(result.status)}.</p>
      <ul className="inbox-result-files">
        {result.files.map((file) => {
          const isUndone = undone.includes(file.path);
          return (
            <li key={file.path}>
              <span>
                {file.path}: {fileStateWords(file.state)}
                {file.note ? ` (${file.note})` : ''}
                {isUndone && ', then undone: it is back as it was before this set'}
              </span>
              {file.checkpointId && !isUndone && (
                <button
                  type="button"
                  className="button small"
                  data-testid="undo-applied"
                  aria-label={`Undo ${file.path}`}
                  disabled={busy}
                  onClick={() => undo(file.checkpointId as string)}
                >
                  Undo
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {result.recheck.length > 0 && (
        <p className="warn-text">{recheckWords(result.recheck.length)}</p>
      )}
    </section>
  );
}
