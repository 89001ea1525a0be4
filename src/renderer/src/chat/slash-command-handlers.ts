// What each built-in slash command does in the app, one handler per command of the shared
// table (src/shared/slash-commands.ts). A handler never throws: it answers with the notice the
// person reads, naming what happened or why nothing did.
import type { ConversationSummary, Settings, SluiceClient } from '../../../shared/contract';
import { approvalModeSchema } from '../../../shared/approvals';
import { BUILT_IN_SLASH_COMMANDS, completeSlash } from '../../../shared/slash-commands';
import { errorMessage } from '../app/error-message';
import { compactionWords } from '../../../shared/compaction';
import type { ChatController } from './use-chat';
import type { ConversationState } from './conversation-state';
import type { CheckpointsByTurn } from './use-checkpoints';
import type { SlashNotice } from './slash-notice';
import {
  chooseMode,
  contextText,
  costText,
  lastChangingTurn,
  matchConversation,
  modeWords,
  undoText,
} from './slash-words';

/** Where a command takes the person: a view, a settings section, part of the sidebar. */
export type SlashTarget =
  'conversations' | 'changes' | 'commit' | 'inbox' | 'worktrees' | 'mcp' | 'rules' | 'tests';

/** What the workspace around the chat lends the commands. */
export interface SlashHost {
  conversations: readonly ConversationSummary[];
  settings: Settings | null;
  onSettingsChange(settings: Settings): void;
  show(target: SlashTarget): void;
}

export interface SlashEnv {
  client: SluiceClient;
  chat: ChatController;
  conversation: ConversationState;
  checkpoints: CheckpointsByTurn;
  host: SlashHost;
}

/** A notice without its command; `keepText` leaves the command in the box to correct. */
export type SlashAnswer = Omit<SlashNotice, 'command'> & { keepText?: boolean };
type Answer = SlashAnswer;
type Handler = (args: string, env: SlashEnv) => Promise<Answer> | Answer;

const info = (text: string): Answer => ({ tone: 'info', text });
const refusal = (text: string): Answer => ({ tone: 'error', text, keepText: true });

const showing =
  (target: SlashTarget, text: string): Handler =>
  (_args, env) => {
    env.host.show(target);
    return info(text);
  };

async function help(_args: string, env: SlashEnv): Promise<Answer> {
  const project = await env.client.project.commands({}).catch(() => null);
  return {
    tone: 'info',
    text: project
      ? 'Type / in the message box to pick one; project commands come from .sluice/commands/*.md.'
      : 'Type / in the message box to pick one. (The project commands could not be read.)',
    commands: completeSlash('/', project?.commands ?? []),
  };
}

async function clear(_args: string, env: SlashEnv): Promise<Answer> {
  if (env.chat.activeId === null) return info('This is already a new conversation.');
  await env.chat.select(null);
  return info('Started a new conversation; the last one stays in the list.');
}

async function resume(args: string, env: SlashEnv): Promise<Answer> {
  if (args === '') {
    env.host.show('conversations');
    return info('Pick a conversation in the list to resume it, or type /resume ID.');
  }
  const match = matchConversation(env.host.conversations, args);
  if (match.kind === 'none')
    return refusal(`No conversation of this project has the id “${args}”.`);
  if (match.kind === 'ambiguous') {
    return refusal(`“${args}” starts ${match.count} conversations' ids: type more of the id.`);
  }
  await env.chat.select(match.conversation.id);
  return info(`Resumed “${match.conversation.title || 'Untitled'}”.`);
}

async function undo(_args: string, env: SlashEnv): Promise<Answer> {
  if (env.conversation.running) {
    return refusal('A turn is running: stop it or let it finish, then /undo.');
  }
  const turn = lastChangingTurn(env.conversation.items, env.checkpoints.byTurn);
  if (!env.chat.activeId || !turn) {
    return info('No turn of this conversation changed a file: there is nothing to undo.');
  }
  if (turn.checkpoints.every((checkpoint) => checkpoint.undone)) {
    return info('The last turn that changed files is undone already.');
  }
  const result = await env.checkpoints.undoTurn(turn.turnId);
  if (!result) return refusal(env.checkpoints.error ?? 'The undo failed; nothing was changed.');
  return {
    tone: result.refused.length > 0 ? 'error' : 'info',
    text: undoText(result, turn.checkpoints),
  };
}

async function mode(args: string, env: SlashEnv): Promise<Answer> {
  const known = approvalModeSchema.options as readonly string[];
  if (args === '') {
    const policy = await env.client.approvals.getPolicy({});
    return info(
      `The approval mode is ${modeWords(policy.mode)}. Type /mode ${known.join('|')} to change it.`,
    );
  }
  const choice = chooseMode(args, known);
  if (choice.kind === 'refused') return refusal(choice.text);
  const set = await env.client.approvals.setMode({ mode: approvalModeSchema.parse(choice.mode) });
  return info(`Approval mode set to ${modeWords(set.mode)} for this project.`);
}

async function model(args: string, env: SlashEnv): Promise<Answer> {
  const current = env.host.settings?.model;
  if (args === '') {
    return info(
      current
        ? `The model is ${current}. Type /model NAME to change it (it is also in Settings).`
        : 'The settings have not loaded yet: try again in a moment.',
    );
  }
  if (/\s/u.test(args)) return refusal('A model name is one word, such as claude-sonnet-5-5.');
  const saved = await env.client.settings.set({ model: args });
  env.host.onSettingsChange(saved);
  return info(
    `Model set to ${saved.model}: the next turn of every conversation uses it (Settings → Model).`,
  );
}

/** Sends the finished turns as a summary from now on, then shows the conversation marked. */
async function compact(_args: string, env: SlashEnv): Promise<Answer> {
  const conversationId = env.chat.activeId;
  if (conversationId === null) return info('This is a new conversation: nothing to compact yet.');
  if (env.conversation.running) {
    return refusal('A turn is running: let it finish or stop it, then /compact.');
  }
  const result = await env.client.agent.compact({ conversationId });
  await env.chat.select(conversationId);
  return info(compactionWords(result));
}

const HANDLERS: Readonly<Record<string, Handler>> = {
  help,
  clear,
  resume,
  diff: showing('changes', 'Opened Changes: the working tree against HEAD.'),
  commit: showing(
    'commit',
    'Opened Changes: pick the files, write the message and press Commit there.',
  ),
  undo,
  mode,
  model,
  cost: (_args, env) => info(costText(env.conversation.usage)),
  context: (_args, env) => info(contextText(env.conversation.figures)),
  compact,
  inbox: showing('inbox', 'Opened the inbox: the change sets of background runs.'),
  worktree: showing(
    'worktrees',
    'The worktrees are in the sidebar: start a chat in a new one there.',
  ),
  mcp: showing('mcp', 'Opened Settings at MCP servers.'),
  rules: showing('rules', 'Opened Settings at Approvals, where the approval rules are.'),
  tests: showing('tests', 'Opened Settings at Run affected tests before approval.'),
};

/** Every built-in of the shared table has a handler here (the tests hold it). */
export const HANDLED_COMMANDS = Object.keys(HANDLERS);

export function isHandledBuiltIn(name: string): boolean {
  return Object.hasOwn(HANDLERS, name) && BUILT_IN_SLASH_COMMANDS.some((c) => c.name === name);
}

/** Runs a built-in; a failed call becomes a notice that says what was not done and why. */
export async function runBuiltIn(name: string, args: string, env: SlashEnv): Promise<Answer> {
  const handler = HANDLERS[name];
  if (!handler) return refusal('is not a command of the app.');
  try {
    return await handler(args, env);
  } catch (error) {
    return refusal(`did not run: ${errorMessage(error)}`);
  }
}
