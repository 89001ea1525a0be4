// Builds every contract handler over one app database: the composition the Electron app and
// browser mode (`sluice serve`) share, so both shells run the same engine with the same
// rules. Per project (on open): the symbol index, the approval broker with its audit and
// checkpoints, and the conversation runner whose tools reach the disk only through the
// workspace and the broker. The previous project's objects are shut down after the swap.
import type { SluiceHandlers } from '../../../shared/contract';
import { createAnthropicClient } from '../agent/anthropic-client';
import { DEFAULT_MODEL } from '../agent/model-catalog';
import { DEFAULT_MAX_ROUNDS } from '../agent/agent-loop';
import { openProjectEngine } from '../project/open-project-engine';
import { createConversationRepository } from '../store/conversation-repository';
import { createPolicyRepository } from '../store/policy-repository';
import { createProjectRepository } from '../store/project-repository';
import { createSettingsRepository } from '../store/settings-repository';
import { createTools } from '../tools';
import type { Workspace } from '../workspace/workspace';
import { createAppSettings, type AppSettings } from './app-settings';
import { createAppHandlers } from './app-handlers';
import { createProjectSession, type ProjectSession } from './project-session';
import { createProposalHandlers, type ProposalHandlers } from './proposal-handlers';
import { watchChangeSets } from '../proposals/change-set-watcher';
import { createMcpRepository } from '../mcp-client/mcp-repository';
import { sweepContainersIfAny } from '../runs/container-run-setup';
import { sweepBackgroundRuns } from '../runs/sweep-runs';

import type { AppServicesDeps, ProjectContext } from './app-services-deps';

export type { AppServicesDeps, ProjectContext };

export interface AppServices {
  readonly handlers: SluiceHandlers;
  readonly session: ProjectSession<ProjectContext>;
  readonly settings: AppSettings;
  /** Stops running turns, pending approvals and the index; call before closing the DB. */
  shutdown(): Promise<void>;
}

export function createAppServices(deps: AppServicesDeps): AppServices {
  const { db, emit } = deps;
  const projects = createProjectRepository(db);
  const conversations = createConversationRepository(db);
  const policies = createPolicyRepository(db);
  const settings = createAppSettings({
    repository: createSettingsRepository(db),
    secrets: deps.secrets,
    env: deps.env,
    defaults: { model: DEFAULT_MODEL, maxTurns: DEFAULT_MAX_ROUNDS },
  });
  const tools = (deps.createTools ?? createTools)();
  const mcpRepo = createMcpRepository(db);
  const anthropicClient = () => {
    const credentials = settings.credentials();
    return createAnthropicClient({
      apiKey: credentials.apiKey ?? '',
      baseURL: credentials.baseUrl ?? undefined,
    });
  };
  // Background runs; they are stopped when their project closes.
  // Runs that died with an earlier process are failed, and copies nobody needs removed.
  sweepBackgroundRuns(db, deps.home);
  // …and containers of dead runs on the engine, where one is configured or found.
  void sweepContainersIfAny(db, deps.home, process.env);
  const proposals: ProposalHandlers = createProposalHandlers({
    db,
    home: deps.home,
    parallel: () => createSettingsRepository(db).read().settings.backgroundParallel,
    currentProject: () => {
      const { projectId, workspace, symbolIndex, checks, startRun, gates } = current();
      return {
        broker: gates.approvals.broker,
        projectId,
        workspace,
        symbolIndex,
        diagnostics: checks.diagnostics,
        tests: checks.testRuns?.tests,
        hooks: checks.proposalHooks,
        startRun,
      };
    },
    model: () => settings.credentials().model,
    maxRounds: () => settings.credentials().maxTurns,
    emitAgent: (event) => emit('agent', event),
    changed: () => changeSetWatcher.poll(),
    emitConversationsChanged: (conversationId) => emit('conversations.changed', { conversationId }),
    emitCheckpointsChanged: (conversationId) => emit('checkpoints.changed', { conversationId }),
    onBackgroundError: deps.onBackgroundError,
  });
  const changeSetWatcher = watchChangeSets({
    db,
    onChange: () => emit('proposals.changed', {}),
    onError: deps.onBackgroundError,
  });

  const openContext = ({ workspace }: { workspace: Workspace }): ProjectContext =>
    openProjectEngine({
      db,
      home: deps.home,
      workspace,
      env: deps.env,
      createClient: anthropicClient,
      model: () => settings.credentials().model,
      maxRounds: () => settings.credentials().maxTurns,
      tools: () => tools,
      index: {
        watch: true,
        home: deps.indexHome === undefined ? deps.home : deps.indexHome,
        onStatus: (status) => emit('index.status', status),
        nativeBinding: deps.nativeBinding,
      },
      // The app answers through the contract: a decision reaches the broker over IPC.
      emit: (event) => emit('agent', event),
      // The app's mode is the project's setting: an approved plan changes it there.
      approvedPlanSetsStoredMode: true,
      createDiagnostics: deps.createDiagnostics ?? null,
      createTests: deps.createTests ?? null,
      diagnosticsSettings: () => settings.diagnostics(),
      onBackgroundError: deps.onBackgroundError,
    });

  const disposeContext = async (context: ProjectContext): Promise<void> => {
    await proposals.shutdown();
    await context.dispose();
  };

  const session = createProjectSession<ProjectContext>({ projects, openContext, disposeContext });
  const current = () => session.require().context;

  const handlers = createAppHandlers({
    deps,
    session,
    settings,
    conversations,
    policies,
    mcpRepo,
    proposals,
    anthropicClient,
  });

  return {
    handlers,
    session,
    settings,
    shutdown: async () => {
      changeSetWatcher.close();
      await proposals.shutdown();
      await session.close();
    },
  };
}
