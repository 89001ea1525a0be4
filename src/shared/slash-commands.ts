// Slash commands: the one table of built-in commands that the terminal session and the app's
// composer both offer, how a typed line is read as a command, and the completions for a
// prefix. Pure: each shell decides what a command does; this only says what commands exist.

export interface SlashCommand {
  readonly name: string;
  /** The arguments as usage shows them ("[ID]", "ask|auto-edit|read-only|plan"). */
  readonly args?: string;
  /** One line. */
  readonly summary: string;
}

/** A completion: a built-in, or one of the project's `.sluice/commands/*.md`. */
export interface SlashItem extends SlashCommand {
  readonly source: 'built-in' | 'project';
}

/** What completion needs of a project command. */
export interface ProjectCommandSummary {
  readonly name: string;
  readonly description: string;
}

export const BUILT_IN_SLASH_COMMANDS: readonly SlashCommand[] = [
  { name: 'help', summary: 'List the commands' },
  { name: 'clear', summary: 'Start a new conversation' },
  { name: 'resume', args: '[ID]', summary: 'Resume an earlier conversation' },
  { name: 'diff', summary: 'Show the changes against HEAD' },
  { name: 'commit', summary: 'Commit the changes you pick' },
  { name: 'undo', summary: 'Undo the files the last turn changed' },
  {
    name: 'mode',
    args: 'ask|auto-edit|read-only|plan',
    summary: 'Set the approval mode for this project',
  },
  { name: 'model', args: '[NAME]', summary: 'Show or set the model' },
  { name: 'cost', summary: 'Tokens used and estimated cost of this conversation' },
  { name: 'context', summary: 'What this conversation has sent the model so far' },
  { name: 'compact', summary: 'Shorten the history sent to the model' },
  { name: 'inbox', summary: 'Open the inbox of change sets' },
  { name: 'worktree', summary: 'Show the worktrees and start a chat in one' },
  { name: 'mcp', summary: 'Show the MCP servers' },
  { name: 'rules', summary: 'Show the approval rules' },
  { name: 'tests', summary: 'Show the tests-before-approval settings' },
];

/** Names a project command may have: lowercase letters, digits, "-" and "_". */
export const SLASH_COMMAND_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/u;

const BUILT_IN_NAMES = new Set(BUILT_IN_SLASH_COMMANDS.map((command) => command.name));

export function isBuiltInSlashCommand(name: string): boolean {
  return BUILT_IN_NAMES.has(name);
}

/**
 * The command a line names, or null when it is not one. A command is "/" then a word of
 * letters, digits, "-" or "_", ending at whitespace or the end of the line: "/usr/bin/x is
 * slow" and "/etc.conf" are text, not commands. The name comes back lowercase; the arguments
 * are the rest of the text, trimmed (line breaks kept).
 */
export function parseSlash(text: string): { name: string; args: string } | null {
  const match = /^\/([A-Za-z0-9_-]+)(?:\s+([\s\S]*))?$/u.exec(text.trim());
  if (!match?.[1]) return null;
  return { name: match[1].toLowerCase(), args: (match[2] ?? '').trim() };
}

/**
 * The commands whose name starts with the typed prefix ("/he", "he" or "/" for all): the
 * built-ins in table order, then the project's commands by name. A project command with a
 * built-in's name never shows: built-ins win.
 */
export function completeSlash(
  prefix: string,
  projectCommands: readonly ProjectCommandSummary[],
): SlashItem[] {
  const wanted = (prefix.startsWith('/') ? prefix.slice(1) : prefix).toLowerCase();
  const builtIns: SlashItem[] = BUILT_IN_SLASH_COMMANDS.filter((command) =>
    command.name.startsWith(wanted),
  ).map((command) => ({ ...command, source: 'built-in' }));
  const seen = new Set<string>();
  const project: SlashItem[] = [...projectCommands]
    .filter((command) => {
      if (!command.name.startsWith(wanted) || BUILT_IN_NAMES.has(command.name)) return false;
      if (seen.has(command.name)) return false;
      seen.add(command.name);
      return true;
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((command) => ({
      name: command.name,
      summary: command.description,
      source: 'project',
    }));
  return [...builtIns, ...project];
}

/** Usage of one command: "/mode ask|auto-edit|read-only|plan". */
export function slashUsage(command: SlashCommand): string {
  return command.args ? `/${command.name} ${command.args}` : `/${command.name}`;
}

/**
 * A project command's prompt for the arguments typed after it: every `$ARGUMENTS` replaced by
 * them, or, when the prompt has none, the arguments on a line of their own after it.
 */
export function expandProjectCommand(command: { body: string }, args: string): string {
  if (command.body.includes('$ARGUMENTS')) return command.body.split('$ARGUMENTS').join(args);
  if (args === '') return command.body;
  return `${command.body.replace(/\s+$/u, '')}\n${args}`;
}
