// Which tool calls a hook is about, read as Claude Code reads its `matcher`: empty, missing or
// "*" matches every tool; a value of only letters, digits, `_`, `-` and `|` is a list of exact
// names; anything else is a JavaScript regular expression, unanchored. Claude Code's tool names
// also match Sluice's equivalents, so a pasted `Edit|Write` hook runs on edit_file and
// create_file. A SessionStart matcher is matched against the start's source, as Claude Code does;
// UserPromptSubmit and Stop ignore it.
import type { HookEvent } from '../../../shared/hooks';

/** Claude Code's name for each Sluice tool that has an equivalent there. */
export const CLAUDE_CODE_NAMES: Readonly<Record<string, readonly string[]>> = {
  edit_file: ['Edit', 'MultiEdit'],
  create_file: ['Write'],
  read_file: ['Read'],
  run_command: ['Bash'],
  search_files: ['Grep'],
  find_files: ['Glob'],
  list_files: ['LS'],
};

/** The longest matcher read (a longer one is refused in words). */
const MAX_MATCHER_CHARS = 1000;

export type ToolMatcher =
  | { readonly ok: true; readonly matches: (name: string) => boolean }
  | { readonly ok: false; readonly problem: string };

function matchesAll(matcher: string | null): boolean {
  return matcher === null || matcher.trim() === '' || matcher.trim() === '*';
}

/** Reads a matcher once; an invalid pattern is a problem in words, and the hook does not run. */
export function compileMatcher(matcher: string | null): ToolMatcher {
  if (matchesAll(matcher)) return { ok: true, matches: () => true };
  const text = (matcher as string).trim();
  if (text.length > MAX_MATCHER_CHARS)
    return {
      ok: false,
      problem: `its matcher is ${text.length} characters long, more than the ${MAX_MATCHER_CHARS} read`,
    };
  if (/^[\w|-]+$/u.test(text)) {
    const names = new Set(text.split('|').filter((name) => name !== ''));
    return { ok: true, matches: (name) => names.has(name) };
  }
  try {
    const pattern = new RegExp(text);
    return { ok: true, matches: (name) => pattern.test(name) };
  } catch (error) {
    const why =
      error instanceof Error ? error.message.replace(/^Invalid regular expression: /u, '') : '';
    return {
      ok: false,
      problem: `its matcher ${JSON.stringify(text)} is not a valid pattern (${why}); write tool names such as Edit|Write, or a regular expression such as mcp__.*`,
    };
  }
}

/** The names a tool answers to: Sluice's own and Claude Code's for it. */
export function toolNames(toolName: string): string[] {
  return [toolName, ...(CLAUDE_CODE_NAMES[toolName] ?? [])];
}

/** Whether a hook of `event` with this matcher is about `subject` (a tool, or a start's source). */
export function hookApplies(
  event: HookEvent,
  matcher: ToolMatcher,
  subject: string | undefined,
): boolean {
  if (!matcher.ok) return false;
  switch (event) {
    case 'PreToolUse':
    case 'PostToolUse':
      return subject !== undefined && toolNames(subject).some((name) => matcher.matches(name));
    case 'SessionStart':
      return subject === undefined || matcher.matches(subject);
    case 'UserPromptSubmit':
    case 'Stop':
      return true;
  }
}
