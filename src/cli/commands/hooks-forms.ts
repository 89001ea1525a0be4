// `sluice hooks`' forms over a project's hooks: what Settings → Hooks does, for a person who
// lives in the terminal. Lists the person's hooks and the project's `.sluice/hooks.json` with
// their trust and the file's problems, adds and removes the person's, approves project hooks
// exactly as shown (asked on a terminal, `--yes` elsewhere), and runs an event's hooks with a
// sample input. The hooks do the work (ids, content hashes, confinement, the record of runs); a
// malformed command line is exit 2, a refusal by the hooks exit 1 with their words.
import type { OpenProjectHooks } from '../../main/core/project/project-hooks';
import type { Workspace } from '../../main/core/workspace/workspace';
import type { HookDefinition } from '../../shared/hooks';
import { hookRunIsProblem } from '../../shared/hook-words';
import { ExitCode, UsageError, writeJsonLine, type CliIo } from '../cli-io';
import { ANY_POSITIONALS, defineVerb } from '../define-verb';
import {
  hookLines,
  PROJECT_HOOKS_FILE,
  problemLines,
  runLines,
  shortHookId,
  verdictLines,
} from '../hook-lines';
import { openProject } from '../project-context';
import { askYesNo, canAskOnTerminal } from '../terminal-yes-no';
import { outsideLine } from '../terminal-safe-text';
import { actionFor, type HooksAction } from './hooks-action';
import { HOOKS_TABLE } from './hooks-table';

/** The open project's hooks, as the engine holds them. */
export interface OpenedHooks {
  readonly hooks: Omit<OpenProjectHooks, 'dispose'>;
  close(): Promise<void>;
}

export type OpenHooks = (io: CliIo, workspace: Workspace) => OpenedHooks;

/** A typed id (whole or an unambiguous start) among `hooks`; null when it names none. */
function hookFor(hooks: readonly HookDefinition[], typed: string): HookDefinition | null {
  const id = typed.toLowerCase();
  const found = hooks.filter((h) => h.id.startsWith(id));
  if (found.length <= 1) return found[0] ?? null;
  throw new UsageError(
    `"${outsideLine(typed)}" names more than one hook (${found.map((h) => h.id.slice(0, 12)).join(', ')}); type more of its id.`,
  );
}

/** An id that names no hook: said as the other verbs say an id that names nothing. */
function noHook(io: CliIo, typed: string): ExitCode {
  io.stderr.write(
    `sluice hooks: no hook "${outsideLine(typed)}" in this project (sluice hooks list shows the ids).\n`,
  );
  return ExitCode.Failure;
}

interface Context {
  readonly io: CliIo;
  readonly hooks: OpenedHooks['hooks'];
  readonly json: boolean;
  readonly root: string;
}

function write(io: CliIo, lines: readonly string[]): void {
  if (lines.length) io.stdout.write(`${lines.join('\n')}\n`);
}

function list({ io, hooks, json, root }: Context): ExitCode {
  const all = hooks.list();
  const problems = hooks.problems();
  if (json) {
    writeJsonLine(io, { root, hooks: all, problems });
    return ExitCode.Ok;
  }
  const out = [`Hooks for ${outsideLine(root)}:`];
  if (!all.length)
    out.push(
      `  none. Add one with sluice hooks add EVENT --command CMD, or in ${PROJECT_HOOKS_FILE} (then sluice hooks approve).`,
    );
  for (const hook of all) out.push(...hookLines(hook));
  write(io, [...out, ...problemLines(problems)]);
  return ExitCode.Ok;
}

function remove({ io, hooks, json }: Context, typed: string): ExitCode {
  const hook = hookFor(hooks.list(), typed);
  if (!hook) return noHook(io, typed);
  if (hook.source === 'project') {
    io.stderr.write(
      `sluice hooks: hook ${shortHookId(hook.id)} is this project's, from ${PROJECT_HOOKS_FILE}: remove it from that file.\n`,
    );
    return ExitCode.Failure;
  }
  const removed = hooks.remove(hook.id);
  if (json) writeJsonLine(io, { removed });
  else write(io, ['Removed:', ...hookLines(removed)]);
  return ExitCode.Ok;
}

/** The project hooks `approve` names: one by id, or every one not approved as it is; null: none. */
function toApprove(hooks: readonly HookDefinition[], id: string | null): HookDefinition[] | null {
  if (id === null) return hooks.filter((h) => h.source === 'project' && h.trust !== 'approved');
  const hook = hookFor(hooks, id);
  if (!hook) return null;
  if (hook.source !== 'project')
    throw new UsageError(
      `hook ${shortHookId(hook.id)} is yours: only the project's hooks need approving.`,
    );
  return hook.trust === 'approved' ? [] : [hook];
}

async function approve(ctx: Context, id: string | null, yes: boolean): Promise<ExitCode> {
  const { io, hooks, json } = ctx;
  const pending = toApprove(hooks.list(), id);
  if (!pending) return noHook(io, id ?? '');
  if (!pending.length) {
    const said =
      id === null
        ? 'Every project hook is approved as it is now.'
        : `Hook ${outsideLine(id)} is already approved as it is now.`;
    if (json) writeJsonLine(io, { approved: [] });
    else io.stdout.write(`${said}\n`);
    return ExitCode.Ok;
  }
  const shown = pending.length === 1 ? 'this hook' : `these ${pending.length} hooks`;
  io.stderr.write(
    `${pending.length === 1 ? 'Project hook' : 'Project hooks'} from ${PROJECT_HOOKS_FILE}:\n${pending
      .flatMap(hookLines)
      .map((line) => `  ${line}`)
      .join('\n')}\n`,
  );
  if (!yes) {
    if (!canAskOnTerminal(io)) {
      io.stderr.write(
        `sluice hooks: there is no terminal to ask you; to approve exactly what is shown, give --yes.\n`,
      );
      return ExitCode.Failure;
    }
    const question = `Approve ${shown} exactly as shown? Each runs, confined, on every matching event in this project; a change asks again. [y]es / [n]o > `;
    if (!(await askYesNo(io, question))) {
      io.stderr.write('Not approved; nothing changed.\n');
      return ExitCode.Failure;
    }
  }
  const approved = pending.map((hook) => hooks.approve(hook.id));
  if (json) writeJsonLine(io, { approved });
  else
    for (const hook of approved)
      io.stdout.write(
        `Approved ${shortHookId(hook.id)} (${hook.event}: ${outsideLine(hook.command)}) as it is now.\n`,
      );
  return ExitCode.Ok;
}

async function test(
  { io, hooks, json }: Context,
  action: Extract<HooksAction, { type: 'test' }>,
): Promise<ExitCode> {
  const verdict = await hooks.test(action.event, action.sample, new AbortController().signal);
  if (json) writeJsonLine(io, verdict);
  else if (!verdict.runs.length) {
    const about = action.sample.toolName ? ` for ${outsideLine(action.sample.toolName)}` : '';
    io.stdout.write(`No ${action.event} hook matches${about}; nothing ran.\n`);
  } else write(io, [...verdict.runs.flatMap(runLines), ...verdictLines(verdict)]);
  // A hook that failed or ran out of time is a failure of the hooks; a block is their answer.
  return verdict.runs.some(hookRunIsProblem) ? ExitCode.Failure : ExitCode.Ok;
}

async function run(ctx: Context, action: HooksAction, yes: boolean): Promise<ExitCode> {
  const { io, hooks, json } = ctx;
  switch (action.type) {
    case 'list':
      return list(ctx);
    case 'add': {
      const added = hooks.add(action.hook);
      const where = action.hook.scope === 'everywhere' ? 'every project' : 'this project';
      if (json) writeJsonLine(io, { added });
      else write(io, [`Added a hook of yours for ${where}:`, ...hookLines(added)]);
      return ExitCode.Ok;
    }
    case 'remove':
      return remove(ctx, action.id);
    case 'approve':
      return approve(ctx, action.id, yes);
    case 'test':
      return test(ctx, action);
  }
}

/** The verb over the hooks `openHooks` opens (the engine's, in hooks.ts). */
export function createHooksCommand(openHooks: OpenHooks) {
  return defineVerb({
    ...HOOKS_TABLE,
    positionals: ANY_POSITIONALS,
    async run({ values, positionals, io }) {
      const action = actionFor(values, positionals);
      const { workspace } = await openProject(io, values.project);
      const opened = openHooks(io, workspace);
      const ctx = { io, hooks: opened.hooks, json: values.json === true, root: workspace.root };
      try {
        // list() and problems() answer from the file's latest read.
        await opened.hooks.ready();
        return await run(ctx, action, values.yes === true);
      } catch (error) {
        // The hooks' own refusal (a bad matcher, a hook gone since it was listed): exit 1.
        if (error instanceof UsageError || !(error instanceof Error)) throw error;
        io.stderr.write(`sluice hooks: ${outsideLine(error.message)}\n`);
        return ExitCode.Failure;
      } finally {
        await opened.close();
      }
    },
  });
}
