// Builds every contract handler over one app database: the composition the Electron app and
// browser mode (`sluice serve`) share, so both shells run the same engine with the same
// rules. Per project (on open): the symbol index, the approval broker with its audit and
// checkpoints, and the conversation runner whose tools reach the disk only through the
// workspace and the broker. The previous project's objects are shut down after the swap.
import type { ProjectInfo } from '../../../shared/contract/project-service';
import type { SluiceHandlers } from '../../../shared/contract';
import { createAnthropicClient } from '../agent/anthropic-client';
import { mentionContext } from '../agent/mention-context';
import { createConversationRunner, type ConversationRunner } from '../agent/conversation-runner';
import { DEFAULT_MODEL } from '../agent/model-catalog';
import { DEFAULT_MAX_ROUNDS } from '../agent/agent-loop';
import { createProjectApprovals, type ProjectApprovals } from '../approvals/project-approvals';
import { createApprovalAuditRepository } from '../store/approval-audit-repository';
import { createProjectCommands, type ProjectCommands } from '../commands/project-commands';
import { SymbolIndex } from '../index/symbol-index';
import { createConversationRepository } from '../store/conversation-repository';
import { projectIdFor } from '../store/project-id';
import type { WritableDb } from '../store/database-handles';
import { createPolicyRepository } from '../store/policy-repository';
import { createProjectRepository } from '../store/project-repository';
import { createSettingsRepository } from '../store/settings-repository';
import { createTools } from '../tools';
import type { ToolDefinition } from '../tools/tool';
import type { Workspace } from '../workspace/workspace';
import { createAgentHandlers } from './agent-handlers';
import { createAppSettings, type AppSettings } from './app-settings';
import { createApprovalHandlers } from './approval-handlers';
import { createCheckpointHandlers } from './checkpoint-handlers';
import { createGitHandlers } from './git-handlers';
import { commitsEachTurn, setCommitEachTurn } from '../git/commit-each-turn-setting';
import { commitTurnStep } from '../git/turn-commit-step';
import { undoTurnByGit } from '../git/turn-undo';
import { createSluiceHandlers } from './create-handlers';
import type { SluiceEmit } from './event-emitter';
import { createProjectHandlers, type FolderPicker } from './project-handlers';
import { createProjectSession, type ProjectSession } from './project-session';
import type { SecretStore } from './secret-store';
import { createSettingsHandlers, type ExternalOpener } from './settings-handlers';
import { createSymbolHandlers } from './symbol-handlers';
import { createProposalHandlers, type ProposalHandlers } from './proposal-handlers';
import { watchChangeSets } from '../proposals/change-set-watcher';
import { McpManager } from '../mcp-client/mcp-manager';
import { createMcpRepository } from '../mcp-client/mcp-repository';
import { sweepContainersIfAny } from '../commands/container-run-setup';
import { sweepBackgroundRuns } from '../runs/sweep-runs';
import { createMcpHandlers } from './mcp-handlers';
import {
  createProjectDiagnostics,
  type CreateDiagnostics,
  type ProjectDiagnostics,
} from '../diagnostics/project-diagnostics';
import type { CreateTests } from '../test-runs/shell-tests';
import {
  readProjectTestSettings,
  writeProjectTestSettings,
} from '../test-runs/test-run-settings-store';

export interface ProjectContext {
  readonly projectId: string;
  readonly workspace: Workspace;
  readonly runner: ConversationRunner;
  readonly approvals: ProjectApprovals;
  readonly commands: ProjectCommands;
  readonly symbolIndex: SymbolIndex;
  /** Stops the background build of the index when the project closes. */
  readonly indexBuild: AbortController;
  /** The project's MCP servers; stopped when the project closes. */
  readonly mcp: McpManager;
  /** Evidence before approval; absent when the shell gave no factory. */
  readonly diagnostics: ProjectDiagnostics | undefined;
  /** Tests before approval, when the shell runs them. */
  readonly testRuns: ReturnType<CreateTests> | undefined;
}

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
      const { projectId, workspace, symbolIndex, diagnostics, testRuns } = current();
      return { projectId, workspace, symbolIndex, diagnostics, tests: testRuns?.tests };
    },
    createClient: anthropicClient,
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

  const openContext = ({
    info,
    workspace,
  }: {
    info: ProjectInfo;
    workspace: Workspace;
  }): ProjectContext => {
    const projectId = info.id;
    const approvals = createProjectApprovals({
      db,
      projectId,
      emit: (event) => emit('agent', event),
    });
    const commands = createProjectCommands({
      db,
      projectId,
      home: deps.home,
      checkpoints: approvals.checkpoints,
      audit: createApprovalAuditRepository(db, projectId),
      registry: approvals.broker.registry,
    });
    const symbolIndex = SymbolIndex.open({
      source: workspace,
      home: deps.indexHome === undefined ? deps.home : deps.indexHome,
      onStatus: (status) => emit('index.status', status),
      ...(deps.nativeBinding ? { nativeBinding: deps.nativeBinding } : {}),
    });
    // Build (incrementally) as soon as the project opens, then keep it current with a
    // watcher, so the symbol browser and the tools never wait on a cold index.
    const indexBuild = new AbortController();
    symbolIndex.refresh(indexBuild.signal).then(
      () => {
        // The warm checkers follow the same news, so their disk side is current before the
        // next proposal rather than at their next look.
        if (!indexBuild.signal.aborted)
          symbolIndex.watch({ onFilesChanged: (paths) => diagnostics?.diskChanged(paths) });
      },
      (error: unknown) => {
        if (!indexBuild.signal.aborted) deps.onBackgroundError(error);
      },
    );
    const mcp = new McpManager({
      repo: mcpRepo,
      projectId,
      projectRoot: workspace.root,
      readProjectFile: () => workspace.readText('.sluice/mcp.json').catch(() => null),
      mode: () => policies.get(projectId).mode,
      audit: createApprovalAuditRepository(db, projectId),
    });
    const diagnostics = deps.createDiagnostics
      ? createProjectDiagnostics({
          root: workspace.root,
          symbolIndex,
          settings: () => settings.diagnostics(),
          create: deps.createDiagnostics,
          onBackgroundError: deps.onBackgroundError,
        })
      : undefined;
    // The warm checkers prepare the disk side now, before the first proposal.
    diagnostics?.warm();
    const testRuns = deps.createTests?.({
      root: workspace.root,
      projectId,
      home: deps.home,
      settings: createSettingsRepository(db),
      symbolIndex,
    });
    const runner = createConversationRunner({
      repository: conversations,
      projectId,
      createClient: anthropicClient,
      model: () => settings.credentials().model,
      tools,
      extraTools: async (turn) => {
        const { tools: mcpTools, loaded } = await mcp.tools(turn);
        return { tools: mcpTools, ...(loaded ? { loaded } : {}) };
      },
      ports: () => ({
        workspace,
        approvals: approvals.broker,
        symbolIndex,
        commands: commands.port,
        ...(diagnostics ? { diagnostics } : {}),
        ...(testRuns ? { tests: testRuns.tests } : {}),
      }),
      guidanceFiles: workspace,
      maxRounds: () => settings.credentials().maxTurns,
    });
    return {
      projectId,
      workspace,
      runner,
      approvals,
      commands,
      symbolIndex,
      indexBuild,
      mcp,
      diagnostics,
      testRuns,
    };
  };

  const disposeContext = async (context: ProjectContext): Promise<void> => {
    context.indexBuild.abort();
    await proposals.shutdown();
    context.approvals.dispose();
    context.commands.dispose();
    await context.runner.shutdown();
    await context.mcp.close();
    await context.diagnostics?.dispose();
    context.testRuns?.service.dispose();
    await context.symbolIndex.close();
  };

  const session = createProjectSession<ProjectContext>({ projects, openContext, disposeContext });
  const current = () => session.require().context;

  const handlers = createSluiceHandlers({
    project: createProjectHandlers({ session, projects, pickFolder: deps.pickFolder, emit }),
    settings: createSettingsHandlers({
      settings,
      openExternal: deps.openExternal,
      projectTests: {
        read: () => {
          const open = session.current();
          return open
            ? readProjectTestSettings(createSettingsRepository(db), open.context.projectId)
            : null;
        },
        write: (patch) =>
          writeProjectTestSettings(createSettingsRepository(db), current().projectId, patch),
      },
    }),
    agent: createAgentHandlers({
      repository: conversations,
      currentProject: () => {
        const { projectId, runner } = current();
        return { projectId, runner };
      },
      emit: (event, payload) => emit(event, payload),
      emitConversationsChanged: (payload) => emit('conversations.changed', payload),
      onBackgroundError: deps.onBackgroundError,
      turnCommitter: () => {
        const open = session.current();
        if (!open || !commitsEachTurn(db, open.context.projectId)) return null;
        const { workspace, approvals } = open.context;
        return (turn) =>
          commitTurnStep({
            ...turn,
            root: workspace.root,
            checkpoints: approvals.checkpoints,
            env: { ...deps.env, PATH: deps.env.PATH ?? process.env.PATH },
            home: deps.home,
          });
      },
      mentionContext: (mentions) => {
        const { workspace, symbolIndex } = current();
        return mentionContext(mentions, {
          workspace,
          findDefinition: (name) => symbolIndex.findDefinition(name).definitions,
        });
      },
    }),
    approvals: createApprovalHandlers({
      policies,
      currentProject: () => {
        const { projectId, approvals } = current();
        return { projectId, broker: approvals.broker };
      },
      currentCommands: () => {
        const { projectId, commands } = current();
        return { projectId, commands };
      },
    }),
    checkpoints: createCheckpointHandlers({
      currentProject: () => {
        const { workspace, approvals, symbolIndex } = current();
        return { workspace, checkpoints: approvals.checkpoints, symbolIndex };
      },
      undoTurnByGit: (args) =>
        undoTurnByGit({ ...args, env: { ...deps.env, PATH: deps.env.PATH ?? process.env.PATH } }),
      emitCheckpointsChanged: (payload) => emit('checkpoints.changed', payload),
    }),
    symbols: createSymbolHandlers({
      currentIndex: () => current().symbolIndex,
      emitStatus: (status) => emit('index.status', status),
      currentDiagnostics: () => session.current()?.context.diagnostics,
    }),
    proposals,
    mcp: createMcpHandlers({ repo: mcpRepo, currentManager: () => current().mcp }),
    git: createGitHandlers({
      currentProject: () => {
        const { workspace, approvals, symbolIndex, diagnostics, testRuns } = current();
        return {
          workspace,
          approvals: approvals.broker,
          checkpoints: approvals.checkpoints,
          symbolIndex,
          ...(diagnostics ? { diagnostics } : {}),
          ...(testRuns ? { tests: testRuns.tests } : {}),
        };
      },
      createClient: anthropicClient,
      model: () => settings.credentials().model,
      env: { ...deps.env, PATH: deps.env.PATH ?? process.env.PATH },
      home: deps.home,
      conversationsIn: (root) => conversations.list(projectIdFor(root)),
      commitEachTurn: (on) => {
        const { projectId } = current();
        if (on !== undefined) setCommitEachTurn(db, projectId, on);
        return commitsEachTurn(db, projectId);
      },
      openProject: async (root) => {
        const { info } = await session.open(root);
        emit('project.opened', info);
      },
      emitCheckpointsChanged: (payload) => emit('checkpoints.changed', payload),
    }),
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
