// What each /command does in the terminal session. The commands are the app's (one table in
// shared/slash-commands.ts); the ones that are a verb of their own (/diff, /commit, /inbox,
// /mcp, /rules, /tests, /worktree, /undo) run that verb on the terminal, with the session's
// screen stepped aside, so they read and ask exactly as `sluice diff` or `sluice commit` do.
// A project command (.sluice/commands/NAME.md) becomes its prompt and is sent.
import {
  BUILT_IN_SLASH_COMMANDS,
  expandProjectCommand,
  slashUsage,
} from '../../shared/slash-commands';
import { contextLeft } from '../../shared/conversation-figures';
import { costWords, contextWords, inputTokens } from '../../shared/usage-words';
import { turnCostLines, turnCosts } from '../../shared/turn-costs';
import { approvalModeSchema, type ApprovalMode } from '../../shared/approvals';
import type { ProjectCommand } from '../../main/core/project/project-commands';
import { outsideLine, outsideText } from '../terminal-safe-text';
import type { SessionStore } from './session-store';
import type { ModelCheck } from './model-check';
import { isModelName } from '../../shared/model-name';

export interface SessionCommandDeps {
  readonly store: SessionStore;
  readonly contextWindow: number;
  /** The session's conversation, null before the first turn or after /clear. */
  conversationId(): string | null;
  /** The changes of the session's conversation that are not undone, newest first. */
  liveChanges(): readonly LiveChange[];
  newConversation(): void;
  resume(id: string): Promise<void>;
  listConversations(): Promise<void>;
  /** Sends a prompt as a turn. */
  send(text: string): Promise<void>;
  /** Runs a verb on the terminal with the screen stepped aside (the project's root added). */
  runVerb(name: string, args: readonly string[]): Promise<void>;
  setMode(mode: ApprovalMode): string;
  projectCommands(): Promise<readonly ProjectCommand[]>;
  compact(): Promise<void>;
  /** Whether the API has a model of that name (model-check.ts). */
  checkModel(name: string): Promise<ModelCheck>;
}

/** A change a turn made to a file (its checkpoint), not undone. */
export interface LiveChange {
  readonly checkpointId: string;
  readonly turnId: string;
  readonly path: string;
  /** What the change did: created the file, modified it, or deleted it. */
  readonly change: 'created' | 'modified' | 'deleted';
}

const VERBS: Record<string, readonly [string, ...string[]]> = {
  diff: ['diff'],
  commit: ['commit'],
  inbox: ['proposals'],
  worktree: ['worktrees', 'list'],
  mcp: ['mcp', 'list'],
  rules: ['rules', 'list'],
  tests: ['rules', 'tests'],
};

export async function runSessionCommand(
  deps: SessionCommandDeps,
  name: string,
  args: string,
): Promise<void> {
  const { store } = deps;
  const verb = VERBS[name];
  if (verb) {
    const [verbName, ...rest] = verb;
    await deps.runVerb(verbName, [...rest, ...splitArgs(args)]);
    return;
  }
  switch (name) {
    case 'help':
      return help(deps);
    case 'clear':
      deps.newConversation();
      store.say('New conversation. The earlier one is kept: /resume lists it.', 'ok');
      return;
    case 'resume':
      return args ? deps.resume(args) : deps.listConversations();
    case 'undo':
      return undoLastTurn(deps);
    case 'mode':
      return setMode(deps, args);
    case 'model':
      return setModel(deps, args.trim());
    case 'cost':
      store.say(sessionCost(store));
      return;
    case 'context': {
      const { latest, contextSaved } = store.snapshot();
      store.say(contextWords(contextLeft(latest, deps.contextWindow, contextSaved)));
      return;
    }
    case 'compact':
      return deps.compact();
    default:
      return projectCommand(deps, name, args);
  }
}

async function help(deps: SessionCommandDeps): Promise<void> {
  const project = await deps.projectCommands();
  const usages = BUILT_IN_SLASH_COMMANDS.map((c) => slashUsage(c));
  const width = Math.max(...usages.map((u) => u.length), ...project.map((c) => c.name.length + 1));
  const lines = BUILT_IN_SLASH_COMMANDS.map(
    (c, i) => `  ${(usages[i] ?? '').padEnd(width)}  ${c.summary}`,
  );
  if (project.length) {
    lines.push('Project commands (.sluice/commands):');
    for (const c of project) lines.push(`  ${`/${c.name}`.padEnd(width)}  ${c.description}`);
  }
  lines.push(
    'Keys: Enter sends · \\ then Enter or Alt+Enter: new line · ↑ earlier prompts · @ files · Esc stops a turn · Ctrl+C twice leaves',
  );
  deps.store.say(`Commands:\n${lines.join('\n')}`);
}

/**
 * /undo: the newest turn of the conversation whose changes are not undone (a turn that only
 * answered changed nothing, and one undone already is passed over), then the files restored.
 */
async function undoLastTurn(deps: SessionCommandDeps): Promise<void> {
  const live = deps.liveChanges();
  const turnId = live[0]?.turnId;
  if (!turnId) {
    deps.store.say(
      deps.conversationId()
        ? 'Nothing to undo: no turn of this conversation changed a file that is not undone.'
        : 'Nothing to undo: this conversation has no turn yet.',
      'warn',
    );
    return;
  }
  const changes = live.filter((c) => c.turnId === turnId);
  await deps.runVerb('undo', [turnId, '--turn']);
  const still = new Set(deps.liveChanges().map((c) => c.checkpointId));
  const undone = undoneFiles(changes.filter((c) => !still.has(c.checkpointId)));
  const kept = pathsOf(changes.filter((c) => still.has(c.checkpointId)));
  const turn = turnId.slice(0, 8);
  if (undone.length)
    deps.store.say(`Undid turn ${turn}: ${undone.join('; ')}.`, kept.length ? 'warn' : 'ok');
  if (kept.length)
    deps.store.say(
      `Not restored (turn ${turn}): ${kept.join(', ')}; the undo says why above.`,
      'warn',
    );
}

/**
 * What each undone file is now, once per file, by the turn's first change to it (changes come
 * newest first): a file the turn created is removed, any other is restored.
 */
function undoneFiles(changes: readonly LiveChange[]): string[] {
  const first = new Map<string, LiveChange['change']>();
  for (const c of changes) first.set(c.path, c.change);
  const restored = [...first].filter(([, change]) => change !== 'created').map(([p]) => p);
  const removed = [...first].filter(([, change]) => change === 'created').map(([p]) => p);
  return [
    ...(restored.length ? [`restored ${restored.map(outsideLine).join(', ')}`] : []),
    ...(removed.length
      ? [`removed ${removed.map(outsideLine).join(', ')} (created in that turn)`]
      : []),
  ];
}

/** Each file once, as a person reads it. */
function pathsOf(changes: readonly LiveChange[]): string[] {
  return [...new Set(changes.map((c) => outsideLine(c.path)))];
}

/** /model: shows the model, or switches this session to one the API has (said when unchecked). */
async function setModel(deps: SessionCommandDeps, name: string): Promise<void> {
  const { store } = deps;
  const current = store.snapshot().model;
  if (!name) {
    store.say(`Model: ${outsideLine(current)} (/model NAME switches this session to another).`);
    return;
  }
  if (!isModelName(name)) {
    store.say(
      `"${outsideLine(name)}" is not a model name (letters, digits and . _ : @ - only). The model stays ${outsideLine(current)}.`,
      'warn',
    );
    return;
  }
  const check = await deps.checkModel(name);
  if (check.kind === 'absent') {
    store.say(
      `Not switched: ${outsideLine(check.message)}. The model stays ${outsideLine(current)}.`,
      'warn',
    );
    return;
  }
  store.setModel(name);
  if (check.kind === 'found')
    store.say(
      `Model: ${name} (${outsideLine(check.displayName)}) for this session, from the next turn.`,
      'ok',
    );
  else
    store.say(
      `Model: ${name} for this session, from the next turn; not checked (${outsideLine(check.reason)}).`,
      'warn',
    );
}

/** The conversation's cost so far, then each turn's (the newest listed, earlier ones summed). */
function sessionCost(store: SessionStore): string {
  const { usage, items, figures } = store.snapshot().conversation;
  if (inputTokens(usage) === 0 && usage.outputTokens === 0)
    return 'Nothing has been sent in this conversation yet: $0.00.';
  const turns = turnCostLines(turnCosts(items, figures.turnUsage)).map(outsideLine);
  return [
    `${costWords(usage)} for this conversation so far, estimated at the model's published prices.`,
    ...(turns.length ? ['By turn:', ...turns] : []),
  ].join('\n');
}

function setMode(deps: SessionCommandDeps, args: string): void {
  const parsed = approvalModeSchema.safeParse(args.trim());
  if (!parsed.success) {
    const modes = approvalModeSchema.options.join(', ');
    deps.store.say(
      args
        ? `There is no mode "${outsideText(args)}": the modes are ${modes}.`
        : `Mode: ${deps.store.snapshot().mode} (the modes are ${modes}).`,
      args ? 'warn' : 'info',
    );
    return;
  }
  deps.store.say(deps.setMode(parsed.data), 'ok');
}

async function projectCommand(deps: SessionCommandDeps, name: string, args: string): Promise<void> {
  const found = (await deps.projectCommands()).find((c) => c.name === name);
  if (!found) {
    deps.store.say(
      `Unknown command /${outsideText(name)}: type / to see the commands, or /help.`,
      'warn',
    );
    return;
  }
  await deps.send(expandProjectCommand(found, args));
}

/** Arguments as a shell would split them on spaces, with "double" or 'single' quotes kept whole. */
export function splitArgs(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/gu))
    words.push(match[1] ?? match[2] ?? match[3] ?? '');
  return words;
}
