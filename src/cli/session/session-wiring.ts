// The session's /commands joined to the project: the conversations it can take up, the verbs
// it runs with the screen stepped aside, the project's own commands, the mode it works in.
import { loadProjectCommands, type ProjectCommand } from '../../main/core/project/project-commands';
import {
  listConversations,
  type ConversationSummary,
} from '../../main/core/store/conversation-listing';
import { createConversationRepository } from '../../main/core/store/conversation-repository';
import { createCheckpointRepository } from '../../main/core/store/checkpoint-repository';
import type { CheckpointStore } from '../../main/core/checkpoints/checkpoint-store';
import { tokensSavedSinceLatestRequest } from '../../main/core/store/conversation-compactions';
import { conversationFigures } from '../../main/core/services/conversation-figures';
import type { Workspace } from '../../main/core/workspace/workspace';
import type { CliIo, Verb } from '../cli-io';
import type { CliEngine } from '../cli-engine';
import { outsideLine } from '../terminal-safe-text';
import { modelInfo } from '../../main/core/agent/model-catalog';
import { compactConversation } from '../../main/core/agent/conversation-compaction';
import { compactionWords } from '../../shared/compaction';
import { createEnvClient } from '../ask-model';
import { checkModelFromEnv } from './model-check';
import type { SessionController } from './session-controller';
import { runSessionCommand, type LiveChange } from './session-commands';
import { conversationOf, pickerLine } from './session-resume';
import type { SessionStore } from './session-store';

export interface SessionWiring {
  run(name: string, args: string): Promise<void>;
  projectCommands(): Promise<readonly ProjectCommand[]>;
  resume(typed: string): Promise<void>;
}

interface Stage {
  beginReview(): Promise<void>;
  endReview(): void;
}

/** The verbs a /command runs, loaded when it is used (never the verb table: it loads this). */
const VERB_LOADERS: Readonly<Record<string, () => Promise<{ default: Verb }>>> = {
  diff: () => import('../commands/diff'),
  commit: () => import('../commands/commit'),
  proposals: () => import('../commands/proposals'),
  worktrees: () => import('../commands/worktrees'),
  mcp: () => import('../commands/mcp'),
  rules: () => import('../commands/rules'),
  undo: () => import('../commands/undo'),
};

/** How many conversations /resume lists. */
const LISTED = 15;

export function sessionCommands(deps: {
  io: CliIo;
  cli: CliEngine;
  workspace: Workspace;
  store: SessionStore;
  controller: SessionController;
  stage: Stage;
}): SessionWiring {
  const { io, cli, workspace, store, controller, stage } = deps;
  const { engine, db } = cli;
  const repository = createConversationRepository(db);
  const checkpoints = createCheckpointRepository(db, engine.projectId);
  let listed: ConversationSummary[] = [];

  const projectCommands = async (): Promise<readonly ProjectCommand[]> =>
    (await loadProjectCommands(workspace)).commands;

  const resume = async (typed: string): Promise<void> => {
    const byNumber = /^\d{1,3}$/u.test(typed) ? listed[Number(typed) - 1]?.id : undefined;
    let id: string;
    try {
      id = byNumber ?? conversationOf(db, engine.projectId, typed);
    } catch (error) {
      store.say(error instanceof Error ? error.message : String(error), 'warn');
      return;
    }
    const record = repository.get(id);
    if (!record) return;
    const items = repository.transcript(id);
    const view = {
      ...record,
      items,
      usage: repository.usageTotals(id),
      running: false,
      canContinue: false,
      ...conversationFigures(db, record),
    };
    store.load(view, record.title);
    controller.conversationId = id;
    store.say(`Going on with "${outsideLine(record.title)}" (${id.slice(0, 8)}).`, 'ok');
  };

  const runVerb = async (name: string, args: readonly string[]): Promise<void> => {
    const load = VERB_LOADERS[name];
    if (!load) return;
    await stage.beginReview();
    try {
      const verb = (await load()).default;
      await verb.run([...args, '--project', workspace.root], io);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      io.stderr.write(`sluice ${name}: ${message}\n`);
    } finally {
      stage.endReview();
    }
  };

  const compact = async (): Promise<void> => {
    const id = controller.conversationId;
    if (!id) {
      store.say('Nothing to compact yet: this conversation has no turn.', 'warn');
      return;
    }
    try {
      const result = await compactConversation({
        db,
        conversationId: id,
        isRunning: (conversationId) => engine.runner.isRunning(conversationId),
        createClient: () => createEnvClient(io, undefined),
      });
      store.compacted(tokensSavedSinceLatestRequest(db, id));
      store.say(compactionWords(result), 'ok');
    } catch (error) {
      store.say(error instanceof Error ? error.message : String(error), 'warn');
    }
  };

  const run = (name: string, args: string): Promise<void> =>
    runSessionCommand(
      {
        store,
        contextWindow: modelInfo(store.snapshot().model).contextWindow,
        conversationId: () => controller.conversationId,
        liveChanges: () => liveChangesOf(checkpoints, controller.conversationId),
        newConversation: () => {
          controller.conversationId = null;
          store.clear();
        },
        resume,
        listConversations: async () => {
          listed = listConversations(db, engine.projectId, { limit: LISTED }).filter(
            (c) => c.projectId === engine.projectId,
          );
          const now = Date.now();
          store.say(
            listed.length
              ? `Conversations, newest first (/resume N or /resume ID):\n${listed.map((c, i) => pickerLine(c, i, now)).join('\n')}`
              : 'No conversations in this project yet.',
          );
        },
        send: (text) => controller.submit(text),
        runVerb,
        setMode: (mode) => {
          engine.setMode(mode);
          store.setMode(mode);
          return `Mode: ${mode} for this session (the project's setting is unchanged; sluice rules mode sets it).`;
        },
        projectCommands,
        compact: () => compact(),
        checkModel: (name) => checkModelFromEnv(() => createEnvClient(io, undefined), name),
      },
      name,
      args,
    );

  return { run, projectCommands, resume };
}

/** The changes of a conversation that are not undone, newest first, each with its turn. */
function liveChangesOf(checkpoints: CheckpointStore, conversationId: string | null): LiveChange[] {
  if (!conversationId) return [];
  return checkpoints
    .list({ conversationId })
    .flatMap((c) =>
      c.undone || !c.turnId
        ? []
        : [{ checkpointId: c.id, turnId: c.turnId, path: c.path, change: c.change }],
    );
}
