// A Sluice worktree shares the project's installed dependencies. A worktree is a fresh checkout:
// it has no node_modules or virtual environment, so tests before approval, checkers and commands
// there would find nothing installed, exactly in the isolated mode. When Sluice makes a
// worktree, each dependency folder the main tree has (and git ignores) becomes, in the
// worktree, a real folder of links to the main tree's entries (so runners can still write
// their caches beside them), and every confinement started on the worktree shows the main
// tree's folder read-only at its own path, so the links resolve and nothing can change it.
// Which folder is shown is never read from the worktree: it is the same folder of the main work
// tree that the worktree's own git admin folder names (a .git file whose admin folder, one of
// the main repository's own, points back; the main tree outside the worktree), and it must be a
// real folder there, not a link, so a repository cannot point a confinement at anything else. When the worktree's
// lockfile differs from the main tree's, the folder is not shown and the reason says why.
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { orNull } from './or-null';

/** Dependency folders and the lockfiles that say what is installed in them. */
export const DEPENDENCY_FOLDERS: Readonly<Record<string, readonly string[]>> = {
  node_modules: [
    'package-lock.json',
    'npm-shrinkwrap.json',
    'yarn.lock',
    'pnpm-lock.yaml',
    'bun.lock',
    'bun.lockb',
  ],
  '.venv': ['poetry.lock', 'uv.lock', 'Pipfile.lock', 'pdm.lock', 'requirements.txt'],
  venv: ['poetry.lock', 'uv.lock', 'Pipfile.lock', 'pdm.lock', 'requirements.txt'],
};

export interface SharedDependency {
  /** The folder's name in the project root: node_modules, .venv, venv. */
  readonly name: string;
  /** The main tree's folder, shown read-only at its own path. */
  readonly source: string;
  /** Set when the worktree's lockfile differs: the folder is then not shown. */
  readonly lockfileDiffers?: string;
}

const read = (file: string): Buffer | null => orNull(() => readFileSync(file));
const real = (file: string): string | null => orNull(() => realpathSync(file));

/**
 * The main work tree of a linked worktree containing `root`, and `root`'s place in it; null
 * when `root` is not in a linked worktree whose admin folder names it back.
 */
export function mainProjectOf(root: string): string | null {
  let top = root;
  while (!existsSync(path.join(top, '.git'))) {
    const up = path.dirname(top);
    if (up === top) return null;
    top = up;
  }
  const dotGit = path.join(top, '.git');
  if (!lstatSync(dotGit).isFile()) return null;
  const admin = /^gitdir:\s*(.+?)\s*$/mu.exec(read(dotGit)?.toString('utf8') ?? '')?.[1];
  if (!admin) return null;
  const adminDir = path.resolve(top, admin);
  const back = read(path.join(adminDir, 'gitdir'))?.toString('utf8').trim();
  if (!back || real(path.resolve(adminDir, back)) !== real(dotGit)) return null;
  const common = read(path.join(adminDir, 'commondir'))?.toString('utf8').trim();
  const commonDir = common ? real(path.resolve(adminDir, common)) : null;
  if (!commonDir || path.basename(commonDir) !== '.git') return null;
  // The admin folder is the repository's own, and the main tree lies outside the worktree.
  if (path.dirname(real(adminDir) ?? '') !== path.join(commonDir, 'worktrees')) return null;
  const realTop = real(top);
  const mainTop = path.dirname(commonDir);
  if (!realTop || inside(realTop, mainTop) || inside(mainTop, realTop)) return null;
  return path.join(mainTop, path.relative(top, root));
}

function inside(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** A real folder at exactly this path: no link on the way, none at the end. */
function realFolder(folder: string): boolean {
  try {
    return lstatSync(folder).isDirectory() && real(folder) === folder;
  } catch {
    return false;
  }
}

/** The main tree's dependency folders a worktree at `root` shares (none elsewhere). */
export function sharedDependencies(root: string): SharedDependency[] {
  let main: string | null;
  try {
    main = mainProjectOf(root);
  } catch {
    return [];
  }
  if (!main) return [];
  const shared: SharedDependency[] = [];
  const realMain = real(main);
  const realRoot = real(root);
  if (!realMain || !realRoot) return [];
  for (const [name, lockfiles] of Object.entries(DEPENDENCY_FOLDERS)) {
    // The main tree's own folder, never one it links elsewhere (a home folder, a secret).
    const source = path.join(realMain, name);
    if (!realFolder(source)) continue;
    if (!realFolder(path.join(realRoot, name))) continue;
    const differs = lockfiles.find((lock) => {
      const ours = read(path.join(root, lock));
      const theirs = read(path.join(main, lock));
      return ours === null ? theirs !== null : theirs === null || !ours.equals(theirs);
    });
    shared.push({ name, source, ...(differs ? { lockfileDiffers: differs } : {}) });
  }
  return shared;
}

/** The folders to show read-only in a confinement on `root`: those whose lockfile matches. */
export function sharedDependencyMounts(root: string): string[] {
  return sharedDependencies(root)
    .filter((d) => !d.lockfileDiffers)
    .map((d) => d.source);
}

/** Why a worktree's dependency folder is not used, for a test verdict; null when it is. */
export function sharedDependencyProblem(root: string, name: string): string | null {
  const found = sharedDependencies(root).find((d) => d.name === name);
  return found?.lockfileDiffers
    ? `this worktree's ${found.lockfileDiffers} differs from the main tree's, whose ${name} it shares, so it would run against the wrong dependencies; install them in the worktree to test it there`
    : null;
}

/** The entries of the main tree's folder a worktree links to (dot folders are caches). */
export function linkableEntries(source: string): string[] {
  return readdirSync(source).filter((n) => !n.startsWith('.') || n === '.bin');
}
