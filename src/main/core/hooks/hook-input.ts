// The one JSON object a hook reads on stdin, with Claude Code's field names so a hook written
// for it reads Sluice's calls unchanged: `session_id` (the conversation), `cwd`,
// `hook_event_name`, and per event `tool_name`/`tool_input`/`tool_use_id`, `tool_response`,
// `prompt`, `stop_hook_active`, `source`. The text is bounded: a tool response too large is cut
// (and says so); an input still too large is refused in words, and the caller fails closed.
import path from 'node:path';
import type { HookEvent } from '../../../shared/hooks';

/** The most a hook is given on stdin. */
export const MAX_HOOK_STDIN_BYTES = 1024 * 1024;
/** A `tool_response` longer than this (as JSON) is given as its first characters, marked cut. */
const MAX_TOOL_RESPONSE_CHARS = 256 * 1024;

export interface HookInputFields {
  readonly event: HookEvent;
  /** The conversation: `session_id`. */
  readonly conversationId: string;
  /** The project's root: `cwd`. */
  readonly cwd: string;
  readonly toolName?: string;
  readonly toolInput?: unknown;
  readonly toolUseId?: string;
  readonly toolResponse?: unknown;
  readonly prompt?: string;
  readonly stopHookActive?: boolean;
  readonly source?: 'startup' | 'resume' | 'clear' | 'compact';
}

export type HookStdin =
  { readonly ok: true; readonly text: string } | { readonly ok: false; readonly problem: string };

function boundedResponse(response: unknown): unknown {
  const text = typeof response === 'string' ? response : (JSON.stringify(response) ?? 'null');
  if (text.length <= MAX_TOOL_RESPONSE_CHARS) return response;
  return `${text.slice(0, MAX_TOOL_RESPONSE_CHARS)}\n[cut: the tool's response was ${text.length} characters; a hook is given the first ${MAX_TOOL_RESPONSE_CHARS}]`;
}

/**
 * The tool's input as Sluice's tools take it, plus `file_path` (absolute, as Claude Code's
 * Read, Edit and Write give it) where the input names a project file by `path`, so a hook
 * reading `.tool_input.file_path` finds the file.
 */
function toolInputFor(fields: HookInputFields): unknown {
  const input = fields.toolInput ?? {};
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const named = (input as Record<string, unknown>).path;
  if (typeof named !== 'string' || 'file_path' in input) return input;
  return { ...input, file_path: path.resolve(fields.cwd, named) };
}

function eventFields(fields: HookInputFields): Record<string, unknown> {
  switch (fields.event) {
    case 'PreToolUse':
      return {
        tool_name: fields.toolName ?? '',
        tool_input: toolInputFor(fields),
        tool_use_id: fields.toolUseId ?? '',
      };
    case 'PostToolUse':
      return {
        tool_name: fields.toolName ?? '',
        tool_input: toolInputFor(fields),
        tool_use_id: fields.toolUseId ?? '',
        tool_response: boundedResponse(fields.toolResponse ?? null),
      };
    case 'UserPromptSubmit':
      return { prompt: fields.prompt ?? '' };
    case 'Stop':
      return { stop_hook_active: fields.stopHookActive ?? false };
    case 'SessionStart':
      return { source: fields.source ?? 'startup' };
  }
}

/** The stdin text for one hook run, or why it cannot be given (too large, not JSON). */
export function hookInput(fields: HookInputFields): HookStdin {
  let text: string | undefined;
  try {
    text = JSON.stringify({
      session_id: fields.conversationId,
      cwd: fields.cwd,
      hook_event_name: fields.event,
      ...eventFields(fields),
    });
  } catch (error) {
    return {
      ok: false,
      problem: `its input could not be written as JSON (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_HOOK_STDIN_BYTES)
    return {
      ok: false,
      problem: `its input is ${Math.ceil(bytes / 1024)} KB, over the ${MAX_HOOK_STDIN_BYTES / 1024} KB a hook is given`,
    };
  return { ok: true, text };
}
