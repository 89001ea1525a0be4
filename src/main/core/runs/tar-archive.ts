// The tar streams a container engine takes and gives (issue 33): `putArchive` extracts one
// into the container, `getArchive` answers with one. Only what background runs need: regular
// files, folders and symlinks written as ustar with a PAX `path`/`linkpath` record for long
// names; read back: regular files (PAX and GNU long names understood), everything else listed
// by kind only. Numeric owners are written as given (the engine keeps them), names never.

const BLOCK = 512;

export type TarEntry =
  | {
      readonly kind: 'file';
      readonly path: string;
      readonly mode: number;
      readonly mtimeMs: number;
      readonly bytes: Uint8Array;
    }
  | { readonly kind: 'dir'; readonly path: string; readonly mode: number; readonly mtimeMs: number }
  | { readonly kind: 'symlink'; readonly path: string; readonly target: string };

export interface TarOwner {
  readonly uid: number;
  readonly gid: number;
}

function octal(value: number, width: number): string {
  return `${Math.max(0, Math.floor(value))
    .toString(8)
    .padStart(width - 1, '0')}\0`;
}

function header(
  name: string,
  type: string,
  size: number,
  mode: number,
  mtimeMs: number,
  owner: TarOwner,
  linkname = '',
): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name.slice(0, 100), 0, 'utf8');
  block.write(octal(mode & 0o7777, 8), 100, 'ascii');
  block.write(octal(owner.uid, 8), 108, 'ascii');
  block.write(octal(owner.gid, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(mtimeMs / 1000, 12), 136, 'ascii');
  block.write(' '.repeat(8), 148, 'ascii');
  block.write(type, 156, 'ascii');
  block.write(linkname.slice(0, 100), 157, 'utf8');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

function padded(bytes: Uint8Array): Buffer[] {
  const rest = bytes.length % BLOCK;
  return rest ? [Buffer.from(bytes), Buffer.alloc(BLOCK - rest)] : [Buffer.from(bytes)];
}

/** A PAX record `"<len> key=value\n"`, whose length counts its own digits. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  const bytes = Buffer.byteLength(body);
  let length = bytes + String(bytes).length;
  if (String(length).length !== String(bytes).length) length = bytes + String(length).length;
  return `${length}${body}`;
}

function needsPax(value: string): boolean {
  return Buffer.byteLength(value) > 100 || /[^\x20-\x7e]/u.test(value);
}

/** The blocks of one entry (a PAX header first when its name needs one). */
export function tarEntryBlocks(entry: TarEntry, owner: TarOwner): Buffer[] {
  const parts: Buffer[] = [];
  const name = entry.kind === 'dir' ? `${entry.path}/` : entry.path;
  const link = entry.kind === 'symlink' ? entry.target : '';
  const pax = [
    ...(needsPax(name) ? [paxRecord('path', name)] : []),
    ...(needsPax(link) ? [paxRecord('linkpath', link)] : []),
  ].join('');
  if (pax) {
    const body = Buffer.from(pax, 'utf8');
    parts.push(header('PaxHeader', 'x', body.length, 0o644, 0, owner), ...padded(body));
  }
  if (entry.kind === 'file') {
    parts.push(header(name, '0', entry.bytes.length, entry.mode, entry.mtimeMs, owner));
    parts.push(...padded(entry.bytes));
  } else if (entry.kind === 'dir')
    parts.push(header(name, '5', 0, entry.mode, entry.mtimeMs, owner));
  else parts.push(header(name, '2', 0, 0o777, Date.now(), owner, link));
  return parts;
}

/** The two zero blocks that end a tar stream. */
export const TAR_END = Buffer.alloc(BLOCK * 2);

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

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function paxPath(body: Buffer): string | null {
  let found: string | null = null;
  let at = 0;
  while (at < body.length) {
    const space = body.indexOf(0x20, at);
    const length = Number(body.subarray(at, space).toString('ascii'));
    if (space === -1 || !Number.isInteger(length) || length <= 0) break;
    const record = body.subarray(space + 1, at + length - 1).toString('utf8');
    const equals = record.indexOf('=');
    if (record.slice(0, equals) === 'path') found = record.slice(equals + 1);
    at += length;
  }
  return found;
}

/** The entries of a tar stream (a `getArchive` answer); throws on a stream cut short. */
export function readTar(tar: Buffer): ReadTarEntry[] {
  const entries: ReadTarEntry[] = [];
  let offset = 0;
  let longName: string | null = null;
  while (offset + BLOCK <= tar.length) {
    const block = tar.subarray(offset, offset + BLOCK);
    if (block.every((b) => b === 0)) break;
    const size = parseInt(field(block, 124, 12).trim() || '0', 8);
    const type = field(block, 156, 1) || '0';
    const bodyStart = offset + BLOCK;
    const body = tar.subarray(bodyStart, bodyStart + size);
    if (body.length < size) throw new Error('the archive from the container was cut short');
    offset = bodyStart + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'x') {
      longName = paxPath(body) ?? longName;
      continue;
    }
    if (type === 'L') {
      longName = field(body, 0, body.length);
      continue;
    }
    if (type === 'g') continue;
    const prefix = field(block, 345, 155);
    const plain = field(block, 0, 100);
    const name = (longName ?? (prefix ? `${prefix}/${plain}` : plain)).replace(/\/$/u, '');
    longName = null;
    const mode = parseInt(field(block, 100, 8).trim() || '0', 8);
    const kind =
      type === '0' || type === '7'
        ? 'file'
        : type === '5'
          ? 'dir'
          : type === '2'
            ? 'symlink'
            : 'other';
    entries.push({ path: name, kind, mode, bytes: kind === 'file' ? Buffer.from(body) : null });
  }
  return entries;
}
