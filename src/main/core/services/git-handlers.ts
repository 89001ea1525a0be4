// The contract's `git` service (issue 32) for the open project: the Changes view's list (the
// working tree against HEAD, Sluice's and the person's changes marked), revert to HEAD through
// the project's approval broker (the review modal asks, and the write is a checkpoint), a
// drafted commit message, and the person's own commit of every tracked change.
import type Anthropic from '@anthropic-ai/sdk';
import type { ServiceHandlers } from '../../../shared/contract/define';
import type { gitService } from '../../../shared/contract/git-service';
import type { ApprovalPort } from '../approvals/approval-port';
import type { CheckpointStore } from '../checkpoints/checkpoint-store';
import { diffForCommit, draftCommitMessage, makeCommit } from '../git/commit-changes';
import { GitReader, notARepositoryMessage } from '../git/git-reader';
import { createPersonGit } from '../git/person-git';
import { revertToHead } from '../git/revert-to-head';
import { readWorkingChanges } from '../git/working-changes';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import type { Workspace } from '../workspace/workspace';

export interface GitHandlersDeps {
  currentProject(): {
    workspace: Workspace;
    approvals: ApprovalPort;
    checkpoints: CheckpointStore;
    symbolIndex?: SymbolIndexPort;
  };
  createClient(): Anthropic;
  model(): string;
  env: NodeJS.ProcessEnv;
  /** `checkpoints.changed` after a revert was written. */
  emitCheckpointsChanged?(payload: { conversationId: string | null }): void;
}

export type GitHandlers = ServiceHandlers<typeof gitService>;

export class NotARepositoryError extends Error {
  override readonly name = 'NotARepositoryError';
}

export function createGitHandlers(deps: GitHandlersDeps): GitHandlers {
  const reader = async (consequence: string): Promise<GitReader> => {
    const opened = await GitReader.open(deps.currentProject().workspace.root, deps.env);
    if (opened.kind === 'not-a-repository')
      throw new NotARepositoryError(notARepositoryMessage(consequence));
    return opened.reader;
  };
  return {
    async changes() {
      const project = deps.currentProject();
      const opened = await GitReader.open(project.workspace.root, deps.env);
      if (opened.kind === 'not-a-repository')
        return {
          repository: false,
          message: notARepositoryMessage('there are no changes against HEAD to show.'),
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
      const result = await revertToHead(
        git,
        {
          workspace: project.workspace,
          signal: new AbortController().signal,
          approvals: project.approvals,
          ...(project.symbolIndex ? { symbolIndex: project.symbolIndex } : {}),
        },
        { path, hunkIds },
      );
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
    async commit({ message }) {
      await reader('there is nothing to commit to.');
      const root = deps.currentProject().workspace.root;
      const result = await makeCommit(createPersonGit(root, deps.env), {
        scope: { kind: 'all' },
        message,
      });
      return { ok: result.ok, commit: result.commit, output: result.output };
    },
  };
}
