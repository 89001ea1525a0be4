// Sluice's own git writes: creating, listing and removing worktrees, a background run's commit
// on its branch, a turn's commit when the person turned that on, an undo's revert. Nobody asked
// for a program of the repository to run, so none does: every setting that names a program is
// switched off on the command line (git-process.ts: hooks, fsmonitor, filter and diff drivers,
// merge drivers, pager, editor, signing), the system and global config are not read, and git is
// pointed at the repository that was checked (repository-shape.ts) instead of finding one.
// The person's identity is read from their config (reading config runs nothing).
import { gitReadEnv, spawnGit, WRITE_SETTINGS, type GitWriter } from './git-process';
import type { GitReader } from './git-reader';

/** A git write may rewrite many files (a checkout): ten minutes, then stopped. */
export const OWN_GIT_TIMEOUT_MS = 10 * 60_000;

/** The person's name and email as their own git would use them, for commits made for them. */
export async function personIdentity(
  cwd: string,
  baseEnv: NodeJS.ProcessEnv,
): Promise<{ name: string; email: string } | null> {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(baseEnv))
    if (
      value !== undefined &&
      (!/^GIT_/iu.test(key) || /^GIT_CONFIG_(GLOBAL|NOSYSTEM)$/u.test(key))
    )
      env[key] = value;
  const read = async (key: string, variable: string): Promise<string> => {
    const given = baseEnv[variable];
    if (given) return given;
    const result = await spawnGit(['config', '--get', key], { cwd, env, timeoutMs: 10_000 });
    return result.code === 0 ? result.stdout.toString('utf8').trim() : '';
  };
  const name = await read('user.name', 'GIT_AUTHOR_NAME');
  const email = await read('user.email', 'GIT_AUTHOR_EMAIL');
  return name && email ? { name, email } : null;
}

/** The `-c` pairs that make a commit the person's without reading their config again. */
export function identitySettings(identity: { name: string; email: string } | null): string[] {
  return identity ? ['-c', `user.name=${identity.name}`, '-c', `user.email=${identity.email}`] : [];
}

export function createOwnGit(reader: GitReader, baseEnv: NodeJS.ProcessEnv): GitWriter {
  const env = {
    ...gitReadEnv(baseEnv),
    GIT_DIR: reader.info.gitDir,
    GIT_WORK_TREE: reader.info.top,
  };
  let identity: Promise<string[]> | null = null;
  return {
    gitDir: reader.info.gitDir,
    note: '',
    async run(args) {
      identity ??= personIdentity(reader.root, baseEnv).then(identitySettings);
      const settings = [
        ...(await reader.settings()),
        ...WRITE_SETTINGS.flatMap((s) => ['-c', s]),
        ...(await identity),
      ];
      return spawnGit([...settings, ...args], {
        cwd: reader.root,
        env,
        timeoutMs: OWN_GIT_TIMEOUT_MS,
      });
    },
  };
}
