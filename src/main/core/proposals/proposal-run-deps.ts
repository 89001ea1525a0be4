// What a propose run is given: the project's store and files, the model, its checks, and
// (for a background run) the private copy its commands run in.
import type Anthropic from '@anthropic-ai/sdk';
import type { ProjectDiagnostics } from '../diagnostics/project-diagnostics';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import type { ConversationWorktree } from '../store/conversation-repository';
import type { WritableDb } from '../store/database-handles';
import type { ProjectTests } from '../test-runs/project-tests';
import type { ProposalHooks } from '../hooks/proposal-hooks';
import type { ToolDefinition } from '../tools/tool';
import type { Workspace } from '../workspace/workspace';
import type { BackgroundRunOptions } from './background-run';

export interface ProposalRunDeps {
  readonly db: WritableDb;
  readonly workspace: Workspace;
  readonly createClient: () => Anthropic;
  readonly model: string;
  readonly maxRounds?: number | undefined;
  readonly timeoutMs?: number | undefined;
  /** The project's index (the app's); absent: an in-memory one is built on first use. */
  readonly symbolIndex?: SymbolIndexPort | undefined;
  /** Evidence for each edit and for the finished set; absent: nothing is checked. */
  readonly diagnostics?: ProjectDiagnostics | undefined;
  /** How long the set's final check may take; default BACKGROUND_DEADLINE_MS. */
  readonly finalCheckDeadlineMs?: number | undefined;
  /**
   * Tests before approval: the set's final state gets the same verdict a live
   * proposal does, stored with its evidence; absent: no test run.
   */
  readonly tests?: ProjectTests | undefined;
  /** How long the set's final test run may take before it is stored as still running. */
  readonly finalTestDeadlineMs?: number | undefined;
  /**
   * The person's hooks on write tools: the set's final state is shown to them as tests are (the
   * same deadline), in a private copy; absent: no hook runs.
   */
  readonly hooks?: ProposalHooks | undefined;
  /** The registry to pick propose tools from (tests inject). */
  readonly baseTools?: readonly ToolDefinition[] | undefined;
  readonly maxTokens?: number | undefined;
  readonly now?: () => number;
  /**
   * A private copy of the project for the run, with commands and the queue.
   * Absent: the run only reads and proposes, in memory, as before.
   */
  readonly background?: Omit<BackgroundRunOptions, 'allowCommands' | 'allowNetwork'> | undefined;
  /** The Sluice worktree the project is, recorded with a conversation the run starts. */
  readonly worktree?: ConversationWorktree | null | undefined;
}
