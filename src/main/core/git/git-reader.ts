// What Sluice reads from git for itself: status, HEAD's bytes of a file, log and
// blame, every call through git-process.ts, so nothing the repository configures runs. Paths
// in and out are relative to the project root (which may be a folder inside the repository).
import path from 'node:path';
import {
  GitReadError,
  gitReadEnv,
  readSettingArgs,
  readOverrides,
  spawnGit,
  type GitResult,
} from './git-process';
import { repositoryShapeProblem } from './repository-shape';

/** A diff of names only: no diff driver or text conversion runs, submodules are not entered. */
const NAMES_ONLY = [
  '--name-only',
  '-z',
  '--no-renames',
  '--no-ext-diff',
  '--no-textconv',
  '--ignore-submodules=all',
] as const;
export type GitFileState = 'modified' | 'added' | 'deleted' | 'untracked' | 'conflicted';

export interface GitStatusEntry {
  /** Project-relative, forward slashes. */
  readonly path: string;
  readonly state: GitFileState;
}

export interface GitCommit {
  readonly hash: string;
  readonly author: string;
  readonly email: string;
  /** Author date, ms since the epoch. */
  readonly date: number;
  readonly subject: string;
}

export interface BlameLine {
  readonly line: number;
  readonly hash: string;
  readonly author: string;
  readonly text: string;
}

export interface GitRepositoryInfo {
  /** The work tree's top folder. */
  readonly top: string;
  /** The project root's path inside the work tree, "" or ending in "/". */
  readonly prefix: string;
  readonly gitDir: string;
  /** Where objects and refs live: the main repository's .git, also for a linked worktree. */
  readonly commonDir: string;
}

/** Every git feature's sentence when the project has no repository (and why, when it has a `.git` Sluice does not follow). */
export function notARepositoryMessage(consequence: string, why?: string): string {
  return why
    ? `This project is not a git repository Sluice will use (${why}), so ${consequence}`
    : `This project is not a git repository, so ${consequence}`;
}

export type OpenGitResult =
  | { readonly kind: 'repository'; readonly reader: GitReader }
  | {
      readonly kind: 'not-a-repository';
      readonly root: string;
      /** Set when git found a repository whose shape Sluice refuses (repository-shape.ts). */
      readonly why?: string;
    };

export class GitReader {
  private overrides: Promise<string[]> | null = null;

  private constructor(
    readonly root: string,
    readonly info: GitRepositoryInfo,
    private readonly env: NodeJS.ProcessEnv,
    /** READ_SETTINGS and the person's safe.directory values (readSettingArgs). */
    private readonly fixed: readonly string[],
  ) {}

  /** The repository around `root`, or why there is none; a broken repository throws GitReadError. */
  static async open(
    root: string,
    baseEnv: NodeJS.ProcessEnv = process.env,
  ): Promise<OpenGitResult> {
    const env = gitReadEnv(baseEnv);
    const fixed = await readSettingArgs(baseEnv);
    const result = await spawnGit(
      [
        ...fixed,
        'rev-parse',
        '--path-format=absolute',
        '--show-toplevel',
        '--git-dir',
        '--git-common-dir',
        '--show-prefix',
      ],
      { cwd: root, env },
    );
    if (result.code !== 0) {
      if (/not a git repository/iu.test(result.stderr)) return { kind: 'not-a-repository', root };
      if (/must be run in a work tree/iu.test(result.stderr))
        return { kind: 'not-a-repository', root };
      if (/cannot use bare repository/iu.test(result.stderr))
        return { kind: 'not-a-repository', root, why: 'it is inside a bare repository' };
      throw new GitReadError(`git could not read this repository: ${result.stderr.trim()}`);
    }
    const [top = '', gitDir = '', commonDir = '', prefix = ''] = result.stdout
      .toString('utf8')
      .split('\n');
    const problem = await repositoryShapeProblem({ top, gitDir, commonDir });
    if (problem) return { kind: 'not-a-repository', root, why: problem };
    return {
      kind: 'repository',
      reader: new GitReader(root, { top, gitDir, commonDir, prefix }, env, fixed),
    };
  }

  /** The `-c` pairs that switch off everything the repository's config would run. */
  settings(): Promise<string[]> {
    this.overrides ??= readOverrides(this.root, this.env, this.fixed);
    return this.overrides;
  }

  /** Runs a read with every executing setting switched off; a non-zero exit throws. */
  async run(args: readonly string[], options: { allowFailure?: boolean } = {}): Promise<GitResult> {
    const result = await spawnGit([...(await this.settings()), ...args], {
      cwd: this.root,
      env: this.env,
    });
    if (result.code !== 0 && !options.allowFailure)
      throw new GitReadError(
        `git ${args[0] ?? ''} failed: ${result.stderr.trim() || `exit ${result.code}`}`,
      );
    return result;
  }

  /** The commit HEAD names, or null in a repository without commits. */
  async headCommit(): Promise<string | null> {
    const result = await this.run(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], {
      allowFailure: true,
    });
    return result.code === 0 ? result.stdout.toString('utf8').trim() : null;
  }

  /** The current branch's short name, or null when HEAD is detached. */
  async branch(): Promise<string | null> {
    const result = await this.run(['symbolic-ref', '--quiet', '--short', 'HEAD'], {
      allowFailure: true,
    });
    return result.code === 0 ? result.stdout.toString('utf8').trim() : null;
  }

  /**
   * Every file under the project root whose working copy differs from HEAD or the index, and
   * every untracked file (ignored ones left out). Submodules are not entered: their own
   * config would be read by a nested git.
   */
  async status(): Promise<GitStatusEntry[]> {
    const result = await this.run([
      'status',
      '--porcelain=v2',
      '-z',
      '--untracked-files=all',
      '--ignore-submodules=all',
      '--no-renames',
      '--',
      '.',
    ]);
    const entries: GitStatusEntry[] = [];
    for (const record of result.stdout.toString('utf8').split('\0')) {
      if (!record) continue;
      const kind = record[0];
      if (kind === '?') {
        this.push(entries, record.slice(2), 'untracked');
        continue;
      }
      if (kind !== '1' && kind !== 'u') continue;
      // "1 XY sub mH mI mW hH hI path" / "u XY sub m1 m2 m3 mW h1 h2 h3 path"
      const fields = kind === '1' ? 8 : 10;
      const parts = record.split(' ');
      const file = parts.slice(fields).join(' ');
      const xy = parts[1] ?? '..';
      const state: GitFileState =
        kind === 'u'
          ? 'conflicted'
          : xy.includes('D')
            ? 'deleted'
            : xy[0] === 'A'
              ? 'added'
              : 'modified';
      this.push(entries, file, state);
    }
    return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  /** HEAD's bytes of a project-relative file, exactly as stored (no filter), or null if absent. */
  headBytes(relative: string): Promise<Buffer | null> {
    return this.bytesAt('HEAD', relative);
  }

  /** A commit's bytes of a project-relative file, exactly as stored, or null if absent. */
  async bytesAt(commit: string, relative: string): Promise<Buffer | null> {
    const spec = `${commit}:${this.info.prefix}${relative}`;
    const type = await this.run(['cat-file', '-t', spec], { allowFailure: true });
    if (type.code !== 0 || type.stdout.toString('utf8').trim() !== 'blob') return null;
    return (await this.run(['cat-file', 'blob', spec])).stdout;
  }

  /**
   * Project-relative paths that differ between `from` and `to` (a commit), or between `from`
   * and the working tree when `to` is absent (untracked files not included).
   */
  async changedPaths(from: string, to?: string): Promise<string[]> {
    const diff = await this.run(['diff', ...NAMES_ONLY, from, ...(to ? [to] : []), '--', '.']);
    const { prefix } = this.info;
    return diff.stdout
      .toString('utf8')
      .split('\0')
      .filter((name) => name && name.startsWith(prefix))
      .map((name) => name.slice(prefix.length));
  }

  /** Project-relative paths whose staged (index) copy differs from HEAD. */
  async stagedPaths(): Promise<string[]> {
    const entries: GitStatusEntry[] = [];
    for (const name of await this.stagedNames('.')) this.push(entries, name, 'modified');
    return entries.map((e) => e.path);
  }

  /** Top-relative paths staged anywhere in the repository (not only under the project). */
  stagedAnywhere(): Promise<string[]> {
    return this.stagedNames(':(top)');
  }

  private async stagedNames(pathspec: string): Promise<string[]> {
    // Names only: no content is compared through a diff driver, and the working tree is not read.
    const result = await this.run(['diff', '--cached', ...NAMES_ONLY, '--', pathspec]);
    return result.stdout.toString('utf8').split('\0').filter(Boolean);
  }

  /** The index's (staged) bytes of a project-relative file, as stored, or null if not staged. */
  async indexBytes(relative: string): Promise<Buffer | null> {
    const spec = `:0:${this.info.prefix}${relative}`;
    const type = await this.run(['cat-file', '-t', spec], { allowFailure: true });
    if (type.code !== 0 || type.stdout.toString('utf8').trim() !== 'blob') return null;
    return (await this.run(['cat-file', 'blob', spec])).stdout;
  }

  /** Newest first, at most `limit`; only commits touching `relative` when given. */
  async log(options: { limit?: number; path?: string } = {}): Promise<GitCommit[]> {
    if ((await this.headCommit()) === null) return [];
    const limit = Math.max(1, Math.min(options.limit ?? 50, 1000));
    const result = await this.run([
      'log',
      '--no-show-signature',
      '--no-ext-diff',
      '--no-textconv',
      `--max-count=${limit}`,
      '-z',
      '--format=%H%x1f%an%x1f%ae%x1f%at%x1f%s',
      ...(options.path !== undefined ? ['--', options.path] : []),
    ]);
    return result.stdout
      .toString('utf8')
      .split('\0')
      .filter(Boolean)
      .map((record) => {
        const [hash = '', author = '', email = '', at = '0', subject = ''] = record.split('\x1f');
        return { hash, author, email, date: Number(at) * 1000, subject };
      });
  }

  /** Who last changed each line of `relative` as of HEAD (the working copy is not read). */
  async blame(relative: string): Promise<BlameLine[]> {
    const result = await this.run([
      'blame',
      '--porcelain',
      '--no-textconv',
      'HEAD',
      '--',
      relative,
    ]);
    const lines: BlameLine[] = [];
    const authors = new Map<string, string>();
    let current: { hash: string; line: number } | null = null;
    for (const row of result.stdout.toString('utf8').split('\n')) {
      const header = /^([0-9a-f]{40,64}) \d+ (\d+)/u.exec(row);
      if (header) {
        current = { hash: header[1] ?? '', line: Number(header[2]) };
        continue;
      }
      if (!current) continue;
      if (row.startsWith('author ')) authors.set(current.hash, row.slice(7));
      else if (row.startsWith('\t')) {
        lines.push({
          line: current.line,
          hash: current.hash,
          author: authors.get(current.hash) ?? '',
          text: row.slice(1),
        });
        current = null;
      }
    }
    return lines;
  }

  private push(entries: GitStatusEntry[], topRelative: string, state: GitFileState): void {
    const { prefix } = this.info;
    if (!topRelative.startsWith(prefix)) return;
    entries.push({ path: topRelative.slice(prefix.length).split(path.sep).join('/'), state });
  }
}
