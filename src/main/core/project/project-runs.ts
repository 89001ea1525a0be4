// Starting a background run of an open project, the same way from every shell (the app's
// "Run in background" and Refine, `sluice ask --mode propose`): what the person allowed is
// checked, the executor is set up (a container when asked for, its devcontainer build only
// when approved), and the run gets the project's index and checks for its evidence.
import type Anthropic from '@anthropic-ai/sdk';
import type { BuildApprovalRequest } from '../runs/container-image';
import { parseAllowedCommands } from '../runs/background-command-gate';
import { setUpContainerExecutor } from '../runs/container-run-setup';
import type { RunExecutor } from '../commands/run-executor';
import type { BackgroundRunOptions } from '../proposals/background-run';
import {
  startProposalRun,
  type ProposalRunRequest,
  type StartedProposalRun,
} from '../proposals/run-proposal';
import { defaultParallel } from '../runs/run-queue';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import type { ProjectDiagnostics } from '../diagnostics/project-diagnostics';
import type { ProjectTests } from '../test-runs/project-tests';
import type { ProposalHooks } from '../hooks/proposal-hooks';
import { worktreeOfRoot } from '../git/worktree-of-root';
import { readBackgroundRun } from '../store/background-run-repository';
import type { WritableDb } from '../store/database-handles';
import { createSettingsRepository } from '../store/settings-repository';
import type { Workspace } from '../workspace/workspace';

export interface RunStart extends ProposalRunRequest {
  readonly model: string;
  readonly maxRounds?: number | undefined;
  readonly timeoutMs?: number | undefined;
  /** `local` (a private copy) or `container` (the copy in a container). */
  readonly executor?: 'local' | 'container' | undefined;
  /** `--image` for a container run. */
  readonly image?: string | undefined;
  /** Runs at once for this start (`--parallel`); default the setting, else half the cores. */
  readonly parallel?: number | undefined;
  /** Asks whether to build the devcontainer as shown; absent, an unapproved build is refused. */
  readonly askBuild?: ((request: BuildApprovalRequest) => Promise<boolean>) | undefined;
}

export interface RunStartDeps {
  readonly db: WritableDb;
  readonly home: string;
  readonly workspace: Workspace;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly createClient: () => Anthropic;
  readonly symbolIndex?: SymbolIndexPort | undefined;
  readonly diagnostics?: ProjectDiagnostics | undefined;
  readonly tests?: ProjectTests | undefined;
  /** The person's hooks on write tools, run on the set's final state. */
  readonly hooks?: ProposalHooks | undefined;
  /** Tests: this machine's sandbox and copy support. */
  readonly background?: Pick<BackgroundRunOptions, 'sandbox' | 'copySupport' | 'queuePollMs'>;
}

/**
 * Starts the run; throws AllowedCommandError for a command the person allowed that cannot be
 * allowed, ContainerSetupError when the container cannot be set up, ProposalRefusedError
 * when the request itself is refused.
 */
export async function startProjectRun(
  deps: RunStartDeps,
  request: RunStart,
): Promise<StartedProposalRun> {
  // A refine keeps what the person allowed when starting the set it refines.
  const refined = request.refines ? readBackgroundRun(deps.db, request.refines) : null;
  const allowCommands = request.allowCommands ?? refined?.allowedCommands ?? [];
  const allowNetwork = request.allowNetwork ?? refined?.allowNetwork ?? false;
  await parseAllowedCommands(allowCommands, deps.workspace.root);
  const settings = createSettingsRepository(deps.db).read().settings;
  let executor: RunExecutor | undefined;
  if (request.executor === 'container')
    executor = await setUpContainerExecutor({
      db: deps.db,
      home: deps.home,
      root: deps.workspace.root,
      env: deps.env as NodeJS.ProcessEnv,
      image: request.image,
      settingImage: settings.backgroundImage,
      askBuild: request.askBuild,
    });
  return startProposalRun(
    {
      db: deps.db,
      workspace: deps.workspace,
      createClient: deps.createClient,
      model: request.model,
      maxRounds: request.maxRounds,
      ...(request.timeoutMs !== undefined ? { timeoutMs: request.timeoutMs } : {}),
      symbolIndex: deps.symbolIndex,
      diagnostics: deps.diagnostics,
      tests: deps.tests,
      hooks: deps.hooks,
      worktree: worktreeOfRoot(deps.home, deps.workspace.root),
      background: {
        home: deps.home,
        parallel: request.parallel ?? settings.backgroundParallel ?? defaultParallel(),
        ...deps.background,
        ...(executor ? { executor } : {}),
      },
    },
    {
      prompt: request.prompt,
      conversationId: request.conversationId,
      refines: request.refines,
      allowCommands,
      allowNetwork,
    },
  );
}
