// Content search through the ripgrep binary: spawned with an argument array (never a shell),
// `--json`, cwd at the root. Ignore rules match the workspace's: .gitignore without needing a
// git repo, the root .sluiceignore as an ignore file, no parent/global/.ignore files, and
// every reported path is checked again against the workspace (nested .sluiceignore files).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Workspace } from '../workspace/workspace';
import { RipgrepJsonCollector } from './ripgrep-json-collector';
import {
  InvalidPatternError,
  type SearchEngine,
  type SearchOutcome,
  type SearchQuery,
  type SearchStop,
} from './search-engine';
import { childStdio } from '../process/child-descriptors';

/**
 * The walk and ignore flags that make rg see what the workspace sees (plus the per-path
 * re-check by the caller); shared with the index's quick text prefilter.
 */
export function ripgrepIgnoreArgs(root: string): string[] {
  const args = [
    '--no-config',
    '--hidden',
    '--no-require-git',
    '--no-ignore-parent',
    '--no-ignore-global',
    '--no-ignore-dot',
    '--no-ignore-exclude',
    '--glob',
    '!.git',
  ];
  if (existsSync(path.join(root, '.sluiceignore'))) args.push('--ignore-file', '.sluiceignore');
  return args;
}

/** The exact argument list; exported so the bench runs rg with the same flags. */
export function ripgrepArgs(workspace: Workspace, query: SearchQuery): string[] {
  // The query's globs come after the ignore flags' `!.git`: with rg a later glob wins.
  const args = [
    '--json',
    ...ripgrepIgnoreArgs(workspace.root),
    query.caseSensitive ? '--case-sensitive' : '--ignore-case',
  ];
  if (query.literal) args.push('--fixed-strings');
  if (query.contextLines > 0) args.push('--context', String(query.contextLines));
  for (const glob of query.globs) args.push('--glob', glob);
  args.push('--regexp', query.pattern);
  if (query.under) args.push('--', query.under);
  return args;
}

export function createRipgrepEngine(rgPath: string): SearchEngine {
  return {
    name: 'ripgrep',
    search: (workspace, query, signal) => runRipgrep(rgPath, workspace, query, signal),
  };
}

function runRipgrep(
  rgPath: string,
  workspace: Workspace,
  query: SearchQuery,
  signal?: AbortSignal,
): Promise<SearchOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(rgPath, ripgrepArgs(workspace, query), {
      cwd: workspace.root,
      stdio: childStdio(['ignore', 'pipe', 'pipe']),
      windowsHide: true,
    });
    const collector = new RipgrepJsonCollector(query, (relative) =>
      workspace.isIgnored(relative, false),
    );
    let stoppedBy: SearchStop | undefined;
    let stderr = '';

    const stop = (reason: SearchStop) => {
      stoppedBy ??= reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop('time-limit'), query.timeLimitMs);
    const onAbort = () => stop('aborted');
    signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => collector.push(chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 4000) stderr += chunk;
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      reject(new Error(`ripgrep could not be started: ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      collector.end();
      const { files, shownMatches, totalMatches, totalFiles } = collector;
      if (code === 2 && totalMatches === 0 && !stoppedBy && /regex|parse error/i.test(stderr)) {
        reject(new InvalidPatternError(query.pattern, stderr));
        return;
      }
      const { oversizedLines } = collector;
      resolve({
        engine: 'ripgrep',
        files,
        shownMatches,
        totalMatches,
        totalFiles,
        ...(stoppedBy ? { stoppedBy } : {}),
        ...(oversizedLines ? { oversizedLines } : {}),
      });
    });
  });
}
