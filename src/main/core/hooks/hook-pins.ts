// What the approval of a project hook is bound to besides its text: the bytes of the project
// files its command names. A hook `bash .sluice/hooks/check.sh` approved today must not run
// different code after a `git pull` without asking again, so each word of the command that
// names a regular file inside the project (read through the workspace, so a link out of it is
// not followed) is hashed by content into the pin. What those files run in turn is not followed.
// A named file that cannot be read is pinned as unreadable, so it never matches an approval
// given to readable bytes.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Workspace } from '../workspace/workspace';
import type { ProjectHookEntry } from './hooks-file';

/** Files pinned per hook at most, and bytes in all; past either the pin says so and fails closed. */
export const MAX_PINNED_HOOK_FILES = 16;
export const MAX_PINNED_HOOK_BYTES = 16 * 1024 * 1024;

export type PinFiles = Pick<Workspace, 'root' | 'stat' | 'readBytes'>;

const PROJECT_DIR = /\$\{?(?:CLAUDE_PROJECT_DIR|SLUICE_PROJECT_DIR)\}?/gu;

/** The words of a command line that could name a file, quotes taken off, the project variable filled in. */
export function candidateWords(command: string, root: string): string[] {
  return command
    .replace(PROJECT_DIR, root)
    .split(/[\s;&|()<>`]+/u)
    .map((word) => word.replace(/^['"]+|['"]+$/gu, '').replace(/['"]/gu, ''))
    .filter((word) => word !== '' && !word.startsWith('-') && !word.includes('$'));
}

async function fileDigest(files: PinFiles, relative: string, budget: { bytes: number }) {
  try {
    const read = await files.readBytes(relative, { maxBytes: budget.bytes });
    budget.bytes -= read.bytes.length;
    return createHash('sha256').update(read.bytes).digest('hex');
  } catch (error) {
    return `unreadable:${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * The hash an approval of this hook is given: its id (event, matcher, command, timeout) and the
 * content of each project file its command names, in the order named.
 */
export async function projectHookPin(entry: ProjectHookEntry, files: PinFiles): Promise<string> {
  const hash = createHash('sha256').update(entry.id);
  const seen = new Set<string>();
  const budget = { bytes: MAX_PINNED_HOOK_BYTES };
  for (const word of candidateWords(entry.command, files.root)) {
    const relative = path.isAbsolute(word) ? path.relative(files.root, word) : word;
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) continue;
    let stat;
    try {
      stat = await files.stat(relative);
    } catch {
      continue;
    }
    if (stat?.type !== 'file' || seen.has(stat.relative)) continue;
    seen.add(stat.relative);
    if (seen.size > MAX_PINNED_HOOK_FILES) {
      hash.update(`\0too-many-files`);
      break;
    }
    hash.update(`\0${stat.relative}\0${await fileDigest(files, stat.relative, budget)}`);
  }
  return hash.digest('hex');
}
