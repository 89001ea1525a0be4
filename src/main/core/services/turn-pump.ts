// The `agent` service's background pump: a started turn's events streamed through the emitter
// with no caller awaiting them, the turn's commit (commit each turn) shown as one step before
// its end, and the turns still streaming kept so tests, delete and shutdown can await them.
import type { AgentEvent } from '../../../shared/agent-events';
import type { TurnOutcome } from '../agent/agent-loop';
import type { StartedTurn } from '../agent/conversation-runner';
import type { TurnCommitStep } from '../git/turn-commit-step';

export interface FinishedTurn {
  readonly conversationId: string;
  readonly turnId: string;
  readonly prompt: string;
}

/** What a turn's end runs to commit it; null when there was nothing to show. */
export type TurnCommit = (turn: FinishedTurn) => Promise<TurnCommitStep | null>;

export interface TurnPumpDeps {
  emit(event: 'agent', payload: AgentEvent): void;
  /** `conversations.changed`: a conversation was created, renamed, deleted or got a new turn. */
  emitConversationsChanged?(payload: { conversationId?: string }): void;
  /** Where a failure of the background pump is reported (it has no caller to throw to). */
  onBackgroundError?(error: unknown): void;
  /**
   * Commit each approved turn: for the project open when the turn starts, what to
   * run once it ends (null: the setting is off); its step is shown before the turn's end.
   */
  turnCommitter?(): TurnCommit | null;
}

export interface TurnPump {
  pump(started: StartedTurn): void;
  /** Resolves when the turns streaming now have finished. */
  current(): Promise<void>;
  /** Resolves when every background turn has finished streaming, those started meanwhile too. */
  idle(): Promise<void>;
}

export function createTurnPump(deps: TurnPumpDeps): TurnPump {
  const pumping = new Set<Promise<void>>();
  return {
    pump(started) {
      const run = pumpEvents(deps, started, deps.turnCommitter?.() ?? null);
      pumping.add(run);
      void run.finally(() => pumping.delete(run));
    },
    async current() {
      await Promise.all([...pumping]);
    },
    async idle() {
      while (pumping.size) await Promise.all([...pumping]);
    },
  };
}

async function pumpEvents(
  deps: TurnPumpDeps,
  started: StartedTurn,
  commit: TurnCommit | null,
): Promise<void> {
  const events: AsyncGenerator<AgentEvent, TurnOutcome> = started.events;
  let prompt = '';
  try {
    for await (const event of events) {
      if (event.type === 'turn_start') prompt = event.userText;
      if (event.type === 'turn_end' && commit)
        await commitStep(deps, commit, {
          conversationId: event.conversationId,
          turnId: event.turnId,
          prompt,
        });
      deps.emit('agent', event);
    }
  } catch (error) {
    deps.onBackgroundError?.(error);
  } finally {
    deps.emitConversationsChanged?.({ conversationId: started.conversationId });
  }
}

/** The turn's commit, shown as one step (git's and the hooks' output as its result). */
async function commitStep(
  deps: TurnPumpDeps,
  commit: TurnCommit,
  turn: FinishedTurn,
): Promise<void> {
  let step: TurnCommitStep | null;
  try {
    step = await commit(turn);
  } catch (error) {
    step = {
      status: 'error',
      label: "This turn's files are written but could not be committed",
      result: error instanceof Error ? error.message : String(error),
    };
  }
  if (!step) return;
  const base = { conversationId: turn.conversationId, turnId: turn.turnId };
  const toolUseId = `git-commit-${turn.turnId}`;
  deps.emit('agent', {
    type: 'tool_start',
    ...base,
    toolUseId,
    name: 'git_commit',
    input: { commitEachTurn: true },
    label: step.label,
  });
  deps.emit('agent', {
    type: 'tool_end',
    ...base,
    toolUseId,
    name: 'git_commit',
    status: step.status,
    result: step.result,
  });
}
