// The contract's `git` service (issue 32) for the open project: the Changes view's list (the
// working tree against HEAD, Sluice's and the person's changes marked), revert to HEAD through
// the project's approval broker (the review modal asks, and the write is a checkpoint), a
// drafted commit message, and the person's own commit of every tracked change.
import path from 'node:path';
import type Anthropic from '@anthropic-ai/sdk';
import type { ServiceHandlers } from '../../../shared/contract/define';
import type { gitService } from '../../../shared/contract/git-service';
import type { ApprovalPort } from '../approvals/approval-port';
import type { CheckpointStore } from '../checkpoints/checkpoint-store';
import { diffForCommit, draftCommitMessage, makeCommit } from '../git/commit-changes';
import { GitReader, notARepositoryMessage } from '../git/git-reader';
import { createOwnGit } from '../git/own-git';
import { commitPicks } from '../git/commit-picks';
import { commitEvidence } from '../git/commit-evidence';
import { mergePreview } from '../git/merge-preview';
import type { ProjectTests } from '../test-runs/project-tests';
import type { DiagnosticsPort } from '../diagnostics/diagnostics-port';
import { notCheckedEvidence } from '../diagnostics/project-diagnostics';
import { mergeWorktreeChecked, removeWorktreeChecked } from '../git/worktree-finish';
import { worktreeState } from '../git/worktree-state';
import { createPersonGit } from '../git/sandboxed-git';
import { revertToHead } from '../git/revert-to-head';
import { readWorkingChanges } from '../git/working-changes';
import { applyWorktreeFiles, worktreeChangedPaths } from '../git/worktree-apply';
import {
  createWorktree,
  findWorktree,
  listWorktrees,
  worktreeName,
  worktreeOrigin,
  WorktreeError,
} from '../git/worktrees';
import { Workspace } from '../workspace/workspace';
import type { SymbolIndexPort } from '../index/symbol-index-port';

export interface GitHandlersDeps {
  currentProject(): {
    workspace: Workspace;
    approvals: ApprovalPort;
    checkpoints: CheckpointStore;
    symbolIndex?: SymbolIndexPort;
    /** The project's checkers (absent in a shell without them). */
    diagnostics?: DiagnosticsPort;
    /** The project's tests before approval (absent in a shell without them). */
    tests?: ProjectTests;
  };
  createClient(): Anthropic;
  model(): string;
  env: NodeJS.ProcessEnv;
  /** SLUICE_HOME: worktrees live in its `worktrees` folder. */
  home: string;
  /** Reads (and with `on`, sets) the open project's commit-each-turn setting. */
  commitEachTurn(on: boolean | undefined): boolean;
  /** Opens a folder as the project session (New chat in a worktree). */
  openProject(root: string): Promise<unknown>;
  /** `checkpoints.changed` after a revert was written. */
  emitCheckpointsChanged?(payload: { conversationId: string | null }): void;
  /** The conversations of a project folder (a worktree's), newest first. */
  conversationsIn?(root: string): readonly { id: string; title: string }[];
}

export type GitHandlers = ServiceHandlers<typeof gitService>;

export class NotARepositoryError extends Error {
  override readonly name = 'NotARepositoryError';
}

export function createGitHandlers(deps: GitHandlersDeps): GitHandlers {
  const reader = async (consequence: string): Promise<GitReader> => {
    const opened = await GitReader.open(deps.currentProject().workspace.root, deps.env);
    if (opened.kind === 'not-a-repository')
      throw new NotARepositoryError(notARepositoryMessage(consequence, opened.why));
    return opened.reader;
  };
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
    async worktrees() {
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
    },
    async newWorktree({ name }) {
      const git = await reader('a worktree cannot be made for it.');
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
    },
    async mergePreview({ name }) {
      const git = await reader('it has no worktrees.');
      const project = deps.currentProject();
      const worktree = await findWorktree(git, deps.home, project.workspace.root, name);
      const preview = await mergePreview({
        main: git,
        branch: worktree.branch,
        diagnostics: project.diagnostics,
      });
      return { branch: worktree.branch, ...preview };
    },
    async finishWorktree({ name, how, force }) {
      const git = await reader('it has no worktrees.');
      const project = deps.currentProject();
      if (await worktreeOrigin(git, deps.home))
        throw new WorktreeError(
          'This project is a Sluice worktree: open the main project to merge, apply or remove it.',
        );
      const worktree = await findWorktree(git, deps.home, project.workspace.root, name);
      if (how === 'merge') {
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
              ? `Merged ${worktree.branch} as ${result.commit.slice(0, 12)}; its ${result.checkpoints.length} file(s) here are checkpoints you can undo.`
              : result.kind === 'failed'
                ? `git merge exited ${result.exitCode}; the merge was aborted and nothing changed.`
                : result.kind === 'declined'
                  ? 'Nothing was merged.'
                  : result.message,
        };
      }
      if (how === 'remove') {
        const result = await removeWorktreeChecked({
          main: git,
          git: createOwnGit(git, deps.env),
          worktree,
          env: deps.env,
          force: force ?? false,
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
        ctx: {
          workspace: project.workspace,
          signal: new AbortController().signal,
          approvals: project.approvals,
          ...(project.symbolIndex ? { symbolIndex: project.symbolIndex } : {}),
        },
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
            : `${files.filter((f) => f.outcome === 'applied').length} of ${paths.length} file(s) applied.`,
      };
    },
  };
}
