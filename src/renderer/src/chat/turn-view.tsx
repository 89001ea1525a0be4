// One turn of the transcript: the person's message, then text, steps (tool calls and hook runs),
// plans and errors in order.
// While the turn runs its steps are live lines; afterwards they collapse into one summary. A
// plan (plan mode) stays a card in its place.
import type { ReactNode } from 'react';
import type { Checkpoint, UndoResult } from '../../../shared/contract';
import type { TurnGroup } from './conversation-state';
import { MarkdownMessage } from './markdown-message';
import { AttachedImages } from './attached-images';
import { PlanCard } from './plan-card';
import { StepGroup, type StepItem } from './step-group';
import { TurnChanges } from './turn-changes';
import { TurnCost } from './turn-footer';
import type { Usage } from '../../../shared/usage';

interface Props {
  group: TurnGroup;
  /** The turn's place in the conversation (1 for the first). */
  number: number;
  /** Where the message's attached images are fetched from. */
  conversationId: string;
  live: boolean;
  /** Set on the last turn when Retry is possible. */
  onRetry: (() => void) | null;
  checkpoints: Checkpoint[];
  onUndo(id: string, force?: boolean): Promise<UndoResult | null>;
  onUndoTurn(turnId: string, force?: boolean): Promise<UndoResult | null>;
  /** What the turn's requests cost, shown once it has finished. */
  usage?: Usage | undefined;
}

export function TurnView({
  group,
  number,
  conversationId,
  live,
  onRetry,
  checkpoints,
  onUndo,
  onUndoTurn,
  usage,
}: Props) {
  const body: ReactNode[] = [];
  // A submitted plan is a card of its own, in its place, live or not: never folded into the steps.
  const allSteps = group.items.filter(
    (item): item is StepItem =>
      (item.type === 'tool' && item.plan === undefined) || item.type === 'hook',
  );
  let pendingSteps: StepItem[] = [];
  let summaryPlaced = false;

  const flushSteps = () => {
    if (pendingSteps.length === 0) return;
    if (live) {
      body.push(<StepGroup key={`steps-${pendingSteps[0]?.id}`} steps={pendingSteps} live />);
    } else if (!summaryPlaced) {
      body.push(<StepGroup key="steps-summary" steps={allSteps} live={false} />);
      summaryPlaced = true;
    }
    pendingSteps = [];
  };

  const lastError = [...group.items].reverse().find((item) => item.type === 'error');
  for (const item of group.items) {
    if (item.type === 'tool' && item.plan) {
      flushSteps();
      body.push(<PlanCard key={item.id} card={item.plan} />);
      continue;
    }
    if (item.type === 'tool' || item.type === 'hook') {
      pendingSteps.push(item);
      continue;
    }
    flushSteps();
    if (item.type === 'assistant_text') {
      body.push(
        <div key={item.id} className="message assistant" data-testid="assistant-message">
          <MarkdownMessage text={item.text} />
        </div>,
      );
    } else {
      const canRetry =
        onRetry && item === lastError && (!('retryable' in item) || item.retryable !== false);
      body.push(
        <div key={item.id} className="message error" role="alert">
          <span className="error-text">{item.message}</span>
          {canRetry && (
            <button type="button" className="button small" onClick={onRetry}>
              Retry
            </button>
          )}
        </div>,
      );
    }
  }
  flushSteps();

  return (
    <article className="turn" data-testid="turn">
      {group.user && (
        <div className="message user" data-testid="user-message">
          {group.user.images?.length ? (
            <AttachedImages conversationId={conversationId} images={group.user.images} />
          ) : null}
          <p className="user-text">{group.user.text}</p>
        </div>
      )}
      {body}
      {!live && group.turnId && checkpoints.length > 0 && (
        <TurnChanges
          turnId={group.turnId}
          turnNumber={number}
          userText={group.user?.text}
          checkpoints={checkpoints}
          onUndo={onUndo}
          onUndoTurn={onUndoTurn}
        />
      )}
      {!live && usage && <TurnCost usage={usage} />}
    </article>
  );
}
