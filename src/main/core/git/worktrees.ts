// A git worktree per task: a new branch `sluice/<name>` checked out in Sluice's data folder,
// SLUICE_HOME/worktrees/<project id>/<name>, which a conversation then opens as its project
// (tools, index, evidence and commands see only it). Creating and removing one are Sluice's
// own writes (own-git.ts: no hook, filter or fsmonitor of the repository runs, since nobody
// asked for one); a merge is the person's (sandboxed-git.ts: their hooks, confined); listing is a
// read that runs nothing.
import { mkdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { projectIdFor } from '../store/project-id';
import type { GitReader } from './git-reader';
import type { GitWriter } from './git-process';
import { gitOutput } from './sandboxed-git';
import { linkSharedDependencies } from './worktree-dependencies';

export const WORKTREE_BRANCH_PREFIX = 'sluice/';
/** A worktree's name: one word git takes in a branch name. */
export const WORKTREE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/u;

export class WorktreeError extends Error {
  override readonly name = 'WorktreeError';
}

/** Where a project's worktrees live. */
export function worktreesFolder(home: string, projectRoot: string): string {
  return path.join(home, 'worktrees', projectIdFor(projectRoot));
}

/** A name the person gave, checked; or one made from the time. */
export function worktreeName(given: string | undefined, now: Date = new Date()): string {
  if (given === undefined || given === '')
    return `task-${now.toISOString().slice(0, 19).replace(/[-:]/gu, '').replace('T', '-')}`;
  if (!WORKTREE_NAME.test(given) || given.endsWith('.lock') || given.includes('..'))
    throw new WorktreeError(
      `"${given}" cannot name a worktree: use 1-64 letters, digits, ".", "_" or "-", starting with a letter or digit.`,
    );
  return given;
}

export interface SluiceWorktree {
  readonly name: string;
  readonly path: string;
  readonly branch: string;
  /** The commit checked out there. */
  readonly head: string;
}

/** Creates the worktree on a new branch from HEAD; the git output (hooks included) comes back. */
export async function createWorktree(
  git: GitWriter,
  args: {
    home: string;
    projectRoot: string;
    name: string;
    /** The project's folder inside its repository ("" or ending in "/"). */
    prefix?: string;
  },
): Promise<SluiceWorktree & { output: string; sharedDependencies: string[] }> {
  const folder = worktreesFolder(args.home, args.projectRoot);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const dir = path.join(folder, args.name);
  const branch = `${WORKTREE_BRANCH_PREFIX}${args.name}`;
  const result = await git.run(['worktree', 'add', '-b', branch, dir, 'HEAD']);
  if (result.code !== 0)
    throw new WorktreeError(
      `git worktree add failed: ${gitOutput(result) || `exit ${result.code}`}`,
    );
  const head = await git.run(['rev-parse', `refs/heads/${branch}`]);
  const shared = await linkSharedDependencies(
    git,
    args.projectRoot,
    path.join(dir, args.prefix ?? ''),
  );
  return {
    name: args.name,
    path: dir,
    branch,
    head: head.stdout.toString('utf8').trim(),
    output: gitOutput(result),
    sharedDependencies: shared,
  };
}

/** The project's Sluice worktrees (those in its folder under SLUICE_HOME), by git's own list. */
export async function listWorktrees(
  reader: GitReader,
  home: string,
  projectRoot: string,
): Promise<SluiceWorktree[]> {
  let folder = worktreesFolder(home, projectRoot);
  folder = await realpath(folder).catch(() => folder);
  const result = await reader.run(['worktree', 'list', '--porcelain', '-z']);
  const found: SluiceWorktree[] = [];
  let current: { path?: string; head?: string; branch?: string } = {};
  const flush = () => {
    if (current.path && path.dirname(current.path) === folder)
      found.push({
        name: path.basename(current.path),
        path: current.path,
        branch: (current.branch ?? '').replace(/^refs\/heads\//u, ''),
        head: current.head ?? '',
      });
    current = {};
  };
  for (const field of result.stdout.toString('utf8').split('\0')) {
    if (field === '') {
      flush();
      continue;
    }
    if (field.startsWith('worktree ')) current.path = field.slice(9);
    else if (field.startsWith('HEAD ')) current.head = field.slice(5);
    else if (field.startsWith('branch ')) current.branch = field.slice(7);
  }
  flush();
  return found;
}

export async function findWorktree(
  reader: GitReader,
  home: string,
  projectRoot: string,
  name: string,
): Promise<SluiceWorktree> {
  const all = await listWorktrees(reader, home, projectRoot);
  const found = all.find((w) => w.name === name);
  if (!found)
    throw new WorktreeError(
      `there is no Sluice worktree "${name}" for this project (${all.length ? `there are: ${all.map((w) => w.name).join(', ')}` : 'there are none'}).`,
    );
  return found;
}

export interface WorktreeOrigin {
  readonly name: string;
  readonly branch: string;
  /** The person's project the worktree was made from (the same folder in the main work tree). */
  readonly mainRoot: string;
}

/**
 * When `reader`'s work tree is one of Sluice's worktrees (SLUICE_HOME/worktrees/<id>/<name>,
 * <id> being the project it was made from), that project and the branch; otherwise null.
 */
export async function worktreeOrigin(
  reader: GitReader,
  home: string,
): Promise<WorktreeOrigin | null> {
  const top = reader.info.top;
  const base = path.join(home, 'worktrees');
  const realBase = await realpath(base).catch(() => base);
  if (path.dirname(path.dirname(top)) !== realBase) return null;
  // git lists the main work tree first.
  const listed = await reader.run(['worktree', 'list', '--porcelain', '-z']);
  const first = listed.stdout
    .toString('utf8')
    .split('\0')
    .find((field) => field.startsWith('worktree '));
  if (!first) return null;
  const mainRoot = path.join(first.slice(9), reader.info.prefix).replace(/\/$/u, '');
  if (path.basename(path.dirname(top)) !== projectIdFor(mainRoot)) return null;
  const branch = await reader.branch();
  return { name: path.basename(top), branch: branch ?? '', mainRoot };
}
