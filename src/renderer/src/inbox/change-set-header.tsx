// The top of an open change set: its prompt and status (with Stop while it runs), what was
// undone since, why it needs a re-check, the agent's summary, a way to its conversation and
// what the run cost.
import type { ChangeSetView } from '../../../shared/contract';
import { statusWords } from './change-set-words';

export function ChangeSetHeader(props: {
  view: ChangeSetView;
  busy: boolean;
  onStop(): void;
  onOpenConversation?: ((conversationId: string) => void) | undefined;
}) {
  const { view, busy, onStop, onOpenConversation } = props;
  return (
    <header className="inbox-detail-header">
      <h2>{view.prompt}</h2>
      <p>
        <span className="tag" data-testid="change-set-status">
          {statusWords(view.status)}
        </span>{' '}
        {view.statusReason && <span className="muted">{view.statusReason}</span>}
        {view.status === 'running' && (
          <button
            type="button"
            className="button small danger"
            data-testid="stop-run"
            disabled={busy}
            onClick={onStop}
          >
            Stop
          </button>
        )}
      </p>
      {view.undone.length > 0 && (
        <p data-testid="change-set-undone">
          Since undone, back as they were before this set: {view.undone.join(', ')}.
        </p>
      )}
      {view.needsRecheck && <p className="warn-text">Needs a re-check: {view.needsRecheck}</p>}
      {view.summary && <p className="inbox-summary">{view.summary}</p>}
      {view.conversationId && onOpenConversation && (
        <button
          type="button"
          className="button small"
          data-testid="open-conversation"
          onClick={() => onOpenConversation(view.conversationId as string)}
        >
          Open the conversation
        </button>
      )}
      <p className="muted">
        {view.usage.inputTokens} input / {view.usage.outputTokens} output tokens, about $
        {view.usage.costUsd.toFixed(4)}
      </p>
    </header>
  );
}
