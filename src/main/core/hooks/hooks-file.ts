// The project's `.sluice/hooks.json`, in Claude Code's settings shape
// (`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", ...}]}]}}`).
// It is code from the repository: read leniently so one bad entry does not hide the rest, each
// skipped entry a problem in words. Trust is not decided here (project-hook-trust.ts).
import {
  DEFAULT_HOOK_TIMEOUT_SECONDS,
  HOOK_EVENTS,
  hookCommandSchema,
  hookEventSchema,
  type HookDefinition,
  type HookEvent,
} from '../../../shared/hooks';
import { hookId } from './hook-identity';
import { compileMatcher } from './hook-matcher';

export const PROJECT_HOOKS_FILE = '.sluice/hooks.json';
/** The largest hooks file read, and the most hooks taken from it. */
export const MAX_HOOKS_FILE_BYTES = 256 * 1024;
export const MAX_PROJECT_HOOKS = 100;

/** A project hook as written, with where it is in the file. */
export interface ProjectHookEntry extends Omit<HookDefinition, 'trust'> {
  readonly source: 'project';
  /** Event, group and place in the file: a hook changed in place is asked about as changed. */
  readonly slot: string;
}

export interface ProjectHooksFile {
  readonly hooks: ProjectHookEntry[];
  readonly problems: string[];
}

function where(event: string, group: number, hook?: number): string {
  return `${PROJECT_HOOKS_FILE} ${event} group ${group + 1}${hook === undefined ? '' : ` hook ${hook + 1}`}`;
}

function issues(error: { issues: readonly { path: PropertyKey[]; message: string }[] }): string {
  return error.issues
    .map((i) => `${i.path.map(String).join('.') || 'entry'}: ${i.message}`)
    .join('; ');
}

function readGroup(event: HookEvent, group: unknown, index: number, out: ProjectHooksFile): void {
  if (group === null || typeof group !== 'object' || Array.isArray(group)) {
    out.problems.push(`${where(event, index)} is not an object with "hooks"; it was skipped.`);
    return;
  }
  const { matcher, hooks } = group as { matcher?: unknown; hooks?: unknown };
  if (matcher !== undefined && matcher !== null && typeof matcher !== 'string') {
    out.problems.push(`${where(event, index)}: its matcher is not text; it was skipped.`);
    return;
  }
  if (!Array.isArray(hooks)) {
    out.problems.push(`${where(event, index)} has no "hooks" list; it was skipped.`);
    return;
  }
  const pattern = typeof matcher === 'string' ? matcher : null;
  const compiled = compileMatcher(pattern);
  hooks.forEach((raw: unknown, at) => {
    const parsed = hookCommandSchema.safeParse(raw);
    if (!parsed.success) {
      const type = (raw as { type?: unknown } | null)?.type;
      out.problems.push(
        type !== undefined && type !== 'command'
          ? `${where(event, index, at)} is a ${JSON.stringify(type)} hook; only "command" hooks run in Sluice, so it was skipped.`
          : `${where(event, index, at)} was skipped: ${issues(parsed.error)}.`,
      );
      return;
    }
    if (!compiled.ok) {
      out.problems.push(
        `${where(event, index, at)} (${parsed.data.command}) does not run: ${compiled.problem}.`,
      );
      return;
    }
    if (out.hooks.length >= MAX_PROJECT_HOOKS) {
      out.problems.push(
        `${where(event, index, at)} was skipped: the file has more than ${MAX_PROJECT_HOOKS} hooks.`,
      );
      return;
    }
    const timeoutSeconds = parsed.data.timeout ?? DEFAULT_HOOK_TIMEOUT_SECONDS;
    const id = hookId('project', event, pattern, parsed.data.command, timeoutSeconds);
    if (out.hooks.some((hook) => hook.id === id)) return;
    out.hooks.push({
      id,
      source: 'project',
      event,
      matcher: pattern,
      command: parsed.data.command,
      timeoutSeconds,
      slot: `${event}#${index}#${at}`,
    });
  });
}

/** The hooks a project file names, and what is wrong with it, in words. */
export function parseProjectHooksFile(text: string): ProjectHooksFile {
  const out: ProjectHooksFile = { hooks: [], problems: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    out.problems.push(
      `${PROJECT_HOOKS_FILE} is not valid JSON (${error instanceof Error ? error.message : String(error)}); none of its hooks run.`,
    );
    return out;
  }
  const hooks = (raw as { hooks?: unknown } | null)?.hooks;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw) || hooks === undefined) {
    out.problems.push(
      `${PROJECT_HOOKS_FILE} has no "hooks" object (the shape is {"hooks": {"PreToolUse": [...]}}); none of its hooks run.`,
    );
    return out;
  }
  if (hooks === null || typeof hooks !== 'object' || Array.isArray(hooks)) {
    out.problems.push(`${PROJECT_HOOKS_FILE}: "hooks" is not an object; none of its hooks run.`);
    return out;
  }
  for (const [name, groups] of Object.entries(hooks as Record<string, unknown>)) {
    const event = hookEventSchema.safeParse(name);
    if (!event.success) {
      out.problems.push(
        `${PROJECT_HOOKS_FILE}: ${JSON.stringify(name)} is not an event Sluice runs (${HOOK_EVENTS.join(', ')}); its hooks were skipped.`,
      );
      continue;
    }
    if (!Array.isArray(groups)) {
      out.problems.push(`${PROJECT_HOOKS_FILE} ${name} is not a list of groups; it was skipped.`);
      continue;
    }
    groups.forEach((group: unknown, index) => readGroup(event.data, group, index, out));
  }
  return out;
}
