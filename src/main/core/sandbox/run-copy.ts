// A run's private copy of the project, under SLUICE_HOME/run-copies/<set>,
// never inside the project: `upper` (the run's own layer, see upper-layer.ts), `work`
// (overlayfs's scratch folder, same file system as upper) and `merged` (the mount point a
// command's namespace mounts the overlay on). Making one is three mkdirs, whatever the size of
// the project or of node_modules: the project itself is the overlay's lower layer, seen as
// the person sees it now (uncommitted changes and ignored folders included).
// A copy lives as long as its change set can still be reviewed or refined; it is removed when
// the set is applied, rejected or superseded, and at start-up for every set that is not
// running in a live process or waiting for review.
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

export interface RunCopy {
  readonly id: string;
  readonly dir: string;
  readonly upper: string;
  readonly work: string;
  readonly merged: string;
}

const ID = /^[0-9a-f-]{36}$/u;

export class RunCopyError extends Error {
  override readonly name = 'RunCopyError';
}

export function runCopiesDir(home: string): string {
  return path.join(home, 'run-copies');
}

export function runCopyFor(home: string, id: string): RunCopy {
  if (!ID.test(id)) throw new RunCopyError(`"${id}" is not a change set id`);
  const dir = path.join(runCopiesDir(home), id);
  return {
    id,
    dir,
    upper: path.join(dir, 'upper'),
    work: path.join(dir, 'work'),
    merged: path.join(dir, 'merged'),
  };
}

/**
 * Characters overlayfs's option string cannot carry (`,` separates options, `:` lower
 * layers); a project or SLUICE_HOME path holding one cannot be a layer, and commands of a
 * background run are then refused with the reason rather than mounted wrongly.
 */
export function layerPathProblem(folder: string): string | null {
  return /[,:\\\n]/u.test(folder)
    ? `the folder ${JSON.stringify(folder)} contains a comma, colon, backslash or line break, which an overlay mount cannot name`
    : null;
}

/**
 * overlayfs leaves `work/work` with mode 000; a user who is not root cannot list it to remove
 * what a killed mount left inside, so it is opened to its owner first.
 */
function openScratch(copy: RunCopy): void {
  try {
    chmodSync(path.join(copy.work, 'work'), 0o700);
  } catch {
    // Not there: nothing to open.
  }
}

/** Makes (or reuses) the copy's folders; 0700 so other users cannot read the run's files. */
export function createRunCopy(home: string, id: string): RunCopy {
  const copy = runCopyFor(home, id);
  mkdirSync(runCopiesDir(home), { recursive: true, mode: 0o700 });
  for (const dir of [copy.dir, copy.upper, copy.work, copy.merged])
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  return copy;
}

/** A refine continues in the copy of the set it refines: the folder moves to the new set. */
export function adoptRunCopy(home: string, fromId: string, toId: string): RunCopy | null {
  const from = runCopyFor(home, fromId);
  const to = runCopyFor(home, toId);
  if (!existsSync(from.dir) || existsSync(to.dir)) return null;
  renameSync(from.dir, to.dir);
  return createRunCopy(home, toId);
}

/** Removes a set's copy; never throws (housekeeping: a failure leaves a folder behind). */
export function removeRunCopy(home: string, id: string): void {
  try {
    const copy = runCopyFor(home, id);
    openScratch(copy);
    rmSync(copy.dir, { recursive: true, force: true });
  } catch {
    // Not a set id, or a file that cannot be removed: nothing else to do.
  }
}

/**
 * Removes every copy whose set `keep` does not want (start-up: sets not running in a live
 * process and not waiting for review). A kill -9 left no mount behind (the mount belonged to
 * the command's namespace), so only folders remain. Returns the ids removed.
 */
export function sweepRunCopies(home: string, keep: (id: string) => boolean): string[] {
  let names: string[];
  try {
    names = readdirSync(runCopiesDir(home));
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (ID.test(name) && keep(name)) continue;
    if (ID.test(name)) openScratch(runCopyFor(home, name));
    rmSync(path.join(runCopiesDir(home), name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
