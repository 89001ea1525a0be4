// Workspace.listFiles: the regular files under a folder (not symlinks, ignore-aware) that
// match globs and extensions, capped at `limit` while the total goes on counting; every
// limit that cut the listing short is named in its message.
import path from 'node:path';
import { basenameGlobMatcher } from './glob-matcher';
import type { WorkspaceLimits } from './limits';
import type { WalkEntry, WalkStop } from './walk-files';

export interface ListFilesOptions {
  /** Glob(s) over root-relative paths; a glob without `/` matches the file name anywhere. */
  readonly globs?: readonly string[];
  /** File extensions to keep, with or without the dot ('.ts' or 'ts'). */
  readonly extensions?: readonly string[];
  /** Most files returned (default and ceiling: limits.maxResults). */
  readonly limit?: number;
  /** Folder to list under (a caller path, resolved inside the root). */
  readonly under?: string;
  readonly signal?: AbortSignal;
}

export interface FileListing {
  /** Root-relative, `/` separators, in walk (name) order. */
  readonly files: string[];
  /** Matching files found, including those beyond `limit` (a lower bound if the walk stopped). */
  readonly total: number;
  readonly truncated: boolean;
  /** Set when the listing is incomplete; names the limit. */
  readonly message?: string;
}

/** What a listing walks: the workspace's walk, within its limits. */
export interface ListingSource {
  readonly limits: WorkspaceLimits;
  walk(
    options: { under?: string; signal?: AbortSignal },
    stop: WalkStop,
  ): AsyncGenerator<readonly WalkEntry[]>;
}

export async function listFiles(
  source: ListingSource,
  options: ListFilesOptions = {},
): Promise<FileListing> {
  const limit = Math.max(
    0,
    Math.min(options.limit ?? source.limits.maxResults, source.limits.maxResults),
  );
  const matchesGlob = options.globs?.length ? basenameGlobMatcher(options.globs) : () => true;
  const extensions = options.extensions?.map((e) =>
    (e.startsWith('.') ? e : `.${e}`).toLowerCase(),
  );
  const stop: WalkStop = { visited: 0, depthCutoffs: 0 };
  const files: string[] = [];
  let total = 0;
  for await (const batch of source.walk({ under: options.under, signal: options.signal }, stop)) {
    for (const entry of batch) {
      if (entry.type !== 'file') continue;
      if (extensions && !extensions.includes(path.posix.extname(entry.relative).toLowerCase()))
        continue;
      if (!matchesGlob(entry.relative)) continue;
      total++;
      if (files.length < limit) files.push(entry.relative);
    }
  }
  const notes: string[] = [];
  if (total > files.length)
    notes.push(
      `showing the first ${files.length} of ${total} matching files (limit maxResults: ${limit})`,
    );
  if (stop.reason === 'maxWalkEntries') {
    notes.push(
      `the walk stopped after ${stop.visited} entries (limit maxWalkEntries), so the total is a lower bound`,
    );
  }
  if (stop.reason === 'aborted') notes.push('the walk was aborted, so the listing is incomplete');
  if (stop.depthCutoffs > 0) {
    notes.push(
      `${stop.depthCutoffs} folders deeper than ${source.limits.maxWalkDepth} levels were not entered (limit maxWalkDepth)`,
    );
  }
  const truncated = notes.length > 0;
  return {
    files,
    total,
    truncated,
    ...(truncated ? { message: `Incomplete listing: ${notes.join('; ')}.` } : {}),
  };
}
