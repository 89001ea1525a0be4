// The contract's `agent` service: starts turns in the background and streams their events
// through the injected emitter; lists (searchable), shows, renames, compacts and deletes
// conversations, and hands out the images a message carries, one at a time.
// The open project (its runner, with workspace and tools) comes through `currentProject`.
import type { ConversationView, Mention } from '../../../shared/contract/agent-service';
import type { ServiceHandlers } from '../../../shared/contract/define';
import type { agentService } from '../../../shared/contract/agent-service';
import {
  INTERRUPTED_TURN,
  type ConversationRunner,
  type StartedTurn,
} from '../agent/conversation-runner';
import type { ConversationRepository } from '../store/conversation-repository';
import { createTurnPump, type TurnPump, type TurnPumpDeps } from './turn-pump';
import type Anthropic from '@anthropic-ai/sdk';
import { compactConversation } from '../agent/conversation-compaction';
import type { WritableDb } from '../store/database-handles';
import { conversationFigures } from './conversation-figures';

export type { FinishedTurn } from './turn-pump';

export interface AgentHandlersDeps extends TurnPumpDeps {
  repository: ConversationRepository;
  /** The open project and its runner; throws a message for the person when none is open. */
  currentProject(): { projectId: string; runner: ConversationRunner };
  /** The content of mentioned files and symbols, sent with the message (agent/mention-context.ts). */
  mentionContext?(mentions: readonly Mention[]): Promise<string | undefined>;
  /**
   * The app database, for `compact` and a view's figures (each turn's cost, the context in
   * use, compactions); absent: `compact` says this session cannot, and views carry none.
   */
  appDb?: WritableDb;
  /** Makes the client that drafts a compaction's summary; absent: Sluice's own summary. */
  createClient?: () => Anthropic;
}

export type AgentHandlers = ServiceHandlers<typeof agentService>;

export function createAgentHandlers(
  deps: AgentHandlersDeps,
): AgentHandlers & { idle(): Promise<void> } {
  const { repository } = deps;
  /** Turns whose events are still being pumped, so tests and shutdown can await them. */
  const turns = createTurnPump(deps);
  const runnerFor = (conversationId: string) => conversationRunner(deps, conversationId);
  const startAndPump = (started: StartedTurn) => startInBackground(deps, turns, started);

  return {
    /** Resolves when every background turn has finished streaming (tests, shutdown). */
    idle: () => turns.idle(),
    async send(input) {
      const text = input.text;
      const context = deps.mentionContext ? await deps.mentionContext(input.mentions) : undefined;
      const images = input.images ?? [];
      if (input.conversationId === undefined) {
        return startAndPump(
          deps.currentProject().runner.start({ kind: 'send', text, context, images }),
        );
      }
      return startAndPump(
        runnerFor(input.conversationId).start({
          kind: 'send',
          conversationId: input.conversationId,
          text,
          context,
          images,
        }),
      );
    },
    image(input) {
      const image =
        repository.attachedImage(input.conversationId, input.turnId, input.index) ??
        runningTurnImage(deps, input.conversationId, input.turnId, input.index);
      if (!image)
        throw new Error(
          `There is no image ${input.index + 1} in that message of conversation ${input.conversationId}.`,
        );
      return image;
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
    listConversations(input) {
      return repository.listing(deps.currentProject().projectId, input);
    },
    getConversation(input) {
      return conversationView(deps, input.conversationId);
    },
    renameConversation(input) {
      const renamed = repository.rename(input.conversationId, input.title);
      if (!renamed) throw new Error(`There is no conversation ${input.conversationId}.`);
      deps.emitConversationsChanged?.({ conversationId: input.conversationId });
      const { model: _model, ...summary } = renamed;
      return summary;
    },
    async compact(input) {
      if (!deps.appDb) throw new Error('This session cannot compact conversations.');
      const runner = runnerFor(input.conversationId);
      const result = await compactConversation({
        db: deps.appDb,
        conversationId: input.conversationId,
        isRunning: (id) => runner.isRunning(id),
        createClient: deps.createClient,
      });
      deps.emitConversationsChanged?.({ conversationId: input.conversationId });
      return result;
    },
    async deleteConversation(input) {
      try {
        const { runner } = deps.currentProject();
        if (runner.abort(input.conversationId)) await turns.current();
      } catch {
        // No project open: nothing can be running.
      }
      const deleted = repository.delete(input.conversationId);
      if (deleted) deps.emitConversationsChanged?.({ conversationId: input.conversationId });
      return { deleted };
    },
  };
}

function startInBackground(
  deps: AgentHandlersDeps,
  turns: TurnPump,
  started: StartedTurn,
): { conversationId: string; turnId: string } {
  turns.pump(started);
  deps.emitConversationsChanged?.({ conversationId: started.conversationId });
  return { conversationId: started.conversationId, turnId: started.turnId };
}

/** An image of a turn still starting (its message not kept yet), when the open project runs it. */
function runningTurnImage(
  deps: AgentHandlersDeps,
  conversationId: string,
  turnId: string,
  index: number,
) {
  try {
    return deps.currentProject().runner.turnImage(conversationId, turnId, index);
  } catch {
    return null;
  }
}

/** The open project's runner, when the conversation is one of the open project's. */
function conversationRunner(deps: AgentHandlersDeps, conversationId: string): ConversationRunner {
  const { projectId, runner } = deps.currentProject();
  const record = deps.repository.get(conversationId);
  if (!record) throw new Error(`There is no conversation ${conversationId}.`);
  if (record.projectId !== projectId)
    throw new Error(
      'That conversation belongs to another project; open that project to continue it.',
    );
  return runner;
}

function conversationView(deps: AgentHandlersDeps, conversationId: string): ConversationView {
  const { repository } = deps;
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
    ...(deps.appDb ? conversationFigures(deps.appDb, record) : {}),
  };
}
