// The pure-Node fallback used when no ripgrep binary is found. Files come from the
// workspace's ignore-aware walk and are read through the workspace; matching runs in a
// worker (regex-worker.ts) under the query's time limit, so no pattern can hang it.
import type { Workspace } from '../workspace/workspace';
import { SandboxError } from '../workspace/workspace';
import { RegexWorker } from './regex-worker';
import {
  InvalidPatternError,
  cutLine,
  type SearchEngine,
  type SearchFileHits,
  type SearchOutcome,
  type SearchQuery,
  type SearchStop,
} from './search-engine';

/** Text sent to the worker per message; small enough that a timeout is noticed promptly. */
const BATCH_CHARS = 512 * 1024;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Compiles once on the main thread (compiling cannot hang) to report bad patterns clearly. */
function compile(query: SearchQuery): { source: string; flags: string } {
  const source = query.literal ? escapeRegex(query.pattern) : query.pattern;
  const base = query.caseSensitive ? '' : 'i';
  try {
    new RegExp(source, `${base}u`);
    return { source, flags: `${base}u` };
  } catch {
    try {
      new RegExp(source, base);
      return { source, flags: base };
    } catch (error) {
      throw new InvalidPatternError(
        query.pattern,
        error instanceof Error ? error.message : String(error),
      );
    }
  }
}

/** The files to read, and whether the walk's own limits left some out. */
async function filesToSearch(
  workspace: Workspace,
  query: SearchQuery,
  signal?: AbortSignal,
): Promise<{ files: string[]; incomplete: boolean }> {
  const target = query.under ? await workspace.stat(query.under) : null;
  if (target && target.type === 'file') return { files: [target.relative], incomplete: false };
  const listing = await workspace.listFiles({ under: query.under, globs: query.globs, signal });
  return { files: listing.files, incomplete: listing.truncated };
}

export function createNodeSearchEngine(): SearchEngine {
  return { name: 'node', search: runNodeSearch };
}

async function runNodeSearch(
  workspace: Workspace,
  query: SearchQuery,
  signal?: AbortSignal,
): Promise<SearchOutcome> {
  const { source, flags } = compile(query);
  const deadline = Date.now() + query.timeLimitMs;
  const worker = new RegexWorker(source, flags);
  const files: SearchFileHits[] = [];
  let shownMatches = 0;
  let totalMatches = 0;
  let totalFiles = 0;
  let stoppedBy: SearchStop | undefined;
  let skippedLarge = 0;

  const collect = (paths: string[], texts: string[], result: number[][]) => {
    result.forEach((hits, index) => {
      if (!hits.length) return;
      totalFiles++;
      totalMatches += hits.length;
      const room = query.maxMatches - shownMatches;
      if (room <= 0) return;
      const kept = hits.slice(0, room);
      shownMatches += kept.length;
      const lines = (texts[index] as string).split('\n');
      const wanted = new Map<number, 'match' | 'context'>();
      for (const hit of kept) {
        for (
          let i = Math.max(0, hit - query.contextLines);
          i <= Math.min(lines.length - 1, hit + query.contextLines);
          i++
        ) {
          if (!wanted.has(i)) wanted.set(i, 'context');
        }
        wanted.set(hit, 'match');
      }
      const fileHits: SearchFileHits = { path: paths[index] as string, lines: [] };
      for (const i of [...wanted.keys()].sort((a, b) => a - b)) {
        const { text, cut } = cutLine(lines[i] as string, query.maxLineChars);
        fileHits.lines.push({ line: i + 1, text, cut, kind: wanted.get(i) as 'match' | 'context' });
      }
      files.push(fileHits);
    });
  };

  try {
    const { files: candidates, incomplete } = await filesToSearch(workspace, query, signal);
    let batchPaths: string[] = [];
    let batchTexts: string[] = [];
    let batchChars = 0;
    const flush = async (): Promise<boolean> => {
      if (!batchTexts.length) return true;
      const outcome = await worker.run(batchTexts, deadline, signal);
      if (outcome.status !== 'done') {
        stoppedBy = outcome.status === 'timeout' ? 'time-limit' : 'aborted';
        return false;
      }
      collect(batchPaths, batchTexts, outcome.result);
      batchPaths = [];
      batchTexts = [];
      batchChars = 0;
      return true;
    };
    for (const relative of candidates) {
      if (signal?.aborted) {
        stoppedBy = 'aborted';
        break;
      }
      if (Date.now() >= deadline) {
        stoppedBy = 'time-limit';
        break;
      }
      let text: string;
      try {
        const file = await workspace.readBytes(relative);
        if (file.binary) continue;
        text = file.bytes.toString('utf8');
      } catch (error) {
        // Too big, vanished or refused: skip it as ripgrep skips unreadable files; the size
        // limit is counted so the result can say files went unsearched.
        if (error instanceof SandboxError && error.rule === 'limit') {
          skippedLarge++;
          continue;
        }
        if (error instanceof SandboxError || (error as { code?: string }).code) continue;
        throw error;
      }
      batchPaths.push(relative);
      batchTexts.push(text);
      batchChars += text.length;
      if (batchChars >= BATCH_CHARS && !(await flush())) break;
    }
    if (!stoppedBy) await flush();
    if (!stoppedBy && incomplete) stoppedBy = signal?.aborted ? 'aborted' : 'file-limit';
  } finally {
    void worker.terminate();
  }
  return {
    engine: 'node',
    files,
    shownMatches,
    totalMatches,
    totalFiles,
    ...(stoppedBy ? { stoppedBy } : {}),
    ...(skippedLarge ? { skippedLargeFiles: skippedLarge } : {}),
  };
}
