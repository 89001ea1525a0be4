// Which files a command changed: a snapshot of the project before (size, mtime, hash and the
// bytes of files small enough to restore) and a second walk after, compared. The walk honours
// the ignore rules (node_modules, build output are not tracked) and is bounded: a project
// beyond the bounds is refused before the command runs, with a message, so a command never
// changes files that undo cannot see.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { WalkStop } from '../workspace/walk-files';
import type { Workspace } from '../workspace/workspace';

export interface SnapshotLimits {
  /** Files tracked at most. */
  readonly maxFiles: number;
  /** Bytes of file contents kept for undo at most (over all files). */
  readonly maxKeptBytes: number;
  /** Files larger than this are tracked by hash only (a change is reported, not restorable). */
  readonly maxFileBytes: number;
}

export const DEFAULT_SNAPSHOT_LIMITS: SnapshotLimits = {
  maxFiles: 20_000,
  maxKeptBytes: 128 * 1024 * 1024,
  maxFileBytes: 4 * 1024 * 1024,
};

interface FileState {
  readonly size: number;
  readonly mtimeMs: number;
  readonly mode: number;
  readonly hash: string;
  /** Null when the file was too large to keep. */
  readonly bytes: Buffer | null;
}

export type Snapshot = ReadonlyMap<string, FileState>;

export class SnapshotLimitError extends Error {
  override readonly name = 'SnapshotLimitError';
}

export interface FileChange {
  /** Workspace-relative, forward slashes. */
  readonly path: string;
  readonly kind: 'created' | 'modified' | 'deleted';
  /** Bytes before (null: created, or too large to keep) and after (null: deleted). */
  readonly beforeBytes: Buffer | null;
  readonly afterBytes: Buffer | null;
  readonly mode: number;
  /** False when undo cannot restore it (too large to keep, or deleted). */
  readonly restorable: boolean;
}

/**
 * Bytes read to hash files too large to keep, per snapshot. Past it (or for one file over
 * it) a file is known by its size, mtime, ctime and inode instead: a command that leaves a
 * 10 TB sparse file (`truncate -s 10T x`) would otherwise hold the tool result for hours.
 */
export const MAX_HASHED_BYTES = 1024 * 1024 * 1024;

const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

async function readKept(absolute: string): Promise<{ hash: string; bytes: Buffer }> {
  const bytes = await readFile(absolute);
  return { hash: sha(bytes), bytes };
}

/** Hash of a large file, streamed so it never sits in memory. */
async function hashFile(absolute: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(absolute)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function walkFiles(workspace: Workspace, limits: SnapshotLimits): Promise<string[]> {
  const stop: WalkStop = { visited: 0, depthCutoffs: 0 };
  const files: string[] = [];
  for await (const batch of workspace.walk({}, stop)) {
    for (const entry of batch) {
      if (entry.type !== 'file') continue;
      files.push(entry.relative);
      if (files.length > limits.maxFiles)
        throw new SnapshotLimitError(
          `the project has more than ${limits.maxFiles} tracked files (limit maxFiles), so the files a command changes could not all be found and undone; nothing was run. Add folders to .sluiceignore to narrow it.`,
        );
    }
  }
  if (stop.reason === 'maxWalkEntries' || stop.depthCutoffs > 0)
    throw new SnapshotLimitError(
      'the project is too large or too deep to list every file a command could change; nothing was run.',
    );
  return files;
}

/**
 * Reads the project's files. `previous` lets an unchanged file (same size and mtime) reuse its
 * hash instead of being read again.
 */
export async function takeSnapshot(
  workspace: Workspace,
  limits: SnapshotLimits = DEFAULT_SNAPSHOT_LIMITS,
  previous?: Snapshot,
): Promise<Snapshot> {
  const files = await walkFiles(workspace, limits);
  const snapshot = new Map<string, FileState>();
  let kept = 0;
  let hashed = 0;
  for (const relative of files) {
    const absolute = path.join(workspace.root, relative);
    let stat;
    try {
      stat = await lstat(absolute);
    } catch {
      continue;
    }
    if (!stat.isFile()) continue;
    const old = previous?.get(relative);
    if (old && old.size === stat.size && old.mtimeMs === stat.mtimeMs) {
      snapshot.set(relative, old);
      continue;
    }
    const small = stat.size <= limits.maxFileBytes;
    const keep = small && kept + stat.size <= limits.maxKeptBytes;
    // Before the command every small file must be kept (undo); after it, only what changed
    // is read again, and what does not fit is reported as not restorable.
    if (small && !keep && !previous)
      throw new SnapshotLimitError(
        `the project's files come to more than ${limits.maxKeptBytes} bytes (limit maxKeptBytes), too much to keep for undo; nothing was run. Add folders to .sluiceignore to narrow it.`,
      );
    let state: { hash: string; bytes: Buffer | null };
    try {
      if (keep) state = await readKept(absolute);
      else if (hashed + stat.size <= MAX_HASHED_BYTES) {
        hashed += stat.size;
        state = { hash: await hashFile(absolute), bytes: null };
      } else
        state = {
          hash: `stat:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}:${stat.ino}`,
          bytes: null,
        };
    } catch {
      continue;
    }
    if (state.bytes) kept += state.bytes.length;
    snapshot.set(relative, {
      size: stat.size,
      mtimeMs: stat.mtimeMs,
      mode: stat.mode & 0o7777,
      ...state,
    });
  }
  return snapshot;
}

export function diffSnapshots(before: Snapshot, after: Snapshot): FileChange[] {
  const changes: FileChange[] = [];
  for (const [file, now] of after) {
    const was = before.get(file);
    if (!was) {
      changes.push({
        path: file,
        kind: 'created',
        beforeBytes: null,
        afterBytes: now.bytes,
        mode: now.mode,
        restorable: now.bytes !== null,
      });
    } else if (was.hash !== now.hash) {
      changes.push({
        path: file,
        kind: 'modified',
        beforeBytes: was.bytes,
        afterBytes: now.bytes,
        mode: now.mode,
        restorable: was.bytes !== null && now.bytes !== null,
      });
    }
  }
  for (const [file, was] of before) {
    if (!after.has(file))
      changes.push({
        path: file,
        kind: 'deleted',
        beforeBytes: was.bytes,
        afterBytes: null,
        mode: was.mode,
        // The snapshot holds its bytes: undo puts it back.
        restorable: was.bytes !== null,
      });
  }
  return changes.sort((a, b) => a.path.localeCompare(b.path));
}
