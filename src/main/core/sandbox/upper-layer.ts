// The run's own layer of its private copy: overlayfs's upper directory on
// disk. Everything the run changed lives here, and nothing else: a file written by an edit
// tool or copied up by a command, and a whiteout (a 0/0 character device) for each file or
// folder a command deleted. The overlay is mounted with `userxattr` (a user namespace cannot
// set trusted.* xattrs; without it the kernel answers EIO to removing a project folder), so a
// folder deleted and made again is marked opaque by a `user.overlay.opaque` xattr, which Node
// cannot read: the project files it hides are not listed as deletions (a known limit). The
// Node process reads and writes this folder directly while no command runs: overlayfs allows
// changes to its upper folder while it is not mounted.
import { createHash, randomUUID } from 'node:crypto';
import { lstat, open, readdir, readFile } from 'node:fs/promises';
import {
  constants,
  lstatSync,
  mkdirSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import path from 'node:path';
import { orNull } from '../workspace/or-null';

/** A path of the layer: a file the run has (its hash) or a deletion. */
export type LayerEntry =
  | {
      readonly kind: 'file';
      readonly size: number;
      readonly mtimeMs: number;
      readonly mode: number;
      readonly hash: string;
    }
  | { readonly kind: 'deleted' };

export type LayerScan = ReadonlyMap<string, LayerEntry>;

/** Bounds of one scan; past them the scan fails closed (the caller says so). */
export const MAX_LAYER_ENTRIES = 50_000;
export const MAX_LAYER_HASH_BYTES = 1024 * 1024 * 1024;

export class LayerLimitError extends Error {
  override readonly name = 'LayerLimitError';
}

export function isWhiteout(info: Stats): boolean {
  return info.isCharacterDevice() && info.rdev === 0;
}

/** Refuses a relative path that is not plain forward-slash segments inside the layer. */
function layerPath(upper: string, relative: string): string {
  const parts = relative.split('/');
  if (!relative || parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\0')))
    throw new Error(`"${relative}" is not a path inside the run's copy`);
  return path.join(upper, ...parts);
}

/**
 * Lists the layer: regular files with their hash, whiteouts as deletions. `skip` leaves out
 * ignored paths (a skipped folder is not entered). Symlinks and other special files a
 * command made are reported in `others` (never followed).
 */
export async function scanLayer(
  upper: string,
  skip: (relative: string, isDir: boolean) => boolean,
  previous?: LayerScan,
): Promise<{ entries: Map<string, LayerEntry>; others: string[] }> {
  const entries = new Map<string, LayerEntry>();
  const others: string[] = [];
  let visited = 0;
  let hashed = 0;
  const visit = async (relative: string): Promise<void> => {
    const dir = relative ? path.join(upper, ...relative.split('/')) : upper;
    let names: string[];
    try {
      names = (await readdir(dir)).sort();
    } catch {
      return;
    }
    for (const name of names) {
      visited += 1;
      if (visited > MAX_LAYER_ENTRIES)
        throw new LayerLimitError(
          `the run's copy holds more than ${MAX_LAYER_ENTRIES} changed entries (limit); its changes could not all be listed`,
        );
      const rel = relative ? `${relative}/${name}` : name;
      let info: Stats;
      try {
        info = await lstat(path.join(dir, name));
      } catch {
        continue;
      }
      if (isWhiteout(info)) {
        if (!skip(rel, false)) entries.set(rel, { kind: 'deleted' });
        continue;
      }
      if (info.isDirectory()) {
        if (!skip(rel, true)) await visit(rel);
        continue;
      }
      if (skip(rel, false)) continue;
      if (!info.isFile()) {
        others.push(rel);
        continue;
      }
      const old = previous?.get(rel);
      if (old?.kind === 'file' && old.size === info.size && old.mtimeMs === info.mtimeMs) {
        entries.set(rel, old);
        continue;
      }
      let hash: string;
      if (hashed + info.size <= MAX_LAYER_HASH_BYTES) {
        hashed += info.size;
        hash = createHash('sha256')
          .update(await readFile(path.join(dir, name)))
          .digest('hex');
      } else hash = `stat:${info.size}:${info.mtimeMs}:${info.ino}`;
      entries.set(rel, {
        kind: 'file',
        size: info.size,
        mtimeMs: info.mtimeMs,
        mode: info.mode & 0o7777,
        hash,
      });
    }
  };
  await visit('');
  return { entries, others };
}

/** Paths whose entry differs between two scans (created, changed, deleted or restored). */
export function changedInLayer(before: LayerScan, after: LayerScan): string[] {
  const changed = new Set<string>();
  for (const [rel, entry] of after) {
    const was = before.get(rel);
    if (
      !was ||
      was.kind !== entry.kind ||
      (was.kind === 'file' && entry.kind === 'file' && was.hash !== entry.hash)
    )
      changed.add(rel);
  }
  for (const rel of before.keys()) if (!after.has(rel)) changed.add(rel);
  return [...changed].sort();
}

/**
 * Reads a file of the layer (null when the layer has no regular file there). A link a command
 * left in the layer is never followed, at the end or on the way: each
 * parent must be a real folder of the layer, and the file is opened with O_NOFOLLOW.
 */
export async function readLayerFile(upper: string, relative: string): Promise<Buffer | null> {
  const file = layerPath(upper, relative);
  const parts = relative.split('/');
  try {
    for (let i = 1; i < parts.length; i += 1)
      if (!(await lstat(path.join(upper, ...parts.slice(0, i)))).isDirectory()) return null;
    const handle = await open(
      file,
      constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
    );
    try {
      if (!(await handle.stat()).isFile()) return null;
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
}

/**
 * Writes a file into the layer (an edit tool's result): parents made, a whiteout at the path
 * or at a parent replaced, written to a temporary name and renamed so a reader never sees
 * half a file. `mode` is the project file's, so an executable stays executable. Synchronous:
 * an edit must be in the layer before the next command mounts it.
 */
export function writeLayerFile(
  upper: string,
  relative: string,
  bytes: Uint8Array,
  mode: number,
): void {
  const target = layerPath(upper, relative);
  const parts = relative.split('/');
  for (let i = 1; i < parts.length; i += 1) {
    const dir = path.join(upper, ...parts.slice(0, i));
    const info = orNull(() => lstatSync(dir));
    if (info && !info.isDirectory()) rmSync(dir, { force: true });
    if (!info || !info.isDirectory()) mkdirSync(dir, { mode: 0o755 });
  }
  const existing = orNull(() => lstatSync(target));
  if (existing && !existing.isFile()) unlinkSync(target);
  const temp = path.join(path.dirname(target), `.sluice-${randomUUID()}.tmp`);
  writeFileSync(temp, bytes, { mode: mode & 0o777 });
  renameSync(temp, target);
}
