// A new worktree gets the project's installed dependencies: for each dependency folder the
// main tree has and git ignores there (node_modules, a virtual environment), the worktree gets
// a real folder of links to its entries (workspace/shared-dependencies.ts says how every
// confinement then shows the main tree's folder, read-only). Nothing is installed or copied.
import { existsSync, lstatSync } from 'node:fs';
import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { DEPENDENCY_FOLDERS, linkableEntries } from '../workspace/shared-dependencies';
import type { GitWriter } from './git-process';

/** Links the main project's ignored dependency folders into the worktree; returns their names. */
export async function linkSharedDependencies(
  git: GitWriter,
  mainRoot: string,
  worktreeRoot: string,
): Promise<string[]> {
  const linked: string[] = [];
  for (const name of Object.keys(DEPENDENCY_FOLDERS)) {
    const source = path.join(mainRoot, name);
    if (!existsSync(source) || !lstatSync(source).isDirectory()) continue;
    const target = path.join(worktreeRoot, name);
    if (existsSync(target)) continue;
    // A folder git does not ignore is the project's own content, not an installation.
    const ignored = await git.run(['check-ignore', '-q', '--', name]);
    if (ignored.code !== 0) continue;
    await mkdir(target, { recursive: true });
    for (const entry of linkableEntries(source))
      await symlink(path.join(source, entry), path.join(target, entry));
    linked.push(name);
  }
  return linked;
}
