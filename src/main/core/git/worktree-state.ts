// Where a Sluice worktree stands against the project it was made from: commits its branch has
// that the project's current branch lacks (ahead) and the other way (behind), its uncommitted
// files, and when it last changed. Everything is a read that runs nothing (git-reader.ts). What
// `worktrees list`, the sidebar, `merge` and `remove` say comes from here, so none of them
// calls a worktree clean, or a merge done, when it is not.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { GitReader } from './git-reader';
import type { SluiceWorktree } from './worktrees';

/** Uncommitted files named at most; the count is always whole. */
const NAMED = 50;

export interface WorktreeState {
  /** The project's current branch (null: HEAD detached). */
  readonly base: string | null;
  readonly ahead: number;
  readonly behind: number;
  /** Project-relative paths of uncommitted (and untracked) files, at most NAMED. */
  readonly uncommitted: string[];
  readonly uncommittedCount: number;
  /** Subjects of the commits not merged into the base, newest first, at most 10. */
  readonly unmerged: string[];
  /** The newest of its branch's last commit and its uncommitted files' changes (ms). */
  readonly lastActivity: number | null;
  /** Set when the worktree folder is gone or no longer a work tree. */
  readonly missing?: string;
}

export async function worktreeState(
  main: GitReader,
  worktree: SluiceWorktree,
  env: NodeJS.ProcessEnv,
): Promise<WorktreeState> {
  const base = await main.branch();
  const ref = `refs/heads/${worktree.branch}`;
  const counted = await main.run(['rev-list', '--left-right', '--count', `HEAD...${ref}`], {
    allowFailure: true,
  });
  const [behind = 0, ahead = 0] = counted.stdout.toString('utf8').trim().split(/\s+/u).map(Number);
  const log = await main.run(['log', '--no-show-signature', '-z', '--format=%ct%x1f%s', ref], {
    allowFailure: true,
  });
  const commits = log.stdout.toString('utf8').split('\0').filter(Boolean);
  const unmerged = commits.slice(0, Math.min(ahead, 10)).map((c) => c.split('\x1f')[1] ?? '');
  let lastActivity = commits[0] ? Number(commits[0].split('\x1f')[0]) * 1000 : null;
  const at = path.join(worktree.path, main.info.prefix);
  const opened = await GitReader.open(at, env).catch(() => null);
  if (opened?.kind !== 'repository')
    return {
      base,
      ahead,
      behind,
      uncommitted: [],
      uncommittedCount: 0,
      unmerged,
      lastActivity,
      missing: `its folder ${worktree.path} is gone or no longer a git work tree`,
    };
  const status = await opened.reader.status();
  for (const entry of status.slice(0, NAMED)) {
    const changed = await stat(path.join(at, entry.path)).catch(() => null);
    if (changed && changed.mtimeMs > (lastActivity ?? 0)) lastActivity = changed.mtimeMs;
  }
  return {
    base,
    ahead,
    behind,
    uncommitted: status.slice(0, NAMED).map((e) => e.path),
    uncommittedCount: status.length,
    unmerged,
    lastActivity,
  };
}

/** "3 uncommitted files (a.ts, c.ts, d.ts)" / "2 commits not merged into main", or "". */
export function describeUnfinished(state: WorktreeState): string {
  const parts: string[] = [];
  if (state.uncommittedCount > 0) {
    const shown = state.uncommitted.slice(0, 5).join(', ');
    const more = state.uncommittedCount > 5 ? `, and ${state.uncommittedCount - 5} more` : '';
    parts.push(
      `${state.uncommittedCount} uncommitted file${state.uncommittedCount === 1 ? '' : 's'} (${shown}${more})`,
    );
  }
  if (state.ahead > 0)
    parts.push(
      `${state.ahead} commit${state.ahead === 1 ? '' : 's'} not merged into ${state.base ?? 'HEAD'}`,
    );
  return parts.join(' and ');
}
