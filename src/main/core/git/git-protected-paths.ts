// What a hook running in the person's sandboxed git (sandboxed-git.ts) could use to run code
// at the person's next plain git command, made read-only there: every config git reads (the
// repository's, a worktree's, each submodule's, nested ones included), every hooks and info
// folder, the files that send git to another admin folder or object store (commondir, gitdir,
// objects/info/alternates), and a linked worktree's `.git` file in the writable work tree.
// Only what exists can be bound: a config.worktree that is not there is read by git only
// where the (read-only) config turns extensions.worktreeConfig on.
import { existsSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** In each admin folder, what names code or another place for git to read. */
const ADMIN_ENTRIES = [
  'config',
  'config.worktree',
  'hooks',
  'info',
  'commondir',
  'gitdir',
  path.join('objects', 'info', 'alternates'),
];

/** Submodules inside submodules: deeper than this is not walked (and said by the caller). */
const MAX_DEPTH = 6;
/** Admin folders listed at most; past it the walk stops. */
const MAX_FOLDERS = 2_000;

function isDirectory(file: string): boolean {
  try {
    return lstatSync(file).isDirectory();
  } catch {
    return false;
  }
}

function children(dir: string): string[] {
  try {
    return readdirSync(dir).map((name) => path.join(dir, name));
  } catch {
    return [];
  }
}

/**
 * Admin folders below `dir`: linked worktrees' (`worktrees/<id>`) and submodules'
 * (`modules/<name>`, whose name may hold slashes: any folder with a HEAD is one), recursively.
 */
function nestedAdminFolders(dir: string, depth: number, found: string[]): void {
  if (depth > MAX_DEPTH || found.length >= MAX_FOLDERS) return;
  for (const child of children(path.join(dir, 'worktrees')))
    if (isDirectory(child) && found.length < MAX_FOLDERS) found.push(child);
  const walk = (folder: string, level: number): void => {
    for (const child of children(folder)) {
      if (!isDirectory(child) || found.length >= MAX_FOLDERS) continue;
      if (existsSync(path.join(child, 'HEAD'))) {
        found.push(child);
        nestedAdminFolders(child, depth + 1, found);
      } else if (level < MAX_DEPTH) walk(child, level + 1);
    }
  };
  walk(path.join(dir, 'modules'), 0);
}

/** The paths to bind read-only for a git whose admin folders are `gitFolders`, work tree `top`. */
export function protectedGitPaths(gitFolders: readonly string[], top: string): string[] {
  const folders: string[] = [...gitFolders];
  for (const dir of gitFolders) nestedAdminFolders(dir, 0, folders);
  const paths = [...new Set(folders)].flatMap((dir) =>
    ADMIN_ENTRIES.map((name) => path.join(dir, name)),
  );
  // A linked worktree's `.git` is a file in the work tree naming its admin folder.
  const dotGit = path.join(top, '.git');
  try {
    if (lstatSync(dotGit).isFile()) paths.push(dotGit);
  } catch {
    // no .git here: the admin folder is elsewhere (GIT_DIR)
  }
  return [...new Set(paths)].filter((p) => existsSync(p));
}
