// The contract's `agent` service: starts turns in the background and streams their events
// through the injected emitter; lists, shows, renames and deletes conversations. The open
// project (its runner, with workspace and tools) comes through `currentProject`.
import type { AgentEvent } from '../../../shared/agent-events';
import type { ConversationView, Mention } from '../../../shared/contract/agent-service';
import type { ServiceHandlers } from '../../../shared/contract/define';
import type { agentService } from '../../../shared/contract/agent-service';
import type { TurnOutcome } from '../agent/agent-loop';
import {
  INTERRUPTED_TURN,
  type ConversationRunner,
  type StartedTurn,
} from '../agent/conversation-runner';
import type { TurnCommitStep } from '../git/turn-commit-step';
import type { ConversationRepository } from '../store/conversation-repository';

export interface AgentHandlersDeps {
  repository: ConversationRepository;
  /** The open project and its runner; throws a message for the person when none is open. */
  currentProject(): { projectId: string; runner: ConversationRunner };
  emit(event: 'agent', payload: AgentEvent): void;
  /** `conversations.changed`: a conversation was created, renamed, deleted or got a new turn. */
  emitConversationsChanged?(payload: { conversationId?: string }): void;
  /** Where a failure of the background pump is reported (it has no caller to throw to). */
  onBackgroundError?(error: unknown): void;
  /** The content of mentioned files and symbols, sent with the message (agent/mention-context.ts). */
  mentionContext?(mentions: readonly Mention[]): Promise<string | undefined>;
  /**
   * Commit each approved turn: for the project open when the turn starts, what to
   * run once it ends (null: the setting is off); its step is shown before the turn's end.
   */
  turnCommitter?(): ((turn: FinishedTurn) => Promise<TurnCommitStep | null>) | null;
}

export interface FinishedTurn {
  readonly conversationId: string;
  readonly turnId: string;
  readonly prompt: string;
}

export type AgentHandlers = ServiceHandlers<typeof agentService>;

export function createAgentHandlers(
  deps: AgentHandlersDeps,
): AgentHandlers & { idle(): Promise<void> } {
  const { repository } = deps;
  /** Turns whose events are still being pumped, so tests and shutdown can await them. */
  const pumping = new Set<Promise<void>>();

  function pump(started: StartedTurn): void {
    const commit = deps.turnCommitter?.() ?? null;
    const run = (async () => {
      const events: AsyncGenerator<AgentEvent, TurnOutcome> = started.events;
      let prompt = '';
      try {
        for await (const event of events) {
          if (event.type === 'turn_start') prompt = event.userText;
          if (event.type === 'turn_end' && commit)
            await commitStep(commit, {
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
    })();
    pumping.add(run);
    void run.finally(() => pumping.delete(run));
  }

  /** The turn's commit, shown as one step (git's and the hooks' output as its result). */
  async function commitStep(
    commit: (turn: FinishedTurn) => Promise<TurnCommitStep | null>,
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

  function runnerFor(conversationId: string): ConversationRunner {
    const { projectId, runner } = deps.currentProject();
    const record = repository.get(conversationId);
    if (!record) throw new Error(`There is no conversation ${conversationId}.`);
    if (record.projectId !== projectId)
      throw new Error(
        'That conversation belongs to another project; open that project to continue it.',
      );
    return runner;
  }

  function view(conversationId: string): ConversationView {
    const record = repository.get(conversationId);
    if (!record) throw new Error(`There is no conversation ${conversationId}.`);
    const running = (() => {
      try {
        return deps.currentProject().runner.isRunning(conversationId);
      } catch {
        return false;
      }
    })();
    if (!running) repository.closeInterruptedTurns(conversationId, INTERRUPTED_TURN);
    return {
      id: record.id,
      projectId: record.projectId,
      title: record.title,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
      items: repository.transcript(conversationId),
      usage: repository.usageTotals(conversationId),
      running,
      canContinue: !running && repository.lastTurn(conversationId)?.reason === 'max_turns',
    };
  }

  function startAndPump(started: StartedTurn): { conversationId: string; turnId: string } {
    pump(started);
    deps.emitConversationsChanged?.({ conversationId: started.conversationId });
    return { conversationId: started.conversationId, turnId: started.turnId };
  }

  return {
    /** Resolves when every background turn has finished streaming (tests, shutdown). */
    async idle() {
      while (pumping.size) await Promise.all([...pumping]);
    },
    async send(input) {
      const text = input.text;
      const context = deps.mentionContext ? await deps.mentionContext(input.mentions) : undefined;
      if (input.conversationId === undefined) {
        return startAndPump(deps.currentProject().runner.start({ kind: 'send', text, context }));
      }
      return startAndPump(
        runnerFor(input.conversationId).start({
          kind: 'send',
          conversationId: input.conversationId,
          text,
          context,
        }),
      );
    },
    abort(input) {
      const { runner } = deps.currentProject();
      return { aborted: runner.abort(input.conversationId) };
    },
    continue(input) {
      return startAndPump(
        runnerFor(input.conversationId).start({
          kind: 'continue',
          conversationId: input.conversationId,
        }),
      );
    },
    retry(input) {
      return startAndPump(
        runnerFor(input.conversationId).start({
          kind: 'retry',
          conversationId: input.conversationId,
        }),
      );
    },
    listConversations() {
      return repository.list(deps.currentProject().projectId);
    },
    getConversation(input) {
      return view(input.conversationId);
    },
    renameConversation(input) {
      const renamed = repository.rename(input.conversationId, input.title);
      if (!renamed) throw new Error(`There is no conversation ${input.conversationId}.`);
      deps.emitConversationsChanged?.({ conversationId: input.conversationId });
      const { model: _model, ...summary } = renamed;
      return summary;
    },
    async deleteConversation(input) {
      try {
        const { runner } = deps.currentProject();
        if (runner.abort(input.conversationId)) await Promise.all([...pumping]);
      } catch {
        // No project open: nothing can be running.
      }
      const deleted = repository.delete(input.conversationId);
      if (deleted) deps.emitConversationsChanged?.({ conversationId: input.conversationId });
      return { deleted };
    },
  };
}
