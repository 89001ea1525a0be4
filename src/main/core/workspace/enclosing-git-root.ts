// The git repository a folder is in, found the way git finds it but without running git (so
// nothing the repository configures runs: no hooks, no fsmonitor, no config-named programs):
// the nearest folder, from `start` upward, holding a `.git` folder (a repository) or a `.git`
// file starting "gitdir:" (a linked worktree or a submodule). Null when there is none.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';

function isGitMarker(candidate: string): boolean {
  let info;
  try {
    info = statSync(candidate);
  } catch {
    return false;
  }
  if (info.isDirectory()) return true;
  if (!info.isFile()) return false;
  // A worktree's `.git` file: "gitdir: /path/to/repo/.git/worktrees/NAME". Only its start is read.
  let fd: number | undefined;
  try {
    fd = openSync(candidate, 'r');
    const head = Buffer.alloc(7);
    const read = readSync(fd, head, 0, head.length, 0);
    return head.subarray(0, read).toString('utf8') === 'gitdir:';
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export function findEnclosingGitRoot(start: string): string | null {
  let dir = path.resolve(start);
  for (;;) {
    if (isGitMarker(path.join(dir, '.git'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}
