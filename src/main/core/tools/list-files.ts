// list_files: a folder's tree to a given depth, with sizes and types, ignore-aware, capped
// with "… N more".
import { z } from 'zod';
import type { WalkStop } from '../workspace/workspace';
import { formatBytes } from './read-file';
import { ok, toolError, defineTool } from './tool';

export const LIST_FILES_MAX_ENTRIES = 500;
export const LIST_FILES_MAX_DEPTH = 10;

const DESCRIPTION = `List the files and folders in a project folder as an indented tree, with file sizes.
- path: folder relative to the project root; omit it (or use ".") for the root.
- depth: how many levels to descend (1 = only the folder's direct children; default 2, at most ${LIST_FILES_MAX_DEPTH}).
- Folders end with "/"; symlinks are marked and never followed.
- Files ignored by .gitignore or .sluiceignore, and .git itself, are left out.
- Shows at most ${LIST_FILES_MAX_ENTRIES} entries, then says how many more there are: list a subfolder or use a smaller depth to see them. To find files by name use find_files; to find text use search_files.`;

const schema = z
  .object({
    path: z.string().optional().describe('Folder relative to the project root. Default: the root.'),
    depth: z
      .number()
      .int()
      .min(1)
      .max(LIST_FILES_MAX_DEPTH)
      .optional()
      .describe('Levels to descend. Default 2.'),
  })
  .strict();

/**
 * What list/find/search say when pointed at a path that is itself ignored: saying so beats an
 * empty result the model would take for "nothing there".
 */
export function ignoredTargetMessage(relative: string, toolName: string): string {
  return `${relative} is ignored (by .gitignore or .sluiceignore, or it is inside .git), so ${toolName} skips it. Use read_file to read a specific file there.`;
}

export function createListFilesTool() {
  return defineTool({
    name: 'list_files',
    description: DESCRIPTION,
    schema,
    kind: 'read',
    label: (input) => `Listing ${input.path || '.'}`,
    async run(input, ctx) {
      const target = input.path ?? '';
      const stat = await ctx.workspace.stat(target);
      if (!stat)
        return toolError(`${target} does not exist. List its parent folder to see what is there.`);
      if (stat.type !== 'directory')
        return toolError(`${stat.relative} is a file, not a folder. Use read_file to read it.`);
      if (stat.relative && ctx.workspace.isIgnored(stat.relative, stat.type === 'directory')) {
        return toolError(ignoredTargetMessage(stat.relative, 'list_files'));
      }
      const depth = input.depth ?? 2;
      const stop: WalkStop = { visited: 0, depthCutoffs: 0 };
      const lines: string[] = [];
      let more = 0;
      const walk = ctx.workspace.walk(
        { under: stat.relative, maxDepth: depth, signal: ctx.signal },
        stop,
      );
      for await (const batch of walk)
        for (const entry of batch) {
          if (lines.length >= LIST_FILES_MAX_ENTRIES) {
            more++;
            continue;
          }
          const name = entry.relative.slice(entry.relative.lastIndexOf('/') + 1);
          const indent = '  '.repeat(entry.depth - 1);
          switch (entry.type) {
            case 'directory':
              lines.push(`${indent}${name}/`);
              break;
            case 'file': {
              const info = await ctx.workspace.stat(entry.relative).catch(() => null);
              lines.push(`${indent}${name}${info ? ` (${formatBytes(info.size)})` : ''}`);
              break;
            }
            case 'symlink':
              lines.push(`${indent}${name} (symlink, not followed)`);
              break;
            case 'other':
              lines.push(`${indent}${name} (special file)`);
              break;
          }
        }
      const header = `${stat.relative || '.'}/ (depth ${depth})`;
      if (!lines.length) return ok(`${header}\n(empty, or everything in it is ignored)`);
      const notes: string[] = [];
      if (more > 0) {
        notes.push(
          `… ${more} more entries not shown (at most ${LIST_FILES_MAX_ENTRIES} are listed). List a subfolder or use a smaller depth.`,
        );
      }
      if (stop.reason === 'maxWalkEntries') {
        notes.push(
          `[The walk stopped after ${stop.visited} entries (limit maxWalkEntries); the listing is incomplete.]`,
        );
      }
      if (stop.reason === 'aborted') notes.push('[The listing was aborted and is incomplete.]');
      if (stop.depthCutoffs > 0) {
        notes.push(
          `[${stop.depthCutoffs} folder(s) at depth ${depth} were not expanded; raise depth or list them directly.]`,
        );
      }
      return ok([header, ...lines, ...notes].join('\n'));
    },
  });
}
