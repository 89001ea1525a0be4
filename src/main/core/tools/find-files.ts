// find_files: file paths matching a glob, ignore-aware, capped. Matching uses picomatch (the
// matcher fast-glob is built on) over the workspace's own walk, because that walk prunes
// ignored folders such as node_modules instead of descending and filtering afterwards.
import { z } from 'zod';
import { ignoredTargetMessage } from './list-files';
import { ok, toolError, defineTool } from './tool';

export const FIND_FILES_MAX_RESULTS = 200;

const DESCRIPTION = `Find files in the project whose paths match a glob pattern.
- pattern: a glob such as "**/*.test.ts", "src/**/*.{ts,tsx}" or "package.json". A pattern without "/" matches the file name in any folder ("*.md" finds every Markdown file).
- path: optional folder (relative to the project root) to search under; the pattern is still matched against paths relative to the project root.
- Returns project-relative paths in name order, at most ${FIND_FILES_MAX_RESULTS}, then the total count: make the pattern more specific if it is cut.
- Files ignored by .gitignore or .sluiceignore, .git itself, and symlinks are skipped. To search file contents use search_files.`;

const schema = z
  .object({
    pattern: z.string().min(1).describe('Glob pattern, e.g. "**/*.ts" or "*.json".'),
    path: z
      .string()
      .optional()
      .describe('Folder to search under, relative to the project root. Default: the root.'),
  })
  .strict();

export function createFindFilesTool() {
  return defineTool({
    name: 'find_files',
    description: DESCRIPTION,
    schema,
    kind: 'read',
    label: (input) => `Finding ${input.pattern}`,
    async run(input, ctx) {
      const under = input.path ?? '';
      const stat = await ctx.workspace.stat(under);
      if (!stat)
        return toolError(`${under} does not exist. Use list_files to see the project's folders.`);
      if (stat.type !== 'directory')
        return toolError(`${stat.relative} is a file, not a folder; path must be a folder.`);
      if (stat.relative && ctx.workspace.isIgnored(stat.relative, stat.type === 'directory')) {
        return toolError(ignoredTargetMessage(stat.relative, 'find_files'));
      }
      const pattern = input.pattern.replace(/^\.\//, '');
      const listing = await ctx.workspace.listFiles({
        under: stat.relative,
        globs: [pattern],
        limit: FIND_FILES_MAX_RESULTS,
        signal: ctx.signal,
      });
      if (listing.total === 0 && !listing.truncated) {
        return ok(
          `No files match ${JSON.stringify(input.pattern)}${stat.relative ? ` under ${stat.relative}` : ''}.`,
        );
      }
      const header =
        listing.total > listing.files.length
          ? `${listing.total} files match ${JSON.stringify(input.pattern)}; showing the first ${listing.files.length}:`
          : `${listing.total} file${listing.total === 1 ? '' : 's'} match ${JSON.stringify(input.pattern)}:`;
      const lines = [header, ...listing.files];
      if (listing.total > listing.files.length) {
        lines.push(
          `… ${listing.total - listing.files.length} more not shown (at most ${FIND_FILES_MAX_RESULTS}). Use a more specific pattern or path.`,
        );
      }
      // The count cap is stated above; any other incompleteness (walk limits, abort) is added here.
      if (listing.message && /walk|aborted|maxWalkDepth/.test(listing.message))
        lines.push(`[${listing.message}]`);
      return ok(lines.join('\n'));
    },
  });
}
