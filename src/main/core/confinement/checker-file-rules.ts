// What a checker may read: a project file under the same rules as read_file.
// The path is resolved inside the root by components (workspace/resolve-inside-root.ts: a
// symlink out of the project, to /proc or to a device elsewhere is refused), and what it
// names must be a regular file: a device, a FIFO (a file linked to /dev/stdin waits forever),
// a socket or a folder is not read. One rule for every checker (Go, pyright, TypeScript), so
// the evidence names the file and why in the same words everywhere.
import { statSync, type Stats } from 'node:fs';
import { DEFAULT_LIMITS } from '../workspace/limits';
import { resolveInsideRoot } from '../workspace/resolve-inside-root';
import { quotePath, SandboxError } from '../workspace/sandbox-error';
import { errnoCode } from '../workspace/errno-code';
import { BreadthFirstFolders } from '../sandbox/breadth-first-folders';

export type CheckableFile =
  | {
      readonly ok: true;
      /** Real absolute path of the file (inside the root). */
      readonly absolute: string;
      readonly size: number;
    }
  | {
      readonly ok: false;
      /** Why, naming the file: "src/a.ts is a symlink that leads outside the project". */
      readonly reason: string;
      /** 'missing' is not a refusal: nothing is there (a deleted file). */
      readonly rule: 'outside' | 'not-regular' | 'missing' | 'invalid';
    };

function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/**
 * Whether a checker may read `relativePath` (project-relative, `/` separators) under the root
 * (a realpath). Never throws.
 */
export function checkableFile(root: string, relativePath: string): CheckableFile {
  const shown = quotePath(relativePath);
  let absolute: string;
  try {
    absolute = resolveInsideRoot(root, relativePath, 'read', DEFAULT_LIMITS).absolute;
  } catch (error) {
    if (error instanceof SandboxError) {
      if (error.rule === 'symlink-outside')
        return {
          ok: false,
          rule: 'outside',
          reason: `${shown} is a symlink that leads outside the project (or to nothing); checkers do not read it`,
        };
      if (error.rule === 'outside-root')
        return { ok: false, rule: 'outside', reason: `${shown} is outside the project` };
      return { ok: false, rule: 'invalid', reason: `${shown} cannot be read: ${error.message}` };
    }
    return {
      ok: false,
      rule: 'invalid',
      reason: `${shown} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  let info: Stats;
  try {
    info = statSync(absolute);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR')
      return { ok: false, rule: 'missing', reason: `${shown} does not exist` };
    return { ok: false, rule: 'invalid', reason: `${shown} cannot be read (${code ?? 'error'})` };
  }
  if (!info.isFile())
    return {
      ok: false,
      rule: 'not-regular',
      reason: `${shown} is ${kindOf(info)}; checkers read only regular files`,
    };
  return { ok: true, absolute, size: info.size };
}

/** Folders no checker descends into while looking for unreadable files. */
const SKIPPED_FOLDERS = new Set(['.git', 'node_modules', '.hg', '.svn']);

/**
 * The first file under `relativeDir` (project-relative, '' for the root) that `reads(name)`
 * says the checker would read and that `checkableFile` refuses, with why; null when every one
 * may be read. A symlinked folder is not followed (it is refused if it leads out). Bounded by
 * `maxEntries`: past it the answer says the folder is too large to vet, which is a refusal.
 */
export function findUncheckable(
  root: string,
  relativeDir: string,
  reads: (name: string) => boolean,
  options: { readonly maxEntries?: number; readonly skipFolder?: (name: string) => boolean } = {},
): string | null {
  const maxEntries = options.maxEntries ?? 100_000;
  const walk = new BreadthFirstFolders(root, relativeDir);
  let seen = 0;
  for (const entries of walk.folders())
    for (const { entry, relative } of entries) {
      seen += 1;
      if (seen > maxEntries)
        return `${quotePath(relativeDir || '.')} holds more than ${maxEntries} entries; too many to vet before a check`;
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name) && !options.skipFolder?.(entry.name))
          walk.enter(relative);
        continue;
      }
      if (!reads(entry.name)) continue;
      const verdict = checkableFile(root, relative);
      if (!verdict.ok && verdict.rule !== 'missing') return verdict.reason;
    }
  return null;
}
