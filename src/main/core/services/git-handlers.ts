// The contract's `git` service for the open project: the Changes view's list (the
// working tree against HEAD, Sluice's and the person's changes marked), revert to HEAD through
// the project's approval broker (the review modal asks, and the write is a checkpoint), a
// drafted commit message, and the person's own commit of every tracked change.
import type { ServiceHandlers } from '../../../shared/contract/define';
import type { gitService } from '../../../shared/contract/git-service';
import { diffForCommit, draftCommitMessage, makeCommit } from '../git/commit-changes';
import { GitReader, notARepositoryMessage } from '../git/git-reader';
import { createOwnGit } from '../git/own-git';
import { commitPicks } from '../git/commit-picks';
import { commitEvidence } from '../git/commit-evidence';
import { notCheckedEvidence } from '../diagnostics/project-diagnostics';
import { createPersonGit } from '../git/sandboxed-git';
import { revertToHead } from '../git/revert-to-head';
import { readWorkingChanges } from '../git/working-changes';
import { personWriteContext, projectRepository, type GitHandlersDeps } from './git-handlers-deps';
import {
  finishWorktree,
  newWorktree,
  projectWorktrees,
  worktreeMergePreview,
} from './git-worktree-handlers';

export { NotARepositoryError, type GitHandlersDeps } from './git-handlers-deps';

export type GitHandlers = ServiceHandlers<typeof gitService>;

export function createGitHandlers(deps: GitHandlersDeps): GitHandlers {
  const reader = (consequence: string): Promise<GitReader> => projectRepository(deps, consequence);
  return {
    async changes() {
      const project = deps.currentProject();
      const opened = await GitReader.open(project.workspace.root, deps.env);
      if (opened.kind === 'not-a-repository')
        return {
          repository: false,
          message: notARepositoryMessage('there are no changes against HEAD to show.', opened.why),
        };
      const files = await readWorkingChanges({
        reader: opened.reader,
        workspace: project.workspace,
        checkpoints: project.checkpoints,
      });
      return { repository: true, branch: await opened.reader.branch(), files };
    },
    async revert({ path, hunkIds }) {
      const git = await reader('there is no HEAD to revert to.');
      const project = deps.currentProject();
      const result = await revertToHead(git, personWriteContext(project), { path, hunkIds });
      if (result.outcome === 'reverted') deps.emitCheckpointsChanged?.({ conversationId: null });
      return result;
    },
    async draftCommitMessage() {
      const git = await reader('there is nothing to commit to.');
      const diff = await diffForCommit(git, deps.currentProject().workspace, { kind: 'all' });
      if (diff.paths.length === 0) return { message: '' };
      return {
        message: await draftCommitMessage({
          client: deps.createClient(),
          model: deps.model(),
          diff,
        }),
      };
    },
    async commit({ message, picks }) {
      const git = await reader('there is nothing to commit to.');
      const person = createPersonGit(git, { env: deps.env, hidden: [deps.home] });
      const result = picks
        ? await commitPicks({
            reader: git,
            workspace: deps.currentProject().workspace,
            own: createOwnGit(git, deps.env),
            person,
            picks,
            message,
          })
        : await makeCommit(person, { scope: { kind: 'all' }, message });
      return { ok: result.ok, commit: result.commit, output: result.output };
    },
    async commitEvidence({ picks }) {
      const git = await reader('there is nothing to commit to.');
      const project = deps.currentProject();
      if (!project.diagnostics)
        return notCheckedEvidence('this shell has no checkers for the project');
      return commitEvidence({
        reader: git,
        diagnostics: project.diagnostics,
        tests: project.tests,
        workspace: project.workspace,
        paths: picks.map((p) => p.path),
      });
    },
    commitEachTurn({ on }) {
      return { on: deps.commitEachTurn(on) };
    },
    worktrees: () => projectWorktrees(deps),
    newWorktree: async ({ name }) =>
      newWorktree(deps, await reader('a worktree cannot be made for it.'), name),
    mergePreview: async ({ name }) =>
      worktreeMergePreview(deps, await reader('it has no worktrees.'), name),
    finishWorktree: async (request) =>
      finishWorktree(deps, await reader('it has no worktrees.'), request),
  };
}
