// Which repository a project may be read and written as. git follows whatever the project's
// `.git` says: a `.git` file naming another of the person's repositories, a `.git` folder
// whose `commondir` borrows another repository's objects and refs, a `core.worktree` that
// points the work tree elsewhere, or a `.git` link. A project delivered with its `.git` (an
// archive, a shared folder) could so make `sluice diff` print another repository's files and
// `sluice commit` write into it. Only two shapes are followed: the `.git` folder of the work
// tree itself, and a `.git` file of a linked worktree (or a submodule) whose admin folder
// names this very folder back. Everything here reads files; nothing runs.
import { lstat, readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

export interface RepositoryPlaces {
  /** The work tree's top folder, as git reported it. */
  readonly top: string;
  readonly gitDir: string;
  readonly commonDir: string;
}

async function real(file: string): Promise<string | null> {
  try {
    return await realpath(file);
  } catch {
    return null;
  }
}

async function text(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return null;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** `core.worktree` of a git config file, when set (a plain reading: no includes). */
function configuredWorktree(config: string): string | null {
  let inCore = false;
  for (const raw of config.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('[')) {
      inCore = /^\[core\]$/iu.test(line);
      continue;
    }
    const match = inCore ? /^worktree\s*=\s*(.*)$/iu.exec(line) : null;
    if (match) return (match[1] ?? '').replace(/^"(.*)"$/u, '$1');
  }
  return null;
}

/** Refs read through a link, looked for up to this many entries under refs/. */
const REF_ENTRIES = 10_000;

/**
 * Why a repository reads another one's objects or branches: alternates outside it, or HEAD,
 * packed-refs or a ref that is a link (git follows them); null when it does not.
 */
async function borrowedObjects(commonDir: string): Promise<string | null> {
  const alternates = await text(path.join(commonDir, 'objects', 'info', 'alternates'));
  for (const line of (alternates ?? '').split('\n').map((l) => l.trim()))
    if (line && !line.startsWith('#')) {
      const where = await real(path.resolve(path.join(commonDir, 'objects'), line));
      if (!where || !where.startsWith(`${commonDir}${path.sep}`))
        return 'its objects/info/alternates reads the objects of another repository';
    }
  for (const name of ['HEAD', 'packed-refs']) {
    const entry = await lstat(path.join(commonDir, name)).catch(() => null);
    if (entry?.isSymbolicLink()) return `its ${name} is a link to another file`;
  }
  let seen = 0;
  const walk = async (dir: string): Promise<string | null> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (++seen > REF_ENTRIES) return null;
      if (entry.isSymbolicLink())
        return `its ref ${path.relative(commonDir, path.join(dir, entry.name))} is a link to another file`;
      if (entry.isDirectory()) {
        const found = await walk(path.join(dir, entry.name));
        if (found) return found;
      }
    }
    return null;
  };
  return walk(path.join(commonDir, 'refs'));
}

/**
 * Why the repository git found for a project is not one Sluice follows, or null when it is.
 * Called once per opening, before anything else is asked of git.
 */
export async function repositoryShapeProblem(places: RepositoryPlaces): Promise<string | null> {
  const top = await real(places.top);
  const gitDir = await real(places.gitDir);
  const commonDir = await real(places.commonDir);
  if (!top || !gitDir || !commonDir) return 'git named folders that do not exist';
  const dotGit = path.join(top, '.git');
  let entry;
  try {
    entry = await lstat(dotGit);
  } catch {
    return `git's work tree is ${top}, which has no .git of its own (a core.worktree setting or a variable points git elsewhere)`;
  }
  if (entry.isSymbolicLink()) return 'its .git is a link to another folder';
  if (entry.isDirectory()) {
    if ((await real(dotGit)) !== gitDir)
      return `git reads ${gitDir} instead of the project's own .git folder`;
    if (await exists(path.join(gitDir, 'commondir')))
      return 'its .git folder borrows the objects and branches of another repository (a commondir file)';
    if (commonDir !== gitDir) return `its objects and branches live in ${commonDir}`;
    return borrowedObjects(commonDir);
  }
  if (!entry.isFile()) return 'its .git is neither a folder nor a file';
  const named = /^gitdir:\s*(.+?)\s*$/mu.exec((await text(dotGit)) ?? '')?.[1];
  if (!named) return 'its .git file names no repository';
  if ((await real(path.resolve(top, named))) !== gitDir)
    return 'its .git file names a folder git did not use';
  // A linked worktree: the admin folder's `gitdir` file names this .git file back, and the
  // admin folder is one of its repository's own (`<common>/worktrees/<name>`), not a folder the
  // project brought that borrows another repository.
  const back = (await text(path.join(gitDir, 'gitdir')))?.trim();
  if (back && (await real(path.resolve(gitDir, back))) === (await real(dotGit))) {
    const common = (await text(path.join(gitDir, 'commondir')))?.trim();
    if (!common || (await real(path.resolve(gitDir, common))) !== commonDir)
      return 'its .git file names a worktree whose repository git did not use';
    if (path.dirname(gitDir) !== path.join(commonDir, 'worktrees'))
      return `its .git file names a worktree folder that is not one of ${commonDir}'s own`;
    return borrowedObjects(commonDir);
  }
  // A submodule: its repository lives in the parent's .git/modules and names this folder back.
  const worktree = configuredWorktree((await text(path.join(gitDir, 'config'))) ?? '');
  if (
    worktree !== null &&
    (await real(path.resolve(gitDir, worktree))) === top &&
    commonDir === gitDir
  )
    return borrowedObjects(commonDir);
  return `its .git file points at ${gitDir}: another repository, not a worktree or submodule of this folder`;
}
