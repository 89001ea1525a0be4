// git as the person's own command (issue 32 items 2-4): commit, revert, merge and worktree
// changes that the person asked for in Sluice. These run the way `git` at their terminal
// would — their identity, their global config, the repository's hooks — because a commit
// without its pre-commit hook is not the commit they asked for. Never `--no-verify`, never a
// push. Only the API key and Sluice's own variables are kept from the hooks' environment:
// a hook is the repository's code, and the key was never the repository's business.
// Everything a hook prints comes back to be shown (escaped by the shell that shows it).
import { spawnGit, type GitResult } from './git-process';

/** Variables a hook never sees, though the person's shell may hold them. */
const WITHHELD = /^(ANTHROPIC_|SLUICE_)/u;

/** The person's environment for their own git command, minus the key and Sluice's own. */
export function personGitEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(base))
    if (value !== undefined && !WITHHELD.test(key)) env[key] = value;
  env.GIT_TERMINAL_PROMPT = '0';
  return env;
}

export interface PersonGit {
  /** Runs `git ARGS` in the work tree; a non-zero exit is returned, not thrown. */
  run(args: readonly string[], options?: { input?: string }): Promise<GitResult>;
}

/** Hooks may take their time (a test suite in pre-commit): ten minutes, then stopped. */
export const PERSON_GIT_TIMEOUT_MS = 10 * 60_000;

export function createPersonGit(cwd: string, baseEnv: NodeJS.ProcessEnv): PersonGit {
  const env = personGitEnv(baseEnv);
  return {
    run: (args, options = {}) =>
      spawnGit(args, {
        cwd,
        env,
        timeoutMs: PERSON_GIT_TIMEOUT_MS,
        ...(options.input !== undefined ? { input: options.input } : {}),
      }),
  };
}

/** What git printed, both streams, for the person to read. */
export function gitOutput(result: GitResult): string {
  return [result.stdout.toString('utf8').trimEnd(), result.stderr.trimEnd()]
    .filter(Boolean)
    .join('\n');
}
