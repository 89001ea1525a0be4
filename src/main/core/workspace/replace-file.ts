// Every write and removal of a project file goes through here (Workspace.replaceFile and
// Workspace.remove). The path is resolved for 'write' (inside the root, never a symlink as
// the last component); then, just before the rename or the unlink, the file's sha256 is
// read again under the sandbox rules and compared with the hash the caller's decision was
// based on. This is the only place that comparison happens: a mismatch throws
// ContentConflictError and nothing is written. Policy checks (protected paths) stay with
// the approval gate, before any of this.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { atomicWriteFile, nodeAtomicWriteOps, type AtomicWriteOps } from './atomic-write';
import { ABSENT_FILE_HASH, readContentHash, type ByteSource } from './content-hash';
import { SandboxError, quotePath } from './sandbox-error';
import type { ResolvedPath } from './resolve-inside-root';

/** The part of the workspace a write needs (the workspace passes itself). */
export interface WriteTarget extends ByteSource {
  resolve(input: string, purpose: 'write'): ResolvedPath;
}

export class ContentConflictError extends Error {
  override readonly name = 'ContentConflictError';
  constructor(
    /** Root-relative path. */
    readonly path: string,
    readonly expected: string,
    /** What is there now: a sha256 or ABSENT_FILE_HASH. */
    readonly current: string,
  ) {
    super(
      `${path} changed on disk (expected ${describeHash(expected)}, found ${describeHash(current)}); nothing was written.`,
    );
  }
}

function describeHash(hash: string): string {
  return hash === ABSENT_FILE_HASH ? 'no file' : `sha256 ${hash.slice(0, 12)}…`;
}

export interface ReplaceFileOptions {
  /** sha256 the file must still have just before the rename; ABSENT_FILE_HASH: must not exist. */
  readonly expectHash: string;
  /** Mode of a created file (a replaced file keeps its own). Default 0o644. */
  readonly newFileMode?: number | undefined;
  /** Create missing folders (inside the root) for a new file. */
  readonly createParents?: boolean | undefined;
  /** Injected file operations (crash-injection tests). */
  readonly ops?: AtomicWriteOps | undefined;
}

export interface ReplaceFileResult {
  readonly relative: string;
  readonly created: boolean;
  /** Permission bits the file has now. */
  readonly mode: number;
  /** The exact bytes replaced; null when the file was created. */
  readonly replaced: Buffer | null;
}

export interface RemoveFileOptions {
  /** sha256 the file must still have; ABSENT_FILE_HASH: nothing to remove, and nothing must be there. */
  readonly expectHash: string;
  readonly ops?: AtomicWriteOps | undefined;
}

function resolveFile(workspace: WriteTarget, input: string) {
  const resolved = workspace.resolve(input, 'write');
  if (resolved.relative === '')
    throw new SandboxError('not-a-file', input, 'the project root itself is not a file.');
  return resolved;
}

export async function replaceFile(
  workspace: WriteTarget,
  input: string,
  bytes: Uint8Array,
  options: ReplaceFileOptions,
): Promise<ReplaceFileResult> {
  const resolved = resolveFile(workspace, input);
  if (options.createParents) {
    await mkdir(path.dirname(resolved.absolute), { recursive: true });
    // A folder swapped for a symlink meanwhile would move the write elsewhere: resolve again.
    if (resolveFile(workspace, input).absolute !== resolved.absolute)
      throw new SandboxError(
        'symlink-outside',
        input,
        `${quotePath(input)} changed while its folders were created; nothing was written.`,
      );
  }
  let replaced: Buffer | null = null;
  const written = await atomicWriteFile(resolved.absolute, bytes, {
    ops: options.ops,
    newFileMode: options.newFileMode,
    beforeRename: async () => {
      const now = await readContentHash(workspace, resolved.relative);
      if (now.hash !== options.expectHash)
        throw new ContentConflictError(resolved.relative, options.expectHash, now.hash);
      replaced = now.bytes;
    },
  });
  return { relative: resolved.relative, created: written.created, mode: written.mode, replaced };
}

/** Removes a regular file whose content is still `expectHash`; never follows a symlink. */
export async function removeFile(
  workspace: WriteTarget,
  input: string,
  options: RemoveFileOptions,
): Promise<{ relative: string; removed: boolean }> {
  const resolved = resolveFile(workspace, input);
  const now = await readContentHash(workspace, resolved.relative);
  if (now.hash !== options.expectHash)
    throw new ContentConflictError(resolved.relative, options.expectHash, now.hash);
  if (now.bytes === null) return { relative: resolved.relative, removed: false };
  const ops = options.ops ?? nodeAtomicWriteOps;
  // The hash was read through O_NOFOLLOW; refuse a symlink swapped in since then.
  const target = await ops.lstat(resolved.absolute);
  if (!target)
    throw new ContentConflictError(resolved.relative, options.expectHash, ABSENT_FILE_HASH);
  if (!target.isFile || target.isSymbolicLink)
    throw new SandboxError(
      'symlink-write',
      input,
      `${quotePath(input)} is no longer a regular file; nothing was removed.`,
    );
  await ops.unlink(resolved.absolute);
  return { relative: resolved.relative, removed: true };
}
