// What the TypeScript checker may read, by read_file's rules. Every read the
// compiler makes goes through `readFile` below (the check worker installs it as ts.sys.readFile
// before anything is loaded): a project file is read only when its real path stays inside the
// project and it is a regular file; a dependency folder (a node_modules below the root) may
// lead anywhere but /proc, /sys and /dev; outside the project only the compiler's own folder
// (its lib.*.d.ts) is read. A refused file reads as missing, and the refusal is kept (path and
// why) so the evidence can name it. Opening uses O_NONBLOCK (a FIFO never waits for a writer)
// and the size is checked on the open descriptor before a byte is read, so a link to
// /dev/zero or /dev/stdin neither hangs nor grows memory.
// Runs inside the TypeScript check worker, inside the confinement.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readFileSync,
  realpathSync,
  statSync,
} from 'node:fs';
import path from 'node:path';

/** A project source file larger than this is not read (read_file reads at most a few MB). */
export const MAX_PROJECT_FILE_BYTES = 8 * 1024 * 1024;
/** Declaration files in dependencies and the compiler's lib files can be larger. */
export const MAX_DEPENDENCY_FILE_BYTES = 32 * 1024 * 1024;

export interface RefusedRead {
  /** Project-relative (forward slashes) when inside the project, else absolute. */
  readonly path: string;
  readonly why: string;
}

export interface CheckerFileReads {
  readFile(file: string): string | undefined;
  /** ts.sys.fileExists by the same rules (a refused or non-regular file does not exist). */
  fileExists(file: string): boolean;
  realpath(file: string): string;
  /** Files refused and not read since (at most 100 kept), in the order first refused. */
  refusals(): RefusedRead[];
}

const MAX_REFUSALS = 100;

const SYSTEM_PREFIXES = ['/proc/', '/sys/', '/dev/'];

function inside(folder: string, candidate: string): boolean {
  const rel = path.relative(folder, candidate);
  return rel === '' || (!path.isAbsolute(rel) && rel.split(path.sep)[0] !== '..');
}

function errnoOf(error: unknown): string | undefined {
  return (error as { code?: string } | null)?.code;
}

export function createCheckerFileReads(
  root: string,
  /** Folders outside the project the compiler may read (its own package). Realpaths. */
  readableDirs: readonly string[],
): CheckerFileReads {
  const refused = new Map<string, string>();
  const shown = (file: string): string =>
    inside(root, file) ? path.relative(root, file).split(path.sep).join('/') : file;
  const refuse = (file: string, why: string): undefined => {
    if (refused.size < MAX_REFUSALS || refused.has(shown(file))) refused.set(shown(file), why);
    return undefined;
  };

  type Verdict =
    | { readonly ok: true; readonly real: string; readonly cap: number; readonly lexical: string }
    | { readonly ok: false };

  /** Whether the file may be read; a refusal of a file that exists is recorded with why. */
  const classify = (file: string): Verdict => {
    const lexical = path.resolve(file);
    const inProject = inside(root, lexical);
    const relative = path.relative(root, lexical).split(path.sep);
    const dependency = inProject && relative.includes('node_modules');
    const toolchain = !inProject && readableDirs.some((dir) => inside(dir, lexical));
    const no = (why: string): Verdict => {
      refuse(lexical, why);
      return { ok: false };
    };
    let linked: boolean;
    try {
      linked = lstatSync(lexical).isSymbolicLink();
    } catch {
      return { ok: false };
    }
    if (!inProject && !toolchain) return no('it is outside the project');
    let real: string;
    try {
      real = realpathSync.native(lexical);
    } catch (error) {
      const code = errnoOf(error);
      if (!linked && (code === 'ENOENT' || code === 'ENOTDIR')) return { ok: false };
      return no(`it is a symlink whose target cannot be resolved (${code ?? 'error'})`);
    }
    if (SYSTEM_PREFIXES.some((prefix) => (real + '/').startsWith(prefix)))
      return no(`it leads to ${real}, a device or system file`);
    if (inProject && !dependency && !inside(root, real))
      return no('it is a symlink that leads outside the project');
    if (toolchain && !readableDirs.some((dir) => inside(dir, real)))
      return no('it is a symlink that leads out of the compiler folder');
    const cap = inProject && !dependency ? MAX_PROJECT_FILE_BYTES : MAX_DEPENDENCY_FILE_BYTES;
    return { ok: true, real, cap, lexical };
  };

  const readFile = (file: string): string | undefined => {
    const verdict = classify(file);
    if (!verdict.ok) return undefined;
    const { real, cap, lexical } = verdict;
    let fd: number;
    try {
      fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    } catch (error) {
      const code = errnoOf(error);
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
      return refuse(lexical, `it cannot be opened (${code ?? 'error'})`);
    }
    try {
      const info = fstatSync(fd);
      if (info.isDirectory()) return undefined;
      if (!info.isFile())
        return refuse(lexical, 'it is not a regular file (a device, FIFO or socket)');
      if (info.size > cap)
        return refuse(lexical, `it is ${info.size} bytes; at most ${cap} bytes are read`);
      refused.delete(shown(lexical));
      return decode(readFileSync(fd));
    } finally {
      closeSync(fd);
    }
  };

  /** A file TypeScript may treat as present: readable by the rules above and a regular file. */
  const fileExists = (file: string): boolean => {
    const verdict = classify(file);
    if (!verdict.ok) return false;
    try {
      const info = statSync(verdict.real);
      if (info.isFile()) return true;
      if (!info.isDirectory())
        refuse(verdict.lexical, 'it is not a regular file (a device, FIFO or socket)');
      return false;
    } catch {
      return false;
    }
  };

  /**
   * ts.sys.realpath kept inside what may be read: a dependency linked from outside the project
   * (npm link, pnpm's store) keeps its path under the project's node_modules, as with
   * preserveSymlinks, instead of becoming a path outside that the rules would refuse.
   */
  const realpath = (file: string): string => {
    let real: string;
    try {
      real = realpathSync.native(file);
    } catch {
      return file;
    }
    return inside(root, real) || readableDirs.some((dir) => inside(dir, real)) ? real : file;
  };

  return {
    readFile,
    fileExists,
    realpath,
    refusals: () => [...refused].map(([file, why]) => ({ path: file, why })),
  };
}

/** As ts.sys.readFile decodes: a UTF-16 or UTF-8 byte order mark is honoured and dropped. */
function decode(bytes: Buffer): string {
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2, bytes.length - (bytes.length % 2)));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe)
    return bytes.subarray(2).toString('utf16le');
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return bytes.subarray(3).toString('utf8');
  return bytes.toString('utf8');
}
