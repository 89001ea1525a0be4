// git as the person's own command: a commit or a merge the person started in Sluice. It runs
// the repository's hooks (a commit without its pre-commit hook is not the commit they asked
// for; never `--no-verify`, never a push), and so whatever the repository configures (hooks,
// filters, fsmonitor), which is the repository's code: it runs inside run_command's sandbox
// (commands/command-runner.ts) with its environment allow-list, the network off, the person's
// home and SLUICE_HOME hidden, and only the work tree and the repository's git folders
// writable (every config, hooks and info folder in them, submodules' and worktrees' included,
// and what points git elsewhere, read-only: git-protected-paths.ts, found again for each git
// command, so a folder made by an earlier one is covered), so a hook cannot plant code for the
// person's next git command. The person's identity comes from their config, read on the host
// (reading config runs nothing). Where no such sandbox can hold the hooks (none on this
// machine; Seatbelt, which cannot yet open the git folders; a work tree that holds the person's
// home), the commit is made as Sluice's own (own-git.ts): nothing of the repository runs, and
// the writer's note says the hooks did not run and why.
import os from 'node:os';
import path from 'node:path';
import { runCommand } from '../commands/command-runner';
import { detectSandbox } from '../sandbox/sandbox-detect';
import type { SandboxAvailability } from '../sandbox/bubblewrap';
import type { GitResult, GitWriter } from './git-process';
import type { GitReader } from './git-reader';
import { protectedGitPaths } from './git-protected-paths';
import { globalConfigNote } from './person-global-config';
import { createOwnGit, identitySettings, personIdentity } from './own-git';

/** Hooks may take their time (a test suite in pre-commit): ten minutes, then stopped. */
export const PERSON_GIT_TIMEOUT_MS = 10 * 60_000;

export interface PersonGitOptions {
  /** The person's environment: their identity variables; the allow-list filters the rest. */
  readonly env: NodeJS.ProcessEnv;
  /** Folders hidden inside besides the person's home (SLUICE_HOME). */
  readonly hidden: readonly string[];
  /** Default: this machine's (detectSandbox()). */
  readonly sandbox?: SandboxAvailability;
}

function inside(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** A word for /bin/sh, single-quoted. */
function shellWord(word: string): string {
  return `'${word.replace(/'/gu, `'\\''`)}'`;
}

export function createPersonGit(reader: GitReader, options: PersonGitOptions): GitWriter {
  const sandbox = options.sandbox ?? detectSandbox();
  if (!sandbox.available || (sandbox.kind ?? 'bubblewrap') !== 'bubblewrap') {
    const why = sandbox.available
      ? `${sandbox.kind === 'seatbelt' ? 'Seatbelt' : 'this sandbox'} cannot confine a commit yet`
      : 'no sandbox on this machine';
    return {
      ...createOwnGit(reader, options.env),
      note: `The repository's hooks did not run (${why}): Sluice runs nothing a repository configures outside its sandbox.`,
    };
  }
  const { info } = reader;
  // A repository that holds the person's home (or SLUICE_HOME) would put them in the sandbox.
  const home = options.env.HOME || os.homedir();
  const holds = [home, ...options.hidden].find((dir) => dir && inside(info.top, dir));
  if (holds)
    return {
      ...createOwnGit(reader, options.env),
      note: `The repository's hooks did not run: its work tree holds ${holds}, which the sandbox would have to show them.`,
    };
  // The work tree is the sandbox's writable root; its .git (a folder, or a linked worktree's
  // admin folder and the main repository's) is protected there and opened here.
  const gitFolders = [...new Set([info.gitDir, info.commonDir])];
  let identity: Promise<string[]> | null = null;
  return {
    gitDir: info.gitDir,
    note: globalConfigNote(options.env),
    async run(args): Promise<GitResult> {
      identity ??= personIdentity(reader.root, options.env).then(identitySettings);
      const argv = [
        'git',
        `--git-dir=${info.gitDir}`,
        `--work-tree=${info.top}`,
        '-c',
        'core.pager=cat',
        '-c',
        'core.editor=false',
        ...(await identity),
        ...args,
      ];
      const run = await runCommand({
        command: argv.map(shellWord).join(' '),
        root: info.top,
        cwd: reader.root,
        timeoutMs: PERSON_GIT_TIMEOUT_MS,
        network: false,
        sandbox,
        signal: new AbortController().signal,
        hidden: options.hidden,
        baseEnv: options.env,
        writable: gitFolders,
        // What a hook could use to run code later at the person's own git: read-only.
        readOnly: protectedGitPaths(gitFolders, info.top),
        outputLimits: { headBytes: 256 * 1024, tailBytes: 256 * 1024, logBytes: 0 },
      });
      const code =
        run.end.kind === 'exited' ? run.end.code : run.end.kind === 'timed_out' ? 124 : 1;
      const ended =
        run.end.kind === 'exited'
          ? ''
          : `\n(git was stopped: ${run.end.kind === 'timed_out' ? `it took longer than ${PERSON_GIT_TIMEOUT_MS / 60_000} minutes` : run.end.kind.replace('_', ' ')})`;
      // The sandbox merges git's two streams; both are for the person to read.
      return { code, stdout: Buffer.from(run.output.view + ended), stderr: '' };
    },
  };
}

/** What git printed, both streams, for the person to read. */
export function gitOutput(result: GitResult): string {
  return [result.stdout.toString('utf8').trimEnd(), result.stderr.trimEnd()]
    .filter(Boolean)
    .join('\n');
}
