// The only door from tools to the file system (STYLE.md: "the workspace object is the only
// door"). The root is fixed when the folder is opened (its realpath); every path a caller
// gives is resolved inside it (resolve-inside-root.ts) and every limit fails closed.
import { constants } from 'node:fs';
import { open, readdir, realpath, stat as statPath, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { isBinaryContent } from './binary-detection';
import { IgnoreRules } from './ignore-rules';
import { readLineWindow, type LineWindow, type LineWindowOptions } from './line-window';
import { limitError, withDefaults, type WorkspaceLimits } from './limits';
import {
  removeFile,
  replaceFile,
  type RemoveFileOptions,
  type ReplaceFileOptions,
  type ReplaceFileResult,
} from './replace-file';
import { resolveInsideRoot, type ResolvePurpose, type ResolvedPath } from './resolve-inside-root';
import { SandboxError, quotePath } from './sandbox-error';
import { errnoCode } from './errno-code';
import { listFiles, type FileListing, type ListFilesOptions } from './file-listing';
import {
  entryTypeOf,
  walkFiles,
  type EntryType,
  type WalkEntry,
  type WalkStop,
} from './walk-files';

export { SandboxError, type SandboxRule } from './sandbox-error';
export { DEFAULT_LIMITS, type WorkspaceLimits } from './limits';
export type { ResolvePurpose, ResolvedPath } from './resolve-inside-root';
export type { EntryType, WalkEntry, WalkStop } from './walk-files';
export type { LineWindow, LineWindowOptions, WindowLine } from './line-window';
export { ContentConflictError } from './replace-file';

export interface WorkspaceStat {
  readonly absolute: string;
  readonly relative: string;
  readonly type: EntryType;
  readonly size: number;
  readonly mtimeMs: number;
  /** Permission bits, for writers that keep the mode. */
  readonly mode: number;
}

export interface DirEntry {
  readonly name: string;
  readonly relative: string;
  readonly type: EntryType;
  /** Bytes for files; 0 otherwise. */
  readonly size: number;
  readonly ignored: boolean;
}

export interface FileBytes {
  readonly absolute: string;
  readonly relative: string;
  readonly bytes: Buffer;
  readonly binary: boolean;
}

export class Workspace {
  private readonly rules: IgnoreRules;

  protected constructor(
    /** Realpath of the opened folder. Never changes. */
    readonly root: string,
    readonly limits: WorkspaceLimits,
  ) {
    this.rules = new IgnoreRules(root, limits.maxIgnoreFileBytes);
  }

  static async open(folder: string, limits: Partial<WorkspaceLimits> = {}): Promise<Workspace> {
    const merged = withDefaults(limits);
    if (typeof folder !== 'string' || folder.includes('\0')) {
      throw new SandboxError(
        'nul-byte',
        String(folder),
        'the project folder path is not a valid path.',
      );
    }
    let root: string;
    try {
      root = await realpath(path.resolve(folder));
    } catch (error) {
      if (errnoCode(error) === 'ELOOP') {
        throw new SandboxError(
          'symlink-loop',
          folder,
          `the project folder ${quotePath(folder)} is a symlink loop.`,
        );
      }
      throw new SandboxError(
        'not-found',
        folder,
        `the project folder ${quotePath(folder)} does not exist.`,
      );
    }
    const info = await statPath(root);
    if (!info.isDirectory()) {
      throw new SandboxError(
        'not-a-directory',
        folder,
        `the project folder ${quotePath(folder)} is not a folder.`,
      );
    }
    return new Workspace(root, merged);
  }

  /** Resolves a caller's path inside the root or throws SandboxError naming the rule. */
  resolve(input: string, purpose: ResolvePurpose = 'read'): ResolvedPath {
    return resolveInsideRoot(this.root, input, purpose, this.limits);
  }

  /** Null when nothing exists at the path; throws SandboxError for a refused path. */
  async stat(input: string): Promise<WorkspaceStat | null> {
    const resolved = this.resolve(input, 'read');
    try {
      const info = await statPath(resolved.absolute);
      const type: EntryType = info.isDirectory() ? 'directory' : info.isFile() ? 'file' : 'other';
      return {
        ...resolved,
        type,
        size: info.size,
        mtimeMs: info.mtimeMs,
        mode: info.mode & 0o7777,
      };
    } catch (error) {
      const code = errnoCode(error);
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw error;
    }
  }

  /**
   * Opens a regular file for reading. O_NOFOLLOW: the path was just realpath'd, so a symlink
   * appearing now is a swap: refuse it. O_NONBLOCK: opening a FIFO would otherwise wait
   * forever for a writer. The caller closes the handle.
   */
  private async openRegularFile(
    input: string,
  ): Promise<{ resolved: ResolvedPath; handle: FileHandle; size: number }> {
    const resolved = this.resolve(input, 'read');
    let handle: FileHandle;
    try {
      handle = await open(
        resolved.absolute,
        constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
      );
    } catch (error) {
      const code = errnoCode(error);
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        throw new SandboxError('not-found', input, `${quotePath(input)} does not exist.`);
      }
      if (code === 'ELOOP') {
        throw new SandboxError(
          'symlink-loop',
          input,
          `${quotePath(input)} became a symlink while being read.`,
        );
      }
      if (code === 'EISDIR') {
        throw new SandboxError('not-a-file', input, `${quotePath(input)} is a folder, not a file.`);
      }
      throw error;
    }
    try {
      const info = await handle.stat();
      if (info.isDirectory())
        throw new SandboxError('not-a-file', input, `${quotePath(input)} is a folder, not a file.`);
      if (!info.isFile())
        throw new SandboxError('not-a-file', input, `${quotePath(input)} is not a regular file.`);
      return { resolved, handle, size: info.size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Reads a whole regular file (at most maxBytes, default limits.maxFileBytes). */
  async readBytes(input: string, options: { maxBytes?: number } = {}): Promise<FileBytes> {
    const maxBytes = Math.min(
      options.maxBytes ?? this.limits.maxFileBytes,
      this.limits.maxFileBytes,
    );
    const { resolved, handle, size } = await this.openRegularFile(input);
    try {
      if (size > maxBytes) {
        throw limitError(
          'maxFileBytes',
          input,
          `${quotePath(input)} is ${size} bytes; at most ${maxBytes} bytes are read`,
        );
      }
      const bytes = await handle.readFile();
      if (bytes.length > maxBytes) {
        throw limitError(
          'maxFileBytes',
          input,
          `${quotePath(input)} grew past ${maxBytes} bytes while being read`,
        );
      }
      return { ...resolved, bytes, binary: isBinaryContent(bytes) };
    } finally {
      await handle.close();
    }
  }

  /**
   * A window of lines from a text file of any size, streamed (see line-window.ts); scans at
   * most limits.maxScanBytes. Binary files come back with `binary: true` and no lines.
   */
  async readLineWindow(
    input: string,
    options: Omit<LineWindowOptions, 'scanBytes'>,
  ): Promise<LineWindow & { absolute: string; relative: string }> {
    const { resolved, handle, size } = await this.openRegularFile(input);
    try {
      const window = await readLineWindow(handle, size, {
        ...options,
        scanBytes: this.limits.maxScanBytes,
      });
      return { ...resolved, ...window };
    } finally {
      await handle.close();
    }
  }

  /** Reads a UTF-8 text file; throws SandboxError 'binary-file' for binary content. */
  async readText(input: string, options: { maxBytes?: number } = {}): Promise<string> {
    const file = await this.readBytes(input, options);
    if (file.binary) {
      throw new SandboxError(
        'binary-file',
        input,
        `${quotePath(input)} is a binary file (${file.bytes.length} bytes), not text.`,
      );
    }
    return file.bytes.toString('utf8');
  }

  /** The one door for writes: atomic replace after re-checking `expectHash` (replace-file.ts). */
  replaceFile(
    input: string,
    bytes: Uint8Array,
    options: ReplaceFileOptions,
  ): Promise<ReplaceFileResult> {
    return replaceFile(this, input, bytes, options);
  }

  /** Removes a regular file after re-checking `expectHash` (replace-file.ts). */
  remove(
    input: string,
    options: RemoveFileOptions,
  ): Promise<{ relative: string; removed: boolean }> {
    return removeFile(this, input, options);
  }

  /** Direct children of a folder in name order; ignored entries are flagged (and left out unless asked). */
  async listDir(input = '', options: { includeIgnored?: boolean } = {}): Promise<DirEntry[]> {
    const resolved = this.resolve(input, 'read');
    let dirents;
    try {
      dirents = await readdir(resolved.absolute, { withFileTypes: true });
    } catch (error) {
      const code = errnoCode(error);
      if (code === 'ENOENT')
        throw new SandboxError('not-found', input, `${quotePath(input)} does not exist.`);
      if (code === 'ENOTDIR')
        throw new SandboxError('not-a-directory', input, `${quotePath(input)} is not a folder.`);
      throw error;
    }
    dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    if (dirents.length > this.limits.maxResults) {
      throw limitError(
        'maxResults',
        input,
        `${quotePath(input)} holds ${dirents.length} entries; at most ${this.limits.maxResults} are listed`,
      );
    }
    const entries: DirEntry[] = [];
    for (const dirent of dirents) {
      const relative = resolved.relative ? `${resolved.relative}/${dirent.name}` : dirent.name;
      const type = entryTypeOf(dirent);
      const ignored = this.rules.isIgnored(relative, type === 'directory');
      if (ignored && !options.includeIgnored) continue;
      let size = 0;
      if (type === 'file') {
        try {
          size = (await statPath(path.join(this.root, relative))).size;
        } catch {
          continue; // vanished between readdir and stat
        }
      }
      entries.push({ name: dirent.name, relative, type, size, ignored });
    }
    return entries;
  }

  /** .gitignore / .sluiceignore / `.git` verdict for a root-relative `/` path. */
  isIgnored(relative: string, isDir: boolean): boolean {
    return this.rules.isIgnored(relative, isDir);
  }

  /** Forget cached ignore rules (call after an ignore file changed). */
  clearIgnoreCache(): void {
    this.rules.clear();
  }

  /**
   * Walks a folder (ignore-aware, never through symlinked folders) in pre-order, yielding
   * entries in batches. `stop` reports whether a limit cut the walk short.
   */
  walk(
    options: { under?: string; maxDepth?: number; signal?: AbortSignal },
    stop: WalkStop,
  ): AsyncGenerator<readonly WalkEntry[]> {
    const start = this.resolve(options.under ?? '', 'read');
    return walkFiles(
      {
        root: this.root,
        start: start.relative,
        rules: this.rules,
        maxDepth: Math.min(options.maxDepth ?? this.limits.maxWalkDepth, this.limits.maxWalkDepth),
        maxEntries: this.limits.maxWalkEntries,
        signal: options.signal,
      },
      stop,
    );
  }

  /** Regular files (not symlinks), ignore-aware, capped at `limit` with the total counted. */
  listFiles(options: ListFilesOptions = {}): Promise<FileListing> {
    return listFiles(this, options);
  }
}
