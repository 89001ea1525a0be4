// Atomic file replacement (DESIGN.md "Flow" 5): write a temp file in the same folder, fsync
// it, rename it over the target, fsync the folder. A failure at any step before the rename
// leaves the old file untouched and removes the temp file; after the rename the new file is
// complete. The target must already be resolved inside the workspace for 'write'; a symlink
// at the target is refused here again, just before the rename. File system operations are
// an injectable interface so tests can inject a crash between any two steps.
import { constants } from 'node:fs';
import { lstat, open, rename, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { errnoCode } from './errno-code';

export interface TargetInfo {
  readonly isSymbolicLink: boolean;
  readonly isFile: boolean;
  /** Permission bits. */
  readonly mode: number;
}

export interface AtomicWriteOps {
  /** Creates `file` exclusively (never following a symlink), writes, fsyncs and closes it. */
  writeNewFile(file: string, data: Uint8Array, mode: number): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  /** fsync of a folder, so the rename itself survives a power loss. */
  syncDir(dir: string): Promise<void>;
  unlink(file: string): Promise<void>;
  /** Null when nothing is there. */
  lstat(file: string): Promise<TargetInfo | null>;
}

export class AtomicWriteError extends Error {
  override readonly name = 'AtomicWriteError';
}

export const nodeAtomicWriteOps: AtomicWriteOps = {
  async writeNewFile(file, data, mode) {
    const handle = await open(
      file,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      mode,
    );
    try {
      await handle.chmod(mode);
      let written = 0;
      while (written < data.length) {
        const { bytesWritten } = await handle.write(data, written, data.length - written);
        written += bytesWritten;
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
  rename: (from, to) => rename(from, to),
  async syncDir(dir) {
    let handle;
    try {
      handle = await open(dir, constants.O_RDONLY);
    } catch (error) {
      // Some platforms (Windows) cannot open a folder; the rename already happened.
      if (errnoCode(error) === 'EISDIR' || errnoCode(error) === 'EPERM') return;
      throw error;
    }
    try {
      await handle.sync().catch((error: unknown) => {
        if (errnoCode(error) !== 'EINVAL' && errnoCode(error) !== 'EPERM') throw error;
      });
    } finally {
      await handle.close();
    }
  },
  unlink: (file) => unlink(file),
  async lstat(file) {
    try {
      const info = await lstat(file);
      return {
        isSymbolicLink: info.isSymbolicLink(),
        isFile: info.isFile(),
        mode: info.mode & 0o7777,
      };
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return null;
      throw error;
    }
  },
};

export interface AtomicWriteOptions {
  /** Mode for a new file (an existing file keeps its own). Default 0o644. */
  readonly newFileMode?: number;
  /**
   * Runs after the temp file is complete and just before the rename; throwing aborts the
   * write (the temp file is removed, the target untouched). Used to re-check the base hash.
   */
  readonly beforeRename?: () => Promise<void>;
  readonly ops?: AtomicWriteOps;
}

export interface AtomicWriteResult {
  readonly created: boolean;
  readonly mode: number;
}

export function tempPathFor(target: string): string {
  return path.join(
    path.dirname(target),
    `.${path.basename(target)}.sluice-${randomBytes(6).toString('hex')}.tmp`,
  );
}

/** Replaces (or creates) `target` with `data` atomically. Throws; never leaves a partial file. */
export async function atomicWriteFile(
  target: string,
  data: Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<AtomicWriteResult> {
  const ops = options.ops ?? nodeAtomicWriteOps;
  const existing = await ops.lstat(target);
  if (existing?.isSymbolicLink)
    throw new AtomicWriteError(`${target} is a symlink; writes never follow symlinks.`);
  if (existing && !existing.isFile)
    throw new AtomicWriteError(`${target} is not a regular file; it was not replaced.`);
  const mode = existing ? existing.mode : (options.newFileMode ?? 0o644);
  const temp = tempPathFor(target);
  let tempCreated = false;
  try {
    tempCreated = true;
    await ops.writeNewFile(temp, data, mode);
    if (options.beforeRename) await options.beforeRename();
    const now = await ops.lstat(target);
    if (now?.isSymbolicLink)
      throw new AtomicWriteError(`${target} became a symlink; writes never follow symlinks.`);
    if (!existing && now)
      throw new AtomicWriteError(
        `${target} appeared while it was being created; it was not replaced.`,
      );
    await ops.rename(temp, target);
    tempCreated = false;
  } catch (error) {
    if (tempCreated) await removeQuietly(ops, temp);
    throw error;
  }
  await ops.syncDir(path.dirname(target));
  return { created: !existing, mode };
}

async function removeQuietly(ops: AtomicWriteOps, file: string): Promise<void> {
  try {
    await ops.unlink(file);
  } catch {
    // Best effort: the original error is what the caller must see.
  }
}
