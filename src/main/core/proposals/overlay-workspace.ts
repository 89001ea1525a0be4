// The workspace a run in propose mode sees: the project on disk with the
// run's overlay on top. Every read path the tools use (stat, readBytes/readText,
// readLineWindow, listDir, walk and so listFiles) answers from the overlay for the files it
// holds, and created files appear in listings. Path resolution and every sandbox rule stay
// the base workspace's: the overlay only replaces content, never where a path may lead.
// With a private copy, the copy's layer on disk comes next: what a command wrote
// there (ignored build output included) is read from it, and what a command deleted (a
// whiteout at the path or a folder above it) is gone from this view.
import { lstatSync, readdirSync, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
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
import { SandboxError } from '../workspace/sandbox-error';
import { isWhiteout } from '../sandbox/upper-layer';
import type { OverlayFile, ProposalOverlay } from './proposal-overlay';

type LayerState =
  | { kind: 'none' }
  | { kind: 'deleted' }
  | { kind: 'file'; absolute: string; info: Stats }
  | { kind: 'dir' };

function lstatOrNull(file: string): Stats | null {
  try {
    return lstatSync(file);
  } catch {
    return null;
  }
}

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
    /** The run's layer on disk (its private copy's upper folder), when it has one. */
    private readonly layer: string | undefined,
  ) {
    super(base.root, base.limits);
  }

  static over(base: Workspace, overlay: ProposalOverlay, layer?: string): OverlayWorkspace {
    return new OverlayWorkspace(base, overlay, layer);
  }

  /** What the layer holds at a path: a deletion (here or above), a file, a folder, nothing. */
  private layerAt(relative: string): LayerState {
    if (!this.layer || !relative) return { kind: 'none' };
    const parts = relative.split('/');
    for (let i = 1; i <= parts.length; i += 1) {
      const absolute = path.join(this.layer, ...parts.slice(0, i));
      const info = lstatOrNull(absolute);
      if (!info) return { kind: 'none' };
      if (isWhiteout(info)) return { kind: 'deleted' };
      if (i === parts.length) {
        if (info.isFile()) return { kind: 'file', absolute, info };
        if (info.isDirectory()) return { kind: 'dir' };
        return { kind: 'none' };
      }
      if (!info.isDirectory()) return { kind: 'none' };
    }
    return { kind: 'none' };
  }

  /** Every deletion in the layer (paths with a whiteout), for filtering a walk. */
  private layerDeletions(): Set<string> {
    const deleted = new Set<string>();
    if (!this.layer) return deleted;
    const visit = (rel: string, depth: number): void => {
      if (depth > this.limits.maxWalkDepth) return;
      let names: string[];
      try {
        names = readdirSync(rel ? path.join(this.layer as string, rel) : (this.layer as string));
      } catch {
        return;
      }
      for (const name of names) {
        const child = rel ? `${rel}/${name}` : name;
        const info = lstatOrNull(path.join(this.layer as string, child));
        if (!info) continue;
        if (isWhiteout(info)) deleted.add(child);
        else if (info.isDirectory()) visit(child, depth + 1);
      }
    };
    visit('', 0);
    return deleted;
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
    const layer = this.layerAt(resolved.relative);
    if (layer.kind === 'deleted') return null;
    if (layer.kind === 'file')
      return {
        ...resolved,
        type: 'file',
        size: layer.info.size,
        mtimeMs: layer.info.mtimeMs,
        mode: layer.info.mode & 0o7777,
      };
    if (layer.kind === 'dir' && !onDisk)
      return { ...resolved, type: 'directory', size: 0, mtimeMs: 0, mode: 0o755 };
    return onDisk;
  }

  /** Refuses a path the run's commands deleted; returns the layer's file, if any. */
  private layerFile(input: string, relative: string): { absolute: string; info: Stats } | null {
    const layer = this.layerAt(relative);
    if (layer.kind === 'deleted')
      throw new SandboxError(
        'not-found',
        input,
        `${quotePath(input)} does not exist (a command of this run deleted it).`,
      );
    return layer.kind === 'file' ? layer : null;
  }

  override async readBytes(input: string, options: { maxBytes?: number } = {}): Promise<FileBytes> {
    const resolved = this.resolve(input, 'read');
    const file = this.overlay.get(resolved.relative);
    const maxBytes = Math.min(
      options.maxBytes ?? this.limits.maxFileBytes,
      this.limits.maxFileBytes,
    );
    if (!file) {
      const layer = this.layerFile(input, resolved.relative);
      if (!layer) return super.readBytes(input, options);
      if (layer.info.size > maxBytes)
        throw limitError(
          'maxFileBytes',
          input,
          `${quotePath(input)} is ${layer.info.size} bytes; at most ${maxBytes} bytes are read`,
        );
      const handle = await open(layer.absolute, 'r');
      try {
        const bytes = await handle.readFile();
        return { ...resolved, bytes, binary: isBinaryContent(bytes) };
      } finally {
        await handle.close();
      }
    }
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
    if (!file) {
      const resolved = this.resolve(input, 'read');
      const layer = this.layerFile(input, resolved.relative);
      if (!layer) return super.readLineWindow(input, options);
      const handle = await open(layer.absolute, 'r');
      try {
        const window = await readLineWindow(handle, layer.info.size, {
          ...options,
          scanBytes: this.limits.maxScanBytes,
        });
        return { ...resolved, ...window };
      } finally {
        await handle.close();
      }
    }
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
    if (this.layer) {
      const folder = resolved.relative
        ? path.join(this.layer, ...resolved.relative.split('/'))
        : this.layer;
      let names: string[] = [];
      try {
        names = readdirSync(folder);
      } catch {
        // The layer has nothing in this folder.
      }
      for (const name of names) {
        if (name.startsWith('.sluice-') && name.endsWith('.tmp')) continue;
        const relative = resolved.relative ? `${resolved.relative}/${name}` : name;
        const info = lstatOrNull(path.join(folder, name));
        if (!info) continue;
        if (isWhiteout(info)) {
          byName.delete(name);
          continue;
        }
        const isDir = info.isDirectory();
        if (!isDir && !info.isFile()) continue;
        const ignored = this.isIgnored(relative, isDir);
        if (ignored && !options.includeIgnored) continue;
        byName.set(name, {
          name,
          relative,
          type: isDir ? 'directory' : 'file',
          size: isDir ? 0 : info.size,
          ignored,
        });
      }
    }
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
    const deleted = this.layerDeletions();
    const isDeleted = (relative: string): boolean => {
      if (!deleted.size) return false;
      const parts = relative.split('/');
      for (let i = 1; i <= parts.length; i += 1)
        if (deleted.has(parts.slice(0, i).join('/'))) return true;
      return false;
    };
    for await (const batch of super.walk(options, stop))
      for (const entry of batch) if (!isDeleted(entry.relative)) seen.set(entry.relative, entry);
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
