// The ignore-aware walk behind listFiles and list_files: depth-first in name order, prunes
// ignored folders, never descends into a symlinked folder (so it cannot leave the root),
// and stops at maxWalkEntries / maxWalkDepth, reporting that it stopped.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { IgnoreRules } from './ignore-rules';

export type EntryType = 'file' | 'directory' | 'symlink' | 'other';

export interface WalkEntry {
  /** Relative to the root, `/` separators. */
  readonly relative: string;
  readonly type: EntryType;
  /** 1 for direct children of the walk's start folder. */
  readonly depth: number;
}

export interface WalkOptions {
  readonly root: string;
  /** Folder to start from, relative to the root ('' = root). */
  readonly start: string;
  readonly rules: IgnoreRules;
  /** Deepest level yielded and descended into (1 = only the start folder's children). */
  readonly maxDepth: number;
  readonly maxEntries: number;
  readonly signal?: AbortSignal;
}

export interface WalkStop {
  /** Set when the walk stopped early, naming the limit. */
  reason?: 'maxWalkEntries' | 'aborted';
  /** Entries visited (ignored ones excluded). */
  visited: number;
  /** Folders not descended into because of maxDepth. */
  depthCutoffs: number;
}

export function entryTypeOf(dirent: {
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}): EntryType {
  if (dirent.isSymbolicLink()) return 'symlink';
  if (dirent.isDirectory()) return 'directory';
  if (dirent.isFile()) return 'file';
  return 'other';
}

/** Yields entries in pre-order; `stop` is filled in as the walk goes, final once iteration ends. */
export async function* walkFiles(options: WalkOptions, stop: WalkStop): AsyncGenerator<WalkEntry> {
  yield* walkFolder(options, stop, options.start, 0);
}

async function* walkFolder(
  options: WalkOptions,
  stop: WalkStop,
  dir: string,
  depth: number,
): AsyncGenerator<WalkEntry> {
  const { root, rules, maxDepth, maxEntries, signal } = options;
  if (signal?.aborted) {
    stop.reason = 'aborted';
    return;
  }
  let dirents;
  try {
    dirents = await readdir(path.join(root, dir), { withFileTypes: true });
  } catch {
    return; // vanished or unreadable folder: skip it, the walk goes on
  }
  dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const dirent of dirents) {
    if (stop.reason) return;
    const relative = dir ? `${dir}/${dirent.name}` : dirent.name;
    const type = entryTypeOf(dirent);
    if (rules.isIgnored(relative, type === 'directory')) continue;
    if (stop.visited >= maxEntries) {
      stop.reason = 'maxWalkEntries';
      return;
    }
    stop.visited++;
    yield { relative, type, depth: depth + 1 };
    if (type === 'directory') {
      if (depth + 1 < maxDepth) yield* walkFolder(options, stop, relative, depth + 1);
      else stop.depthCutoffs++;
    }
  }
}
