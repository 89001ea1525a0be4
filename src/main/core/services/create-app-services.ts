// Builds every contract handler over one app database: the composition the Electron app and
// browser mode (`sluice serve`) share, so both shells run the same engine with the same
// rules. Per project (on open): the symbol index, the approval broker with its audit and
// checkpoints, and the conversation runner whose tools reach the disk only through the
// workspace and the broker. The previous project's objects are shut down after the swap.
import type { SluiceHandlers } from '../../../shared/contract';
import { createAnthropicClient } from '../agent/anthropic-client';
import { DEFAULT_MODEL } from '../agent/model-catalog';
import { DEFAULT_MAX_ROUNDS } from '../agent/agent-loop';
import type { SymbolIndex } from '../index/symbol-index';
import { openProjectEngine, type ProjectEngine } from '../project/open-project-engine';
import { createConversationRepository } from '../store/conversation-repository';
import type { WritableDb } from '../store/database-handles';
import { createPolicyRepository } from '../store/policy-repository';
import { createProjectRepository } from '../store/project-repository';
import { createSettingsRepository } from '../store/settings-repository';
import { createTools } from '../tools';
import type { ToolDefinition } from '../tools/tool';
import type { Workspace } from '../workspace/workspace';
import { createAppSettings, type AppSettings } from './app-settings';
import { createAppHandlers } from './app-handlers';
import type { SluiceEmit } from './event-emitter';
import { type FolderPicker } from './project-handlers';
import { createProjectSession, type ProjectSession } from './project-session';
import type { SecretStore } from './secret-store';
import { type ExternalOpener } from './settings-handlers';
import { createProposalHandlers, type ProposalHandlers } from './proposal-handlers';
import { watchChangeSets } from '../proposals/change-set-watcher';
import { createMcpRepository } from '../mcp-client/mcp-repository';
import { sweepContainersIfAny } from '../runs/container-run-setup';
import { sweepBackgroundRuns } from '../runs/sweep-runs';
import type { CreateDiagnostics } from '../diagnostics/project-diagnostics';
import type { CreateTests } from '../test-runs/shell-tests';

/** The open project in the app: the one engine every shell opens. */
export type ProjectContext = ProjectEngine<SymbolIndex>;

export interface AppServicesDeps {
  readonly db: WritableDb;
  /** SLUICE_HOME: per-project index databases live here. */
  readonly home: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly secrets: SecretStore;
  readonly pickFolder: FolderPicker;
  readonly openExternal: ExternalOpener;
  readonly emit: SluiceEmit;
  /** A failure with no caller to answer (a background index refresh, a turn's pump). */
  readonly onBackgroundError: (error: unknown) => void;
  /** Tests: a fixed tool set; default the full registry. */
  readonly createTools?: () => ToolDefinition[];
  /** better-sqlite3's Electron-ABI build for the index databases (the app DB is opened by the shell). */
  readonly nativeBinding?: string;
  /** Tests: keep the index in memory (null) instead of under `home`. */
  readonly indexHome?: string | null;
  /**
   * Makes the diagnostics service of an opened project: `createDiagnosticsService`
   * in the app; absent → nothing is checked and reviews carry no evidence.
   */
  readonly createDiagnostics?: CreateDiagnostics;
  /**
   * Makes the test runs of an opened project: `shellCreateTests` in the app;
   * absent → no test runs before approval.
   */
  readonly createTests?: CreateTests;
}

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
