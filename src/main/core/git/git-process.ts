// Runs the git CLI for Sluice's own reads (status, HEAD's text, log, blame) so that nothing the
// repository configures is executed. A cloned repository is untrusted, and
// git runs programs named in its config on ordinary reads: `core.fsmonitor` on status,
// clean filters when status re-reads a file, `diff.<x>.textconv`/`diff.external` on diffs,
// `log.showSignature` (gpg.program), hooks on index writes (`post-index-change`).
//
// The defence has three parts, all on the command line, none relying on the repository:
// 1. The environment: GIT_* variables from Sluice's own environment are dropped (a stray
//    GIT_DIR or GIT_CONFIG_PARAMETERS would change what runs), the system and global config
//    are not read (GIT_CONFIG_NOSYSTEM, GIT_CONFIG_GLOBAL=/dev/null: the person's aliases,
//    includes and textconv drivers are theirs to run when they type git, not ours on every
//    read), no optional locks (status does not write the index, so no index hooks), no
//    prompt, no pager.
// 2. Fixed settings that name programs, set to run nothing (READ_SETTINGS).
// 3. Per-driver settings: `filter.<x>.clean|smudge|process` and `diff.<x>.textconv|command`
//    cannot be switched off generically, so the repository's config (with its includes) is
//    listed first — listing config runs nothing — and every driver it names is blanked.
// Content is never diffed by git: HEAD's bytes come from `git cat-file blob` (no filters,
// no textconv) and Sluice diffs them against the file itself.
import { spawn } from 'node:child_process';
import { personSafeDirectories } from './person-global-config';

/** Settings that name a program or make a read run one; each set to run nothing. */
export const READ_SETTINGS: readonly string[] = [
  'core.fsmonitor=false',
  'core.hooksPath=/dev/null',
  'core.pager=cat',
  'core.editor=false',
  'core.askPass=',
  'core.sshCommand=',
  'core.untrackedCache=false',
  'diff.external=',
  'log.showSignature=false',
  'status.submoduleSummary=false',
  'submodule.recurse=false',
  'credential.helper=',
  'gc.auto=0',
  'maintenance.auto=false',
  // A repository found by walking into a bare one is never opened (a project can hold one).
  'safe.bareRepository=explicit',
  'protocol.ext.allow=never',
];

/**
 * Added for what Sluice writes on its own (worktrees, a background run's branch, a turn's
 * commit, an undo's revert): nothing signs, edits or asks, and no ref update runs a program.
 */
export const WRITE_SETTINGS: readonly string[] = [
  'commit.gpgSign=false',
  'tag.gpgSign=false',
  'gpg.program=false',
  'sequence.editor=false',
  'rerere.enabled=false',
  'fetch.recurseSubmodules=false',
];

/** Per-driver keys that run a program; each found in the repository's config is blanked. */
const DRIVER_KEY =
  /^(filter\.(.*)\.(clean|smudge|process)|diff\.(.*)\.(textconv|command)|merge\.(.*)\.driver)$/u;

/**
 * Keys that make git read or fetch with programs, or read config differently elsewhere, which a
 * `-c` cannot switch off: such a repository is not read with git at all.
 */
const REFUSED_KEY =
  /^(extensions\.partialclone|remote\..*\.promisor|includeif\.(onbranch|gitdir)[^.]*\..*)$/u;

/** Most bytes a git read may print before it is stopped and the read fails, saying so. */
export const GIT_OUTPUT_LIMIT = 64 * 1024 * 1024;
/** A git read that takes longer is killed and fails, saying so. */
export const GIT_READ_TIMEOUT_MS = 30_000;

export interface GitResult {
  readonly code: number;
  readonly stdout: Buffer;
  readonly stderr: string;
}

/** A git that changes the repository: Sluice's own (own-git.ts) or the person's (sandboxed-git.ts). */
export interface GitWriter {
  /** The repository's admin folder (a linked worktree's own), where a message file can go. */
  readonly gitDir: string;
  /** What runs besides git, for the person: "" or a sentence such as "hooks did not run: …". */
  readonly note: string;
  /** Runs `git ARGS` in the work tree; a non-zero exit is returned, not thrown. */
  run(args: readonly string[]): Promise<GitResult>;
}

export class GitReadError extends Error {
  override readonly name = 'GitReadError';
}

/** The environment of a read: Sluice's own, minus GIT_*, plus the settings above. */
export function gitReadEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(base))
    if (value !== undefined && !/^GIT_/iu.test(key)) env[key] = value;
  env.GIT_CONFIG_NOSYSTEM = '1';
  env.GIT_CONFIG_GLOBAL = '/dev/null';
  env.GIT_OPTIONAL_LOCKS = '0';
  env.GIT_TERMINAL_PROMPT = '0';
  env.GIT_PAGER = 'cat';
  // A partial clone fetches a missing object on any read, through remote.<x>.uploadpack.
  env.GIT_NO_LAZY_FETCH = '1';
  env.LC_ALL = 'C';
  return env;
}

export interface RunGitOptions {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly input?: string;
  readonly timeoutMs?: number;
  readonly outputLimit?: number;
}

/** Runs git with exactly these arguments; never throws for a non-zero exit (see `code`). */
export function spawnGit(args: readonly string[], options: RunGitOptions): Promise<GitResult> {
  const limit = options.outputLimit ?? GIT_OUTPUT_LIMIT;
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const out: Buffer[] = [];
    let size = 0;
    let err = '';
    let failure: Error | null = null;
    const timer = setTimeout(() => {
      failure = new GitReadError(
        `git ${args[0] ?? ''} took longer than ${(options.timeoutMs ?? GIT_READ_TIMEOUT_MS) / 1000} s and was stopped.`,
      );
      child.kill('SIGKILL');
    }, options.timeoutMs ?? GIT_READ_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        failure ??= new GitReadError(
          `git ${args[0] ?? ''} printed more than ${Math.round(limit / 1024 / 1024)} MB; the read was stopped.`,
        );
        child.kill('SIGKILL');
        return;
      }
      out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 64 * 1024) err += chunk.toString('utf8');
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(
        new GitReadError(
          (error as NodeJS.ErrnoException).code === 'ENOENT'
            ? 'git is not installed (no `git` on PATH).'
            : `git could not start: ${error.message}`,
        ),
      );
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (failure) reject(failure);
      else resolve({ code: code ?? 1, stdout: Buffer.concat(out), stderr: err });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

/**
 * `-c` pairs for READ_SETTINGS and the person's own `safe.directory` values (their global and
 * system config is not read otherwise), from their environment (`base`, not a read's).
 */
export async function readSettingArgs(base: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const trusted = (await personSafeDirectories(base)).map((dir) => `safe.directory=${dir}`);
  return [...READ_SETTINGS, ...trusted].flatMap((setting) => ['-c', setting]);
}

/** `-c` pairs for READ_SETTINGS plus a blank for every driver the repository's config names. */
export async function readOverrides(
  cwd: string,
  env: NodeJS.ProcessEnv,
  fixed?: readonly string[],
): Promise<string[]> {
  fixed ??= await readSettingArgs();
  // Listing config (with includes, as git itself would read them) executes nothing.
  const listed = await spawnGit([...fixed, 'config', '--includes', '--list', '-z'], {
    cwd,
    env,
  });
  if (listed.code !== 0)
    throw new GitReadError(`git could not read this repository's config: ${listed.stderr.trim()}`);
  const drivers: string[] = [];
  for (const entry of listed.stdout.toString('utf8').split('\0')) {
    const key = entry.split('\n', 1)[0] ?? '';
    if (REFUSED_KEY.test(key.toLowerCase()) && !/^remote\..*\.promisor\nfalse$/iu.test(entry))
      throw new GitReadError(
        `this repository's config sets ${JSON.stringify(key)}, which makes git fetch or read other settings in other places; Sluice does not read it with git.`,
      );
    const match = DRIVER_KEY.exec(key);
    if (!match) continue;
    // `-c` splits at the first "=": a driver named with one could not be blanked.
    if (key.includes('='))
      throw new GitReadError(
        `this repository's config names a driver Sluice cannot switch off (${JSON.stringify(key)}), so Sluice does not read it with git.`,
      );
    const filter = match[2];
    if (filter !== undefined)
      drivers.push(
        `filter.${filter}.clean=`,
        `filter.${filter}.smudge=`,
        `filter.${filter}.process=`,
        `filter.${filter}.required=false`,
      );
    const diff = match[4];
    if (diff !== undefined) drivers.push(`diff.${diff}.textconv=`, `diff.${diff}.command=`);
    // An empty merge driver would "succeed" keeping one side; `false` makes the file a conflict.
    const merge = match[6];
    if (merge !== undefined) drivers.push(`merge.${merge}.driver=false`);
  }
  return [...fixed, ...[...new Set(drivers)].flatMap((setting) => ['-c', setting])];
}
