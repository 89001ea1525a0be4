// The tar streams a container engine takes and gives: `putArchive` extracts one into the
// container, `getArchive` answers with one. The format itself is tar-stream's (the library
// dockerode's tar-fs uses): ustar headers, with a PAX record for a name or link target that
// does not fit (long or non-ASCII), and PAX and GNU long names understood when reading. Here
// only the entries background runs need: regular files, folders and symlinks written; read
// back, regular files with their bytes and everything else listed by kind only. Numeric
// owners are written as given (the engine keeps them), names never. The same entries always
// give the same bytes (no clock is read), since a build context's tar is hashed into its pin.
import { constants } from 'node:fs';
import tarStream from 'tar-stream';

export type TarEntry =
  | {
      readonly kind: 'file';
      readonly path: string;
      readonly mode: number;
      readonly mtimeMs: number;
      readonly bytes: Uint8Array;
    }
  | { readonly kind: 'dir'; readonly path: string; readonly mode: number; readonly mtimeMs: number }
  | {
      readonly kind: 'symlink';
      readonly path: string;
      readonly target: string;
      /** The link's own time; the epoch when not given. */
      readonly mtimeMs?: number;
    };

export interface TarOwner {
  readonly uid: number;
  readonly gid: number;
}

/** tar-stream writes whole seconds through 32-bit arithmetic: later times are clamped (2038). */
const MAX_MTIME_MS = (2 ** 31 - 1) * 1000;

function mtimeOf(mtimeMs: number): Date {
  return new Date(Math.min(MAX_MTIME_MS, Math.max(0, Math.floor(mtimeMs / 1000) * 1000)));
}

/**
 * tar-stream takes a mode of 0 for "not given" and writes 644 or 755 instead; the file-type
 * bits keep a mode of 000 non-zero, and only the permission bits (07777) are written.
 */
function modeOf(mode: number, type: number): number {
  return (mode & 0o7777) | type;
}

function headerOf(entry: TarEntry, owner: TarOwner): tarStream.Headers {
  const common = { uid: owner.uid, gid: owner.gid };
  if (entry.kind === 'file')
    return {
      ...common,
      name: entry.path,
      type: 'file',
      mode: modeOf(entry.mode, constants.S_IFREG),
      mtime: mtimeOf(entry.mtimeMs),
      size: entry.bytes.length,
    };
  if (entry.kind === 'dir')
    return {
      ...common,
      name: `${entry.path}/`,
      type: 'directory',
      mode: modeOf(entry.mode, constants.S_IFDIR),
      mtime: mtimeOf(entry.mtimeMs),
    };
  return {
    ...common,
    name: entry.path,
    type: 'symlink',
    linkname: entry.target,
    mode: modeOf(0o777, constants.S_IFLNK),
    mtime: mtimeOf(entry.mtimeMs ?? 0),
  };
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
}

/**
 * The blocks of one entry (a PAX header first when its name needs one), so a caller can
 * stream a large tree entry by entry. tar-stream's pack pushes a whole entry given with its
 * bytes at once, so it is read back before anything else runs.
 */
export function tarEntryBlocks(entry: TarEntry, owner: TarOwner): Buffer[] {
  const pack = tarStream.pack();
  if (entry.kind === 'file') pack.entry(headerOf(entry, owner), asBuffer(entry.bytes));
  else pack.entry(headerOf(entry, owner));
  const blocks = pack.read() as Buffer | null;
  if (!blocks || blocks.length % 512 !== 0)
    throw new Error(`the tar entry for ${entry.path} could not be written`);
  return [blocks];
}

/** The two zero blocks that end a tar stream. */
export const TAR_END = Buffer.alloc(1024);

/** One tar stream of `entries`, paths as given (relative to where the engine extracts it). */
export function writeTar(entries: readonly TarEntry[], owner: TarOwner): Buffer {
  return Buffer.concat([...entries.flatMap((entry) => tarEntryBlocks(entry, owner)), TAR_END]);
}

export interface ReadTarEntry {
  readonly path: string;
  readonly kind: 'file' | 'dir' | 'symlink' | 'other';
  readonly mode: number;
  readonly bytes: Buffer | null;
}

function kindOf(type: tarStream.Headers['type']): ReadTarEntry['kind'] {
  if (type === 'file' || type === 'contiguous-file') return 'file';
  if (type === 'directory') return 'dir';
  return type === 'symlink' ? 'symlink' : 'other';
}

/**
 * The entries of a tar stream (a `getArchive` answer); a stream cut short, or with a header
 * whose checksum does not match, is an error rather than a short or misnamed file.
 */
export async function readTar(tar: Buffer): Promise<ReadTarEntry[]> {
  const entries: ReadTarEntry[] = [];
  const extract = tarStream.extract();
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (header, stream, next) => {
      const kind = kindOf(header.type);
      const parts: Buffer[] = [];
      stream.on('data', (part: Buffer) => {
        if (kind === 'file') parts.push(part);
      });
      stream.on('end', () => {
        entries.push({
          path: header.name.replace(/\/$/u, ''),
          kind,
          mode: header.mode ?? 0,
          bytes: kind === 'file' ? Buffer.concat(parts) : null,
        });
        next();
      });
    });
    extract.on('finish', resolve);
    extract.on('error', (error: Error) =>
      reject(
        new Error(
          error.message === 'Unexpected end of data'
            ? 'the archive from the container was cut short'
            : `the archive from the container is not a readable tar stream (${error.message})`,
        ),
      ),
    );
  });
  extract.end(tar);
  await done;
  return entries;
}
