// The `git` service's worktree methods: list the project's Sluice worktrees as the project would
// be opened there, start a new chat in one, preview a merge, and finish one from the main
// project (merge its branch, apply its files through the review, or remove it).
import path from 'node:path';
import type { GitWorktrees, WorktreeFinish } from '../../../shared/contract/git-service';
import { GitReader, notARepositoryMessage } from '../git/git-reader';
import { mergePreview } from '../git/merge-preview';
import { createOwnGit } from '../git/own-git';
import { createPersonGit } from '../git/sandboxed-git';
import { applyWorktreeFiles, worktreeChangedPaths } from '../git/worktree-apply';
import { mergeWorktreeChecked, removeWorktreeChecked } from '../git/worktree-finish';
import { worktreeState } from '../git/worktree-state';
import {
  createWorktree,
  findWorktree,
  listWorktrees,
  worktreeName,
  worktreeOrigin,
  WorktreeError,
  type SluiceWorktree,
} from '../git/worktrees';
import { Workspace } from '../workspace/workspace';
import { personWriteContext, type GitHandlersDeps, type GitProject } from './git-handlers-deps';
import { plural } from '../../../shared/plural';

export async function projectWorktrees(deps: GitHandlersDeps): Promise<GitWorktrees> {
  const root = deps.currentProject().workspace.root;
  const opened = await GitReader.open(root, deps.env);
  if (opened.kind === 'not-a-repository')
    return {
      repository: false,
      message: notARepositoryMessage('it has no worktrees.', opened.why),
    };
  const current = await worktreeOrigin(opened.reader, deps.home);
  const listed = await listWorktrees(opened.reader, deps.home, current?.mainRoot ?? root);
  // Each one as the project would be opened there: the same folder inside it.
  const prefix = opened.reader.info.prefix;
  const worktrees = [];
  for (const w of listed) {
    const at = prefix ? path.join(w.path, prefix).replace(/\/$/u, '') : w.path;
    const state = await worktreeState(opened.reader, w, deps.env);
    const newest = deps.conversationsIn?.(at)[0];
    worktrees.push({
      ...w,
      path: at,
      ahead: state.ahead,
      behind: state.behind,
      base: state.base,
      uncommitted: state.uncommitted,
      uncommittedCount: state.uncommittedCount,
      lastActivity: state.lastActivity,
      conversation: newest ? { id: newest.id, title: newest.title } : null,
    });
  }
  return { repository: true, current, worktrees };
}

export async function newWorktree(
  deps: GitHandlersDeps,
  git: GitReader,
  name: string | undefined,
): Promise<{ name: string; branch: string; root: string; output: string }> {
  const root = deps.currentProject().workspace.root;
  if (await worktreeOrigin(git, deps.home))
    throw new WorktreeError(
      'This project is already a Sluice worktree: open the main project to start another.',
    );
  if ((await git.headCommit()) === null)
    throw new WorktreeError('A worktree needs a commit to branch from; there is none yet.');
  const made = await createWorktree(createOwnGit(git, deps.env), {
    home: deps.home,
    projectRoot: root,
    name: worktreeName(name),
    prefix: git.info.prefix,
  });
  const inside = path.join(made.path, git.info.prefix);
  await deps.openProject(inside);
  return { name: made.name, branch: made.branch, root: inside, output: made.output };
}

export async function worktreeMergePreview(deps: GitHandlersDeps, git: GitReader, name: string) {
  const project = deps.currentProject();
  const worktree = await findWorktree(git, deps.home, project.workspace.root, name);
  const preview = await mergePreview({
    main: git,
    branch: worktree.branch,
    diagnostics: project.diagnostics,
  });
  return { branch: worktree.branch, ...preview };
}

/** One way to finish a worktree, from the main project. */
interface Finishing {
  deps: GitHandlersDeps;
  git: GitReader;
  project: GitProject;
  worktree: SluiceWorktree;
  name: string;
}

export async function finishWorktree(
  deps: GitHandlersDeps,
  git: GitReader,
  request: { name: string; how: 'merge' | 'apply' | 'remove'; force?: boolean },
): Promise<WorktreeFinish> {
  const project = deps.currentProject();
  if (await worktreeOrigin(git, deps.home))
    throw new WorktreeError(
      'This project is a Sluice worktree: open the main project to merge, apply or remove it.',
    );
  const worktree = await findWorktree(git, deps.home, project.workspace.root, request.name);
  const finishing: Finishing = { deps, git, project, worktree, name: request.name };
  if (request.how === 'merge') return mergeWorktree(finishing);
  if (request.how === 'remove') return removeWorktree(finishing, request.force ?? false);
  return applyWorktree(finishing);
}

async function mergeWorktree({ deps, git, project, worktree }: Finishing): Promise<WorktreeFinish> {
  const person = createPersonGit(git, { env: deps.env, hidden: [deps.home] });
  const result = await mergeWorktreeChecked({
    main: git,
    git: person,
    worktree,
    env: deps.env,
    record: (checkpoint) => project.checkpoints.record(checkpoint),
  });
  if (result.kind === 'merged' && result.checkpoints.length)
    deps.emitCheckpointsChanged?.({ conversationId: null });
  return {
    ok: result.kind === 'merged',
    output: result.kind === 'merged' || result.kind === 'failed' ? result.output : '',
    files: [],
    message:
      result.kind === 'merged'
        ? `Merged ${worktree.branch} as ${result.commit.slice(0, 12)}; its ${plural(result.checkpoints.length, 'file')} here are checkpoints you can undo.`
        : result.kind === 'failed'
          ? `git merge exited ${result.exitCode}; the merge was aborted and nothing changed.`
          : result.kind === 'declined'
            ? 'Nothing was merged.'
            : result.message,
  };
}

async function removeWorktree(
  { deps, git, worktree, name }: Finishing,
  force: boolean,
): Promise<WorktreeFinish> {
  const result = await removeWorktreeChecked({
    main: git,
    git: createOwnGit(git, deps.env),
    worktree,
    env: deps.env,
    force,
  });
  return {
    ok: result.kind === 'removed',
    output: result.kind === 'refused' ? '' : result.output,
    files: [],
    message:
      result.kind === 'refused'
        ? result.message
        : result.kind === 'failed'
          ? `Worktree ${name} was not removed (git's reason is in its output).`
          : result.branchDeleted
            ? `Removed worktree ${name} and its branch ${worktree.branch}.`
            : `Removed worktree ${name}; branch ${worktree.branch} is kept because git does not call it merged.`,
  };
}

async function applyWorktree({
  deps,
  git,
  project,
  worktree,
  name,
}: Finishing): Promise<WorktreeFinish> {
  const inWorktree = await GitReader.open(path.join(worktree.path, git.info.prefix), deps.env);
  if (inWorktree.kind !== 'repository')
    throw new WorktreeError(`Worktree ${name} is not a git work tree any more.`);
  const base = await git.headCommit();
  if (base === null) throw new WorktreeError('The project has no commit to compare with.');
  const paths = await worktreeChangedPaths(inWorktree.reader, base);
  const files = await applyWorktreeFiles({
    paths,
    worktree: await Workspace.open(inWorktree.reader.root),
    name,
    ctx: personWriteContext(project),
  });
  if (files.some((f) => f.outcome === 'applied'))
    deps.emitCheckpointsChanged?.({ conversationId: null });
  return {
    ok: files.every((f) => f.outcome === 'applied' || f.outcome === 'same'),
    output: '',
    files,
    message:
      paths.length === 0
        ? `Worktree ${name} has no changes against this project's HEAD.`
        : `${files.filter((f) => f.outcome === 'applied').length} of ${plural(paths.length, 'file')} applied.`,
  };
}
