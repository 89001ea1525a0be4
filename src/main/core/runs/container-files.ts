// The project going into a run's container and its changes coming back.
// In: one tar stream of the whole project as the person has it now (uncommitted changes,
// untracked files, node_modules and .venv included), at the project's own absolute path, put
// into the container before the container is committed as the run's image; so the engine's
// own list of a container's changes (`GET /containers/{id}/changes`, the writable layer
// against its image) is exactly the run's layer, as overlayfs's upper folder is locally:
// changed and new paths, and deletions. Out: that list under the project, each regular file
// stat'ed and (when its size or time moved) read back with `getArchive` and hashed, giving the
// same LayerScan the local runner's scan gives. Nothing here runs a program in the container.
import type Docker from 'dockerode';
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync, type Stats } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  LayerLimitError,
  MAX_LAYER_ENTRIES,
  MAX_LAYER_HASH_BYTES,
  type LayerEntry,
  type LayerScan,
} from '../sandbox/upper-layer';
import { readTar, TAR_END, tarEntryBlocks, type TarEntry, type TarOwner } from './tar-archive';

/** Bounds of the project sent into a container; past them the run fails closed and says so. */
export const MAX_PROJECT_ENTRIES = 500_000;
export const MAX_PROJECT_BYTES = 8 * 1024 ** 3;

export class ProjectArchiveError extends Error {
  override readonly name = 'ProjectArchiveError';
}

/** `/a/b/proj` → the tar path `a/b/proj/<rel>` (extracted at `/`). */
function inContainer(root: string, rel: string): string {
  const base = root.split(path.sep).filter(Boolean).join('/');
  return rel ? `${base}/${rel}` : base;
}

/**
 * The project as one tar stream: its ancestors as root-owned folders, then every folder,
 * file and symlink of it owned by `owner` (the user commands run as). `hidden` folders
 * (SLUICE_HOME when it lies inside) and sockets, devices and FIFOs are left out.
 */
export function projectArchive(
  root: string,
  owner: TarOwner,
  hidden: readonly string[] = [],
): Readable {
  const skip = new Set(hidden.map((h) => path.resolve(h)));
  function* blocks(): Generator<Buffer> {
    const parts = root.split(path.sep).filter(Boolean);
    for (let i = 1; i < parts.length; i += 1)
      yield* tarEntryBlocks(
        { kind: 'dir', path: parts.slice(0, i).join('/'), mode: 0o755, mtimeMs: Date.now() },
        { uid: 0, gid: 0 },
      );
    let entries = 0;
    let bytes = 0;
    const visit = function* (dir: string, rel: string, info: Stats): Generator<Buffer> {
      yield* tarEntryBlocks(
        { kind: 'dir', path: inContainer(root, rel), mode: info.mode, mtimeMs: info.mtimeMs },
        owner,
      );
      for (const name of readdirSync(dir).sort()) {
        const file = path.join(dir, name);
        if (skip.has(file)) continue;
        const relative = rel ? `${rel}/${name}` : name;
        let stat: Stats;
        try {
          stat = lstatSync(file);
        } catch {
          continue;
        }
        entries += 1;
        if (entries > MAX_PROJECT_ENTRIES || bytes > MAX_PROJECT_BYTES)
          throw new ProjectArchiveError(
            `the project holds more than ${MAX_PROJECT_ENTRIES} entries or ${MAX_PROJECT_BYTES / 1024 ** 3} GB (limit for a container run)`,
          );
        let entry: TarEntry | null = null;
        if (stat.isDirectory()) {
          yield* visit(file, relative, stat);
          continue;
        }
        if (stat.isFile()) {
          const content = readFileSync(file);
          bytes += content.length;
          entry = {
            kind: 'file',
            path: inContainer(root, relative),
            mode: stat.mode,
            mtimeMs: stat.mtimeMs,
            bytes: content,
          };
        } else if (stat.isSymbolicLink())
          entry = {
            kind: 'symlink',
            path: inContainer(root, relative),
            target: readlinkSync(file),
          };
        if (entry) yield* tarEntryBlocks(entry, owner);
      }
    };
    yield* visit(root, '', lstatSync(root));
    yield TAR_END;
  }
  return Readable.from(blocks(), { objectMode: false });
}

/** Files the run wrote (edits), as one tar stream at the project's path. */
export function filesArchive(
  root: string,
  files: ReadonlyMap<string, { bytes: Uint8Array; mode: number }>,
  owner: TarOwner,
): Buffer {
  const dirs = new Set<string>();
  const entries: TarEntry[] = [];
  for (const [rel, file] of files) {
    const parts = rel.split('/');
    for (let i = 1; i < parts.length; i += 1) {
      const dir = parts.slice(0, i).join('/');
      if (dirs.has(dir)) continue;
      dirs.add(dir);
      entries.push({ kind: 'dir', path: inContainer(root, dir), mode: 0o755, mtimeMs: Date.now() });
    }
    entries.push({
      kind: 'file',
      path: inContainer(root, rel),
      mode: file.mode & 0o777,
      mtimeMs: Date.now(),
      bytes: file.bytes,
    });
  }
  return Buffer.concat([...entries.flatMap((e) => tarEntryBlocks(e, owner)), TAR_END]);
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream as AsyncIterable<Buffer | string>)
    parts.push(typeof part === 'string' ? Buffer.from(part) : part);
  return Buffer.concat(parts);
}

/** What the engine says of a path: Go's FileMode bits, size, modification time. */
interface PathStat {
  readonly mode: number;
  readonly size: number;
  readonly mtime: string;
}

const GO_DIR = 2 ** 31;
/** Symlink, device, pipe, socket, char device, irregular: Go FileMode bits 27, 26, 25, 24, 21, 19. */
const GO_SPECIAL = [27, 26, 25, 24, 21, 19];

function kindOf(mode: number): 'dir' | 'file' | 'other' {
  if (mode >= GO_DIR) return 'dir';
  return GO_SPECIAL.some((bit) => Math.floor(mode / 2 ** bit) % 2 === 1) ? 'other' : 'file';
}

async function statIn(container: Docker.Container, file: string): Promise<PathStat | null> {
  try {
    const res = (await container.infoArchive({ path: file })) as unknown as {
      headers: Record<string, string | undefined>;
      resume?: () => void;
    };
    res.resume?.();
    const header = res.headers['x-docker-container-path-stat'];
    if (!header) return null;
    return JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as PathStat;
  } catch {
    return null;
  }
}

/** A regular file's bytes from the container, or null (absent, a folder, a link). */
export async function readContainerFile(
  container: Docker.Container,
  root: string,
  rel: string,
): Promise<Buffer | null> {
  const parts = rel.split('/');
  if (!rel || parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\0')))
    throw new Error(`"${rel}" is not a path inside the run's copy`);
  let tar: Buffer;
  try {
    tar = await collect(await container.getArchive({ path: `/${inContainer(root, rel)}` }));
  } catch {
    return null;
  }
  const entry = (await readTar(tar))[0];
  return entry?.kind === 'file' ? entry.bytes : null;
}

/**
 * The run's changes under the project, as a LayerScan (ignored paths left out by `skip`, a
 * skipped folder's contents too). Files unchanged in size and time since `previous` keep
 * their hash; past the bounds the scan fails closed like the local one.
 */
export async function scanContainer(
  container: Docker.Container,
  root: string,
  skip: (relative: string, isDir: boolean) => boolean,
  previous?: LayerScan,
): Promise<LayerScan> {
  const prefix = `/${inContainer(root, '')}/`;
  const changes = ((await container.changes()) ?? []) as { Path: string; Kind: number }[];
  const entries = new Map<string, LayerEntry>();
  let hashed = 0;
  const skippedDir = (rel: string): boolean => {
    const parts = rel.split('/');
    for (let i = 1; i < parts.length; i += 1)
      if (skip(parts.slice(0, i).join('/'), true)) return true;
    return false;
  };
  const paths = changes
    .filter((c) => c.Path.startsWith(prefix))
    .sort((a, b) => (a.Path < b.Path ? -1 : 1));
  if (paths.length > MAX_LAYER_ENTRIES)
    throw new LayerLimitError(
      `the run's container holds more than ${MAX_LAYER_ENTRIES} changed entries (limit); its changes could not all be listed`,
    );
  for (const change of paths) {
    const rel = change.Path.slice(prefix.length);
    if (!rel || skippedDir(rel)) continue;
    if (change.Kind === 2) {
      if (!skip(rel, false)) entries.set(rel, { kind: 'deleted' });
      continue;
    }
    const stat = await statIn(container, change.Path);
    if (!stat || kindOf(stat.mode) !== 'file' || skip(rel, false)) continue;
    const mtimeMs = Date.parse(stat.mtime);
    const old = previous?.get(rel);
    if (old?.kind === 'file' && old.size === stat.size && old.mtimeMs === mtimeMs) {
      entries.set(rel, old);
      continue;
    }
    let hash = `stat:${stat.size}:${mtimeMs}`;
    if (hashed + stat.size <= MAX_LAYER_HASH_BYTES) {
      const bytes = await readContainerFile(container, root, rel);
      if (bytes) {
        hashed += bytes.length;
        hash = createHash('sha256').update(bytes).digest('hex');
      }
    }
    entries.set(rel, { kind: 'file', size: stat.size, mtimeMs, mode: stat.mode & 0o7777, hash });
  }
  return entries;
}
