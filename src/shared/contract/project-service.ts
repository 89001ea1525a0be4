import { z } from 'zod';
import { method, noInput } from './define';

export const projectInfoSchema = z.object({
  id: z.string(),
  /** Real path of the opened folder: the sandbox root. */
  root: z.string(),
  name: z.string(),
  lastOpenedAt: z.number(),
});
export type ProjectInfo = z.infer<typeof projectInfoSchema>;

export const treeEntrySchema = z.object({
  /** Workspace-relative, forward slashes. */
  path: z.string(),
  name: z.string(),
  type: z.enum(['file', 'dir', 'symlink', 'other']),
  size: z.number().optional(),
});
export type TreeEntry = z.infer<typeof treeEntrySchema>;

const pathInput = z.string().min(1).max(4096);

/** One of the project's `.sluice/commands/NAME.md`: `/NAME` sends its prompt. */
export const projectCommandSchema = z.object({
  name: z.string(),
  /** One line, from the front matter's `description:` or the first line. */
  description: z.string(),
  /** The prompt; `$ARGUMENTS` stands for what is typed after the command. */
  body: z.string(),
  /** Project-relative path of the file. */
  file: z.string(),
});
export type ProjectCommandInfo = z.infer<typeof projectCommandSchema>;

export const projectService = {
  /** Native folder dialog (Electron). Browser mode answers with an error: type a path instead. */
  pickFolder: method(noInput, z.object({ path: z.string().nullable() })),
  open: method(z.object({ path: pathInput }).strict(), projectInfoSchema),
  recent: method(noInput, z.array(projectInfoSchema)),
  current: method(noInput, projectInfoSchema.nullable()),
  /** One directory level of the file tree, ignore-aware; `dir` is workspace-relative ('' = root). */
  tree: method(
    z.object({ dir: z.string().max(4096).default('') }).strict(),
    z.object({ entries: z.array(treeEntrySchema), truncated: z.boolean() }),
  ),
  /** Raw text of one file inside the sandbox, for previews. */
  readFile: method(
    z.object({ path: pathInput }).strict(),
    z.object({
      path: z.string(),
      content: z.string(),
      truncated: z.boolean(),
      binary: z.boolean(),
    }),
  ),
  /** The project's slash commands, and each command file skipped with the reason. */
  commands: method(
    noInput,
    z.object({
      commands: z.array(projectCommandSchema),
      skipped: z.array(z.object({ file: z.string(), reason: z.string() })),
    }),
  ),
};
