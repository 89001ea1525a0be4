// The conversation's turns. It follows the bottom while text streams unless the person has
// scrolled up to read; overflow anchoring keeps earlier content from jumping.
import { useLayoutEffect, useRef } from 'react';
import { groupTurns, type ConversationState } from './conversation-state';
import { TurnView } from './turn-view';
import { CompactionLine } from './turn-footer';
import { addUsage, type Usage } from '../../../shared/usage';
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
  const { turnUsage, compactions } = conversation.figures;

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
      // A long conversation scrolls: the keyboard must reach it even where no turn has a button.
      tabIndex={0}
      role="log"
      aria-label="Conversation"
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
        // A group holds its Continue turns too: their costs add up, and a mark may follow any.
        const turnIds = new Set(group.items.map((item) => item.turnId));
        const marks = compactions.filter((mark) => turnIds.has(mark.afterTurnId));
        return [
          <TurnView
            key={group.key}
            group={group}
            number={index + 1}
            conversationId={conversation.id}
            live={last && conversation.running}
            onRetry={last && !conversation.running ? onRetry : null}
            checkpoints={(group.turnId && checkpoints.byTurn.get(group.turnId)) || []}
            onUndo={checkpoints.undo}
            onUndoTurn={checkpoints.undoTurn}
            usage={groupUsage(turnIds, turnUsage)}
          />,
          ...marks.map((mark) => (
            <CompactionLine
              key={`compaction-${mark.afterTurnId}-${mark.turnsSummarised}`}
              mark={mark}
            />
          )),
        ];
      })}
      {conversation.notice && <p className="notice">{conversation.notice}</p>}
      {conversation.lastTurnEnd?.reason === 'aborted' && <p className="notice">Stopped.</p>}
      {checkpoints.error && <p className="error-text">{checkpoints.error}</p>}
    </div>
  );
}

/** The cost of a group's turns, or undefined when none of them sent a request. */
function groupUsage(
  turnIds: ReadonlySet<string>,
  byTurn: Readonly<Record<string, Usage>>,
): Usage | undefined {
  const usages = [...turnIds].flatMap((id) => (byTurn[id] ? [byTurn[id]] : []));
  return usages.length ? usages.reduce(addUsage) : undefined;
}
