// What one `sluice hooks` run does, settled from its words and flags before the project is
// opened: the form, the event (named as Claude Code names it, in any case), the hook to add,
// the id to remove or approve, the sample to test with. Anything malformed is a UsageError.
import type { NewPersonHook } from '../../main/core/hooks/hooks-port';
import { HOOK_EVENTS, MAX_HOOK_TIMEOUT_SECONDS, type HookEvent } from '../../shared/hooks';
import { UsageError } from '../cli-io';
import { checkForm, parseWholeFlag, type VerbValues } from '../define-verb';
import { isToolEvent } from '../hook-lines';
import { outsideLine } from '../terminal-safe-text';
import { HOOKS_TABLE, SAMPLE_TOOL } from './hooks-table';

type Values = VerbValues<(typeof HOOKS_TABLE)['options']>;

export type HooksAction =
  | { readonly type: 'list' }
  | { readonly type: 'add'; readonly hook: NewPersonHook }
  | { readonly type: 'remove'; readonly id: string }
  /** id null: every project hook not approved as it is. */
  | { readonly type: 'approve'; readonly id: string | null }
  | {
      readonly type: 'test';
      readonly event: HookEvent;
      readonly sample: { toolName?: string; toolInput?: unknown; prompt?: string };
    };

const FORMS = ['list', 'add', 'remove', 'approve', 'test'] as const;
type Form = (typeof FORMS)[number];

/** The most words each form takes, its own included. */
const MOST: Record<Form, number> = { list: 1, add: 2, remove: 2, approve: 2, test: 2 };

function formOf(word: string | undefined): Form {
  const form = FORMS.find((f) => f === (word ?? 'list'));
  if (!form)
    throw new UsageError(
      `unknown form "${outsideLine(word ?? '')}" (list, add, remove, approve or test).`,
    );
  return form;
}

export function eventOf(text: string | undefined): HookEvent {
  const names = `${HOOK_EVENTS.slice(0, -1).join(', ')} or ${HOOK_EVENTS.at(-1)}`;
  if (text === undefined) throw new UsageError(`give the EVENT: ${names}.`);
  const event = HOOK_EVENTS.find((e) => e.toLowerCase() === text.toLowerCase());
  if (!event) throw new UsageError(`unknown event "${outsideLine(text)}" (${names}).`);
  return event;
}

function idOf(text: string | undefined, what: string): string {
  if (text === undefined)
    throw new UsageError(`give the ID of the hook to ${what} (sluice hooks list shows them).`);
  if (!/^[0-9a-f]{1,64}$/iu.test(text))
    throw new UsageError(
      `"${outsideLine(text)}" is not a hook id: ids are hex digits, as sluice hooks list shows them.`,
    );
  return text;
}

function addAction(values: Values, event: HookEvent): HooksAction {
  const command = values.command?.trim();
  if (!command) throw new UsageError('give the command the hook runs: --command CMD.');
  if (command.length > 4000) throw new UsageError('--command is longer than 4000 characters.');
  const matcher = values.matcher?.trim();
  if (matcher && !isToolEvent(event))
    throw new UsageError(
      `--matcher picks tools: it goes with PreToolUse and PostToolUse, not ${event}.`,
    );
  const timeoutSeconds = parseWholeFlag(values.timeout, '--timeout', 1, MAX_HOOK_TIMEOUT_SECONDS);
  return {
    type: 'add',
    hook: {
      event,
      matcher: matcher || null,
      command,
      scope: values.everywhere ? 'everywhere' : 'project',
      ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}),
    },
  };
}

/** `--input`: a JSON object, as a tool call's input always is. */
function toolInputOf(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `--input is not JSON (${outsideLine(error instanceof Error ? error.message : String(error))}); give an object, e.g. '{"command":"npm test"}'.`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new UsageError(`--input must be a JSON object, e.g. '{"path":"src/a.ts"}'.`);
  return value as Record<string, unknown>;
}

function testAction(values: Values, event: HookEvent): HooksAction {
  const tool = isToolEvent(event);
  if (!tool && (values.tool !== undefined || values.input !== undefined))
    throw new UsageError(`--tool and --input go with PreToolUse and PostToolUse, not ${event}.`);
  if (values.prompt !== undefined && event !== 'UserPromptSubmit')
    throw new UsageError(`--prompt goes with UserPromptSubmit, not ${event}.`);
  const toolName = tool ? (values.tool ?? SAMPLE_TOOL).trim() : undefined;
  if (toolName === '') throw new UsageError('--tool needs a tool name, e.g. --tool edit_file.');
  return {
    type: 'test',
    event,
    sample: {
      ...(toolName ? { toolName } : {}),
      ...(values.input !== undefined ? { toolInput: toolInputOf(values.input) } : {}),
      ...(values.prompt !== undefined ? { prompt: values.prompt } : {}),
    },
  };
}

export function actionFor(values: Values, words: readonly string[]): HooksAction {
  const form = formOf(words[0]);
  checkForm({
    name: `hooks ${form}`,
    values,
    options: HOOKS_TABLE.forms.find((f) => f.words === form)?.options ?? [],
    words,
    most: MOST[form],
  });
  const [, arg] = words;
  switch (form) {
    case 'list':
      return { type: 'list' };
    case 'add':
      return addAction(values, eventOf(arg));
    case 'remove':
      return { type: 'remove', id: idOf(arg, 'remove') };
    case 'approve':
      if (values.all && arg !== undefined) throw new UsageError('give one ID or --all, not both.');
      if (values.all) return { type: 'approve', id: null };
      return { type: 'approve', id: idOf(arg, 'approve (or --all)') };
    case 'test':
      return testAction(values, eventOf(arg));
  }
}
