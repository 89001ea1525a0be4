// The conversation's turns. It follows the bottom while text streams unless the person has
// scrolled up to read; overflow anchoring keeps earlier content from jumping.
import { useLayoutEffect, useRef } from 'react';
import { groupTurns, type ConversationState } from './conversation-state';
import { TurnView } from './turn-view';
import type { CheckpointsByTurn } from './use-checkpoints';

interface Props {
  conversation: ConversationState;
  checkpoints: CheckpointsByTurn;
  onRetry(): void;
}

export function Transcript({ conversation, checkpoints, onRetry }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const groups = groupTurns(conversation.items);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && stick.current) element.scrollTop = element.scrollHeight;
  });

  return (
    <div
      ref={scroller}
      className="transcript"
      data-testid="transcript"
      aria-live="polite"
      onScroll={(event) => {
        const element = event.currentTarget;
        stick.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
      }}
    >
      {groups.length === 0 && (
        <p className="empty-state">Ask a question about the project to start.</p>
      )}
      {groups.map((group, index) => {
        const last = index === groups.length - 1;
        return (
          <TurnView
            key={group.key}
            group={group}
            live={last && conversation.running}
            onRetry={last && !conversation.running ? onRetry : null}
            checkpoints={(group.turnId && checkpoints.byTurn.get(group.turnId)) || []}
            onUndo={checkpoints.undo}
            onUndoTurn={checkpoints.undoTurn}
          />
        );
      })}
      {conversation.notice && <p className="notice">{conversation.notice}</p>}
      {conversation.lastTurnEnd?.reason === 'aborted' && <p className="notice">Stopped.</p>}
      {checkpoints.error && <p className="error-text">{checkpoints.error}</p>}
    </div>
  );
}
