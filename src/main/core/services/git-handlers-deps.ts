// What the contract's `git` service stands on: the open project and the shell's settings, the
// project's repository opened for a request (or a refusal that says why there is none), and the
// context a revert or an applied worktree writes through.
import type Anthropic from '@anthropic-ai/sdk';
import type { ApprovalPort } from '../approvals/approval-port';
import type { CheckpointStore } from '../checkpoints/checkpoint-store';
import type { DiagnosticsPort } from '../diagnostics/diagnostics-port';
import { GitReader, notARepositoryMessage } from '../git/git-reader';
import type { RevertContext } from '../git/revert-to-head';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import type { ProjectTests } from '../test-runs/project-tests';
import type { Workspace } from '../workspace/workspace';

export interface GitHandlersDeps {
  currentProject(): GitProject;
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

/** The open project as the `git` service sees it. */
export interface GitProject {
  workspace: Workspace;
  approvals: ApprovalPort;
  checkpoints: CheckpointStore;
  symbolIndex?: SymbolIndexPort;
  /** The project's checkers (absent in a shell without them). */
  diagnostics?: DiagnosticsPort;
  /** The project's tests before approval (absent in a shell without them). */
  tests?: ProjectTests;
}

export class NotARepositoryError extends Error {
  override readonly name = 'NotARepositoryError';
}

/** The open project's repository; `consequence` says what cannot happen without one. */
export async function projectRepository(
  deps: GitHandlersDeps,
  consequence: string,
): Promise<GitReader> {
  const opened = await GitReader.open(deps.currentProject().workspace.root, deps.env);
  if (opened.kind === 'not-a-repository')
    throw new NotARepositoryError(notARepositoryMessage(consequence, opened.why));
  return opened.reader;
}

/** The gate a write asked for by the person goes through: the project's broker, no turn. */
export function personWriteContext(project: GitProject): RevertContext {
  return {
    workspace: project.workspace,
    signal: new AbortController().signal,
    approvals: project.approvals,
    ...(project.symbolIndex ? { symbolIndex: project.symbolIndex } : {}),
  };
}
