// The project's own slash commands: `.sluice/commands/NAME.md`, as Claude Code keeps
// `.claude/commands` and opencode its commands. The file's name is the command, its optional
// front matter `description:` (else its first line) the one line shown beside it, the rest the
// prompt sent. Read through the workspace, so a link out of the project is refused like any
// read; bounded in count and size. A file that cannot be a command is skipped with the reason,
// never an error for the whole list.
import { SandboxError, type Workspace } from '../workspace/workspace';
import {
  expandProjectCommand,
  isBuiltInSlashCommand,
  SLASH_COMMAND_NAME,
} from '../../../shared/slash-commands';
import { visibleUntrusted } from '../../../shared/untrusted-text';

export { expandProjectCommand };

export const PROJECT_COMMANDS_FOLDER = '.sluice/commands';
/** Command files read at most; the rest are skipped, and the list says so. */
export const MAX_PROJECT_COMMAND_FILES = 200;
/** Largest command file read. */
export const MAX_PROJECT_COMMAND_BYTES = 64 * 1024;
/** Longest description shown beside a command. */
export const MAX_DESCRIPTION_CHARS = 120;

export interface ProjectCommand {
  readonly name: string;
  /** One line, with hidden characters made visible. */
  readonly description: string;
  /** The prompt, front matter removed. */
  readonly body: string;
  /** Project-relative path of the file. */
  readonly file: string;
}

export interface SkippedProjectCommand {
  readonly file: string;
  readonly reason: string;
}

export interface ProjectCommands {
  readonly commands: ProjectCommand[];
  readonly skipped: SkippedProjectCommand[];
}

/** The narrow part of Workspace this needs. */
export type CommandFiles = Pick<Workspace, 'readText' | 'listDir' | 'stat'>;

export async function loadProjectCommands(files: CommandFiles): Promise<ProjectCommands> {
  const commands: ProjectCommand[] = [];
  const skipped: SkippedProjectCommand[] = [];
  let entries;
  try {
    const folder = await files.stat(PROJECT_COMMANDS_FOLDER);
    if (folder === null) return { commands, skipped };
    if (folder.type !== 'directory') {
      return { commands, skipped: [{ file: PROJECT_COMMANDS_FOLDER, reason: 'not a folder' }] };
    }
    entries = await files.listDir(PROJECT_COMMANDS_FOLDER, { includeIgnored: true });
  } catch (error) {
    return { commands, skipped: [{ file: PROJECT_COMMANDS_FOLDER, reason: messageOf(error) }] };
  }
  const markdown = entries.filter(
    (entry) => entry.name.endsWith('.md') && (entry.type === 'file' || entry.type === 'symlink'),
  );
  const loaded = await Promise.all(
    markdown
      .slice(0, MAX_PROJECT_COMMAND_FILES)
      .map((entry) => loadCommandFile(files, entry.relative, entry.name.slice(0, -3))),
  );
  for (const one of loaded) {
    if ('reason' in one) skipped.push(one);
    else commands.push(one);
  }
  if (markdown.length > MAX_PROJECT_COMMAND_FILES) {
    skipped.push({
      file: PROJECT_COMMANDS_FOLDER,
      reason: `holds ${markdown.length} command files; only the first ${MAX_PROJECT_COMMAND_FILES} by name were read`,
    });
  }
  return { commands, skipped };
}

async function loadCommandFile(
  files: CommandFiles,
  file: string,
  name: string,
): Promise<ProjectCommand | SkippedProjectCommand> {
  if (!SLASH_COMMAND_NAME.test(name)) {
    return {
      file,
      reason:
        'not a command name: use lowercase letters, digits, "-" and "_" only (at most 64), starting with a letter or digit',
    };
  }
  if (isBuiltInSlashCommand(name)) {
    return { file, reason: `/${name} is a built-in command, which wins: rename the file` };
  }
  let text: string;
  try {
    text = await files.readText(file, { maxBytes: MAX_PROJECT_COMMAND_BYTES });
  } catch (error) {
    if (error instanceof SandboxError && error.rule === 'limit') {
      return { file, reason: `larger than ${MAX_PROJECT_COMMAND_BYTES / 1024} KiB: not read` };
    }
    return { file, reason: messageOf(error) };
  }
  const { description, body } = splitFrontMatter(text);
  if (body.trim() === '') return { file, reason: 'it holds no prompt' };
  return { name, description: oneLine(description || firstLine(body)), body, file };
}

/** `---` front matter at the very top: its `description:` and the text after it. */
export function splitFrontMatter(text: string): { description: string | null; body: string } {
  const unmarked = text.startsWith('\ufeff') ? text.slice(1) : text;
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/u.exec(unmarked);
  if (!match) return { description: null, body: unmarked };
  let description: string | null = null;
  for (const line of (match[1] ?? '').split(/\r?\n/u)) {
    const field = /^description:\s*(.*)$/u.exec(line);
    if (field) description = unquote((field[1] ?? '').trim());
  }
  return { description, body: unmarked.slice(match[0].length) };
}

function unquote(value: string): string {
  const quoted = /^(["'])(.*)\1$/u.exec(value);
  return quoted ? (quoted[2] ?? '') : value;
}

function firstLine(body: string): string {
  const line = body.split(/\r?\n/u).find((candidate) => candidate.trim() !== '') ?? '';
  return line.replace(/^#+\s*/u, '');
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  const clipped =
    flat.length > MAX_DESCRIPTION_CHARS ? `${flat.slice(0, MAX_DESCRIPTION_CHARS - 1)}…` : flat;
  return visibleUntrusted(clipped);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
