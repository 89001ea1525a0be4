// What of the person's own global git config a commit made in the sandbox does not apply: the
// sandbox's HOME is a fresh folder (their home is hidden), so ~/.gitconfig and
// $XDG_CONFIG_HOME/git/config are not read there. Signing and global hooks are what a person
// relies on without seeing (required signatures, a secret scanner in a global pre-commit), so
// the commit's output names them instead of leaving them silently off. Reading config runs
// nothing; the repository's own config is not read here (`--global` only).
import { execFile, spawnSync } from 'node:child_process';

/** Global settings a sandboxed commit leaves off, and what that means, in the person's words. */
const NOTICED: readonly { key: string; name: string; means: string }[] = [
  { key: 'commit.gpgsign', name: 'commit.gpgSign', means: 'this commit is not signed' },
  { key: 'core.hookspath', name: 'core.hooksPath', means: 'your global hooks did not run' },
];

/** The sentence for the commit's output, or '' when the global config sets none of them. */
export function globalConfigNote(env: NodeJS.ProcessEnv): string {
  const read = spawnSync('git', ['config', '--global', '--list', '-z'], {
    env: { ...withoutGitVariables(env), GIT_CONFIG_NOSYSTEM: '1' },
    encoding: 'utf8',
    timeout: 5_000,
  });
  if (read.status !== 0 || typeof read.stdout !== 'string') return '';
  const set = new Map<string, string>();
  for (const entry of read.stdout.split('\0')) {
    const [key = '', value = ''] = entry.split('\n', 2);
    set.set(key.toLowerCase(), value);
  }
  const signs = /^(true|yes|on|1)$/iu.test(set.get('commit.gpgsign') ?? '');
  const parts = NOTICED.filter(({ key }) => (key === 'commit.gpgsign' ? signs : set.has(key)));
  if (!parts.length) return '';
  const names = parts.map((p) => `${p.name} (${p.means})`).join(' and ');
  return `Your global git config is not read inside the sandbox: ${names}. Commit with git yourself to use it.`;
}

function withoutGitVariables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(env))
    if (value !== undefined && (!/^GIT_/iu.test(key) || key === 'GIT_CONFIG_GLOBAL'))
      out[key] = value;
  return out;
}

const safeDirectories = new Map<string, Promise<readonly string[]>>();

/**
 * The folders the person told git to trust though someone else owns them (`safe.directory` in
 * their global and system config). Sluice's reads do not read those files (git-process.ts), so
 * without these a repository the person trusts is refused with advice that cannot help there.
 * Only git's protected scopes may set it, and the command line is one. Read once per process,
 * off the main thread's way (two small `git config` runs, side by side).
 */
export function personSafeDirectories(
  env: NodeJS.ProcessEnv = process.env,
): Promise<readonly string[]> {
  const key = `${env.HOME ?? ''}\0${env.XDG_CONFIG_HOME ?? ''}\0${env.GIT_CONFIG_GLOBAL ?? ''}`;
  let known = safeDirectories.get(key);
  if (!known) {
    known = Promise.all(
      (['--system', '--global'] as const).map((scope) => safeDirectoriesIn(scope, env)),
    ).then((scopes) => scopes.flat());
    safeDirectories.set(key, known);
  }
  return known;
}

function safeDirectoriesIn(
  scope: '--system' | '--global',
  env: NodeJS.ProcessEnv,
): Promise<string[]> {
  return new Promise((resolve) => {
    execFile(
      'git',
      ['config', scope, '--get-all', '-z', 'safe.directory'],
      { env: withoutGitVariables(env), encoding: 'utf8', timeout: 5_000, cwd: '/' },
      (error, stdout) => {
        // None set (exit 1), no git, or no file: nothing trusted beyond git's own rule.
        if (error || typeof stdout !== 'string') return resolve([]);
        // Each value ends with a NUL; an empty one (which empties the list, as in git) is kept.
        const parts = stdout.split('\0');
        parts.pop();
        resolve(parts.filter((value) => !value.includes('\n')));
      },
    );
  });
}
