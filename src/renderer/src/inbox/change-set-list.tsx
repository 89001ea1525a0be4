// The inbox's change sets, newest first: each opens its detail, and a running one can be stopped.
import type { ChangeSetSummary } from '../../../shared/contract';
import { plural } from '../../../shared/plural';
import { statusWords } from './change-set-words';

interface Props {
  sets: ChangeSetSummary[];
  openId: string | null;
  onOpen(id: string): void;
  onStop(id: string): void;
}

export function ChangeSetList({ sets, openId, onOpen, onStop }: Props) {
  return (
    <ul className="inbox-list" aria-label="Change sets">
      {sets.map((set) => (
        <li key={set.id} className="inbox-list-row">
          <button
            type="button"
            className={`inbox-item${set.id === openId ? ' active' : ''}`}
            data-testid="inbox-item"
            aria-current={set.id === openId}
            onClick={() => onOpen(set.id)}
          >
            <span className="inbox-item-title">{set.prompt}</span>
            <span className="tag">
              {set.status === 'running' && set.run?.state === 'queued'
                ? 'queued'
                : statusWords(set.status)}
            </span>
            <span className="muted">
              {plural(set.paths.length, 'file')}
              {set.needsRecheck ? ' · needs re-check' : ''}
            </span>
          </button>
          {set.status === 'running' && (
            <button
              type="button"
              className="button small danger"
              data-testid="inbox-stop"
              aria-label={`Stop: ${set.prompt}`}
              onClick={() => onStop(set.id)}
            >
              Stop
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
