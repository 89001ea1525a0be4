// The workspace a run in propose mode sees (issue 11 item 1): the project on disk with the
// run's overlay on top. Every read path the tools use (stat, readBytes/readText,
// readLineWindow, listDir, walk and so listFiles) answers from the overlay for the files it
// holds, and created files appear in listings. Path resolution and every sandbox rule stay
// the base workspace's: the overlay only replaces content, never where a path may lead.
import type { FileHandle } from 'node:fs/promises';
import { isBinaryContent } from '../workspace/binary-detection';
import { readLineWindow, type LineWindow, type LineWindowOptions } from '../workspace/line-window';
import { limitError } from '../workspace/limits';
import { quotePath } from '../workspace/sandbox-error';
import {
  Workspace,
  type DirEntry,
  type FileBytes,
  type WalkEntry,
  type WalkStop,
  type WorkspaceStat,
} from '../workspace/workspace';
import type { OverlayFile, ProposalOverlay } from './proposal-overlay';

/** A read-only FileHandle over bytes in memory: all readLineWindow needs is `read`. */
function memoryHandle(bytes: Buffer): FileHandle {
  const handle = {
    read(buffer: Buffer, offset: number, length: number, position: number) {
      const copied = bytes.copy(
        buffer,
        offset,
        position,
        Math.min(bytes.length, position + length),
      );
      return Promise.resolve({ bytesRead: Math.max(0, copied), buffer });
    },
  };
  return handle as unknown as FileHandle;
}

function compareBySegments(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const x = left[i] as string;
    const y = right[i] as string;
    if (x !== y) return x < y ? -1 : 1;
  }
  return left.length - right.length;
}

export class OverlayWorkspace extends Workspace {
  private constructor(
    base: Workspace,
    readonly overlay: ProposalOverlay,
  ) {
    super(base.root, base.limits);
  }

  static over(base: Workspace, overlay: ProposalOverlay): OverlayWorkspace {
    return new OverlayWorkspace(base, overlay);
  }

  private fileAt(input: string): OverlayFile | undefined {
    return this.overlay.get(this.resolve(input, 'read').relative);
  }

  override async stat(input: string): Promise<WorkspaceStat | null> {
    const resolved = this.resolve(input, 'read');
    const file = this.overlay.get(resolved.relative);
    const onDisk = await super.stat(input);
    if (file) {
      return {
        ...resolved,
        type: 'file',
        size: file.bytes.length,
        mtimeMs: file.changedAt,
        mode: onDisk?.mode ?? 0o644,
      };
    }
    if (!onDisk && this.overlay.hasFolder(resolved.relative)) {
      return { ...resolved, type: 'directory', size: 0, mtimeMs: 0, mode: 0o755 };
    }
    return onDisk;
  }

  override async readBytes(input: string, options: { maxBytes?: number } = {}): Promise<FileBytes> {
    const resolved = this.resolve(input, 'read');
    const file = this.overlay.get(resolved.relative);
    if (!file) return super.readBytes(input, options);
    const maxBytes = Math.min(
      options.maxBytes ?? this.limits.maxFileBytes,
      this.limits.maxFileBytes,
    );
    if (file.bytes.length > maxBytes) {
      throw limitError(
        'maxFileBytes',
        input,
        `${quotePath(input)} is ${file.bytes.length} bytes; at most ${maxBytes} bytes are read`,
      );
    }
    return { ...resolved, bytes: file.bytes, binary: isBinaryContent(file.bytes) };
  }

  override async readLineWindow(
    input: string,
    options: Omit<LineWindowOptions, 'scanBytes'>,
  ): Promise<LineWindow & { absolute: string; relative: string }> {
    const file = this.fileAt(input);
    if (!file) return super.readLineWindow(input, options);
    const window = await readLineWindow(memoryHandle(file.bytes), file.bytes.length, {
      ...options,
      scanBytes: this.limits.maxScanBytes,
    });
    return { ...this.resolve(input, 'read'), ...window };
  }

  override async listDir(
    input = '',
    options: { includeIgnored?: boolean } = {},
  ): Promise<DirEntry[]> {
    const resolved = this.resolve(input, 'read');
    const onDisk = (await super.stat(input))?.type === 'directory';
    const entries = onDisk ? await super.listDir(input, options) : [];
    const byName = new Map(entries.map((e) => [e.name, e]));
    for (const file of this.overlay.list()) {
      const prefix = resolved.relative ? `${resolved.relative}/` : '';
      if (!file.path.startsWith(prefix)) continue;
      const rest = file.path.slice(prefix.length);
      const name = rest.split('/')[0] as string;
      const relative = `${prefix}${name}`;
      const isDir = rest.includes('/');
      const ignored = this.isIgnored(relative, isDir);
      if (ignored && !options.includeIgnored) continue;
      const known = byName.get(name);
      if (isDir) {
        if (!known) byName.set(name, { name, relative, type: 'directory', size: 0, ignored });
      } else {
        byName.set(name, { name, relative, type: 'file', size: file.bytes.length, ignored });
      }
    }
    return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /**
   * The disk walk with the overlay's created files (and their new folders) added. Entries
   * come back in one batch, in the same pre-order by name as the disk walk.
   */
  override async *walk(
    options: { under?: string; maxDepth?: number; signal?: AbortSignal },
    stop: WalkStop,
  ): AsyncGenerator<readonly WalkEntry[]> {
    const start = this.resolve(options.under ?? '', 'read').relative;
    const maxDepth = Math.min(
      options.maxDepth ?? this.limits.maxWalkDepth,
      this.limits.maxWalkDepth,
    );
    const seen = new Map<string, WalkEntry>();
    for await (const batch of super.walk(options, stop))
      for (const entry of batch) seen.set(entry.relative, entry);
    const startDepth = start ? start.split('/').length : 0;
    for (const file of this.overlay.createdUnder(start)) {
      const parts = file.path.split('/');
      for (let i = startDepth + 1; i <= parts.length; i += 1) {
        const relative = parts.slice(0, i).join('/');
        const depth = i - startDepth;
        const isFile = i === parts.length;
        if (depth > maxDepth || seen.has(relative)) continue;
        if (this.isIgnored(relative, !isFile)) break;
        seen.set(relative, { relative, type: isFile ? 'file' : 'directory', depth });
      }
    }
    const entries = [...seen.values()].sort((a, b) => compareBySegments(a.relative, b.relative));
    if (entries.length) yield entries;
  }
}
