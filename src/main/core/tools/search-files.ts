// search_files: text or regex search over file contents through the SearchEngine (ripgrep,
// or the Node fallback), capped near 100 matching lines and 300 characters a line, with totals.
import { z } from 'zod';
import { createSearchEngine } from '../search/create-search-engine';
import type { SearchEngine, SearchOutcome, SearchStop } from '../search/search-engine';
import { missingCase } from '../../../shared/missing-case';
import { ignoredTargetMessage } from './list-files';
import { ok, toolError, defineTool } from './tool';
import { plural } from '../../../shared/plural';

export const SEARCH_MAX_MATCHES = 100;
export const SEARCH_MAX_LINE_CHARS = 300;
export const SEARCH_TIME_LIMIT_MS = 15_000;
export const SEARCH_MAX_CONTEXT = 10;

const DESCRIPTION = `Search the contents of the project's files for a regular expression or plain text (like grep / ripgrep).
- pattern: a regular expression by default (e.g. "function\\s+load", "TODO|FIXME"); set literal: true to search for the text exactly as written (e.g. "foo(bar)").
- case_sensitive: default is smart case (case-insensitive when the pattern has no capital letters, sensitive otherwise).
- path: optional folder or file to search, relative to the project root.
- glob: optional file filter, e.g. "*.ts" or "src/**/*.{ts,tsx}"; a glob without "/" matches file names in any folder; prefix with "!" to exclude.
- context_lines: lines of context to show around each match (0-${SEARCH_MAX_CONTEXT}, default 0).
- Results are grouped by file as "<line>: text" for matches and "<line>- text" for context. At most ${SEARCH_MAX_MATCHES} matching lines are shown, each cut at ${SEARCH_MAX_LINE_CHARS} characters; the totals line tells you how many there are in all, so narrow the pattern, path or glob when results are cut.
- Files ignored by .gitignore or .sluiceignore, .git and binary files are skipped. To find files by name use find_files; to find where a TS/JS symbol is defined prefer find_definition.`;

const schema = z
  .object({
    pattern: z.string().min(1).describe('Regular expression (or plain text with literal: true).'),
    literal: z.boolean().optional().describe('Treat pattern as plain text. Default false.'),
    case_sensitive: z.boolean().optional().describe('Default: smart case.'),
    path: z.string().optional().describe('Folder or file to search, relative to the project root.'),
    glob: z
      .union([z.string().min(1), z.array(z.string().min(1)).max(20)])
      .optional()
      .describe('File glob filter(s).'),
    context_lines: z
      .number()
      .int()
      .min(0)
      .max(SEARCH_MAX_CONTEXT)
      .optional()
      .describe('Context lines around each match.'),
  })
  .strict();

export interface SearchFilesToolOptions {
  /** Default: ripgrep when its binary is installed, else the Node fallback. */
  readonly engine?: SearchEngine;
  readonly timeLimitMs?: number;
}

function stopNote(stop: SearchStop, timeLimitMs: number): string {
  switch (stop) {
    case 'time-limit':
      return `[The search stopped at its time limit of ${timeLimitMs / 1000} s; results and totals are incomplete. Use a simpler pattern or a narrower path/glob.]`;
    case 'aborted':
      return '[The search was aborted; results and totals are incomplete.]';
    case 'file-limit':
      return '[Only part of the project was searched: it holds more files than one search may list (limit maxResults / maxWalkEntries); results and totals are incomplete. Narrow the path or glob.]';
    default:
      return missingCase(stop);
  }
}

export function formatSearchOutcome(
  pattern: string,
  outcome: SearchOutcome,
  timeLimitMs: number,
): string {
  const lines: string[] = [];
  if (outcome.totalMatches === 0) {
    lines.push(`No matches for ${JSON.stringify(pattern)}.`);
  } else if (outcome.shownMatches < outcome.totalMatches) {
    lines.push(
      `${plural(outcome.totalMatches, 'matching line')} in ${plural(outcome.totalFiles, 'file')} for ${JSON.stringify(pattern)}; showing the first ${outcome.shownMatches}. Narrow the pattern, path or glob to see the rest.`,
    );
  } else {
    lines.push(
      `${plural(outcome.totalMatches, 'matching line')} in ${plural(outcome.totalFiles, 'file')} for ${JSON.stringify(pattern)}:`,
    );
  }
  for (const file of outcome.files) {
    lines.push('', file.path);
    let previous = 0;
    for (const line of file.lines) {
      if (previous && line.line > previous + 1) lines.push('  --');
      const cut = line.cut ? ` … [+${line.cut} characters]` : '';
      lines.push(`  ${line.line}${line.kind === 'match' ? ':' : '-'} ${line.text}${cut}`);
      previous = line.line;
    }
  }
  if (outcome.oversizedLines) {
    lines.push(
      '',
      `[${outcome.oversizedLines} result line(s) over 32 MB were skipped (limit MAX_JSON_LINE_BYTES); totals may be low.]`,
    );
  }
  if (outcome.skippedLargeFiles) {
    lines.push(
      '',
      `[${plural(outcome.skippedLargeFiles, 'file')} larger than the workspace's maxFileBytes limit ${outcome.skippedLargeFiles === 1 ? 'was' : 'were'} not searched; read_file can read ${outcome.skippedLargeFiles === 1 ? 'it' : 'them'} in parts.]`,
    );
  }
  if (outcome.stoppedBy) lines.push('', stopNote(outcome.stoppedBy, timeLimitMs));
  return lines.join('\n');
}

export function createSearchFilesTool(options: SearchFilesToolOptions = {}) {
  const engine = options.engine ?? createSearchEngine();
  const timeLimitMs = options.timeLimitMs ?? SEARCH_TIME_LIMIT_MS;
  return defineTool({
    name: 'search_files',
    description: DESCRIPTION,
    schema,
    kind: 'read',
    label: (input) => `Searching for ${JSON.stringify(input.pattern)}`,
    async run(input, ctx) {
      const under = input.path ?? '';
      const stat = await ctx.workspace.stat(under);
      if (!stat)
        return toolError(
          `${under} does not exist. Use list_files or find_files to find the right path.`,
        );
      if (stat.relative && ctx.workspace.isIgnored(stat.relative, stat.type === 'directory')) {
        return toolError(ignoredTargetMessage(stat.relative, 'search_files'));
      }
      if (stat.type === 'other') {
        return toolError(
          `${stat.relative} is not a regular file or folder (a pipe, socket or device); it cannot be searched.`,
        );
      }
      const globs =
        input.glob === undefined ? [] : Array.isArray(input.glob) ? input.glob : [input.glob];
      const outcome = await engine.search(
        ctx.workspace,
        {
          pattern: input.pattern,
          literal: input.literal ?? false,
          caseSensitive:
            input.case_sensitive ??
            /[A-Z]/.test(input.literal ? input.pattern : input.pattern.replace(/\\./g, '')),
          globs,
          under: stat.relative,
          contextLines: input.context_lines ?? 0,
          maxMatches: SEARCH_MAX_MATCHES,
          maxLineChars: SEARCH_MAX_LINE_CHARS,
          timeLimitMs,
        },
        ctx.signal,
      );
      return ok(formatSearchOutcome(input.pattern, outcome, timeLimitMs));
    },
  });
}
