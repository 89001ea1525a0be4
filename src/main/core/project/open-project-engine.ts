// The one front door to an open project: every shell (the app and `sluice serve`, `sluice ask`,
// `sluice tool`, `sluice mcp`, a propose run) opens the engine here and brings only what is its
// own: an approver (the terminal's; the app answers through the contract), where notices go,
// and which model client to use. The engine holds the project's one broker and command gate
// (one registry of waiting decisions), its symbol index, the checks behind evidence, its MCP
// servers and the conversation runner whose tools reach the disk only through the workspace
// and those gates. dispose() stops all of it.
import diagnostics_channel from 'node:diagnostics_channel';
import type Anthropic from '@anthropic-ai/sdk';
import type { AgentEvent } from '../../../shared/agent-events';
import type { ApprovalMode } from '../../../shared/approvals';
import type { CommandRule } from '../../../shared/command-approvals';
import type { DiagnosticsSettings } from '../../../shared/diagnostics-settings';
import type { IndexStatus } from '../../../shared/contract/symbol-service';
import { createConversationRunner, type ConversationRunner } from '../agent/conversation-runner';
import type { CreateDiagnostics } from '../diagnostics/project-diagnostics';
import { worktreeOfRoot } from '../git/worktree-of-root';
import { openLazySymbolIndex, type LazySymbolIndex } from '../index/lazy-symbol-index';
import { SymbolIndex } from '../index/symbol-index';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import { createConversationRepository } from '../store/conversation-repository';
import type { WritableDb } from '../store/database-handles';
import { projectIdFor } from '../store/project-id';
import type { CreateTests } from '../test-runs/shell-tests';
import { createTools } from '../tools';
import type { ToolDefinition } from '../tools/tool';
import type { ToolPorts } from '../agent/tool-execution';
import { ensureSluiceHome } from '../workspace/sluice-home';
import type { Workspace } from '../workspace/workspace';
import { openProjectChecks, type ProjectChecks } from './project-checks';
import { openRunMode } from './run-mode';
import { openProjectGates, type ProjectGates } from './project-gates';
import { openProjectMcp, type ProjectMcp } from './project-mcp';
import { openProjectHooks, type OpenProjectHooks } from './project-hooks';
import { startProjectRun, type RunStart } from './project-runs';
import type { StartedProposalRun } from '../proposals/run-proposal';
import { answeredPorts, type AnsweredPorts, type CreateShellApprover } from './shell-approver';

/** The app's index: built as the project opens, then kept current by a file watcher. */
export interface WatchedIndex {
  readonly watch: true;
  /** Where the index database lives; null keeps it in memory (tests). */
  readonly home: string | null;
  readonly nativeBinding?: string | undefined;
  readonly onStatus?: (status: IndexStatus) => void;
}

export interface ProjectEngineDeps {
  readonly db: WritableDb;
  /** SLUICE_HOME. */
  readonly home: string;
  readonly workspace: Workspace;
  /** Sluice's environment: MCP `${VAR}`s are read from it. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Called per turn, so a key set in Settings applies at once. */
  readonly createClient: () => Anthropic;
  readonly model: () => string;
  readonly maxRounds: () => number | undefined;
  /** Default: the full registry, loaded when the runner is first used. */
  readonly tools?: () => readonly ToolDefinition[];
  /** Default: opened on the first symbol query, under `home` (the CLI's one index per run). */
  readonly index?: WatchedIndex;
  /** undefined: the shell's real checkers; null: nothing is checked. */
  readonly createDiagnostics?: CreateDiagnostics | null;
  /** undefined: the shell's real test runs; null: no tests before approval. */
  readonly createTests?: CreateTests | null;
  /** Default: read from the app DB on every check. */
  readonly diagnosticsSettings?: () => DiagnosticsSettings;
  /**
   * A mode for this run in place of the project's stored one (`--mode`); rules still apply.
   * The run's mode can change while the project is open: setMode, or an approved plan.
   */
  readonly modeOverride?: ApprovalMode | undefined;
  /**
   * An approved plan switches the project's stored mode (the app, whose mode is the project's
   * setting); otherwise only this run's mode, as setMode does (a terminal run or session).
   */
  readonly approvedPlanSetsStoredMode?: boolean;
  /** Who answers the project's questions; absent, they wait for a decision through the contract. */
  readonly approver?: CreateShellApprover;
  /** Where approval events go when a call carries no emitter of its own. */
  readonly emit?: (event: AgentEvent) => void;
  readonly onCommandRuleSaved?: (rule: CommandRule) => void;
  /** MCP notices (unapproved entries, failed servers), once each; absent: not said. */
  readonly mcpNotice?: (text: string) => void;
  /** A failure with no caller to answer (a background index refresh, an old checker). */
  readonly onBackgroundError: (error: unknown) => void;
}

export interface ProjectEngine<I extends SymbolIndexPort = LazySymbolIndex> {
  readonly projectId: string;
  readonly workspace: Workspace;
  readonly gates: ProjectGates;
  /** What tools ask through: the gates, with the shell's approver listening. */
  readonly ports: AnsweredPorts;
  readonly symbolIndex: I;
  readonly checks: ProjectChecks;
  readonly mcp: ProjectMcp;
  /**
   * The person's and the project's hooks (project-hooks.ts): run around tool calls and turns,
   * managed by Settings and `sluice hooks`. `ready()` resolves once `.sluice/hooks.json` is read.
   */
  readonly hooks: OpenProjectHooks;
  /** The conversation runner, made on first use. */
  readonly runner: ConversationRunner;
  /** The mode in force: the run's, else the project's stored one. */
  mode(): ApprovalMode;
  /** Switches this run's mode (not the stored one); the next request is judged in it. */
  setMode(mode: ApprovalMode): void;
  /** Everything a tool call gets from the project. */
  toolPorts(): ToolPorts;
  /** Starts a background run over the project, with its index and checks (project-runs.ts). */
  startRun(request: RunStart): Promise<StartedProposalRun>;
  dispose(): Promise<void>;
}

/**
 * Each opened engine is announced on this node:diagnostics_channel as a ProjectEngineOpened,
 * so a test (or a diagnostic tool) sees which shells open a project, and how often, without
 * a hook in any of them.
 */
export const PROJECT_ENGINE_OPENED = 'sluice:project-engine-opened';

export interface ProjectEngineOpened {
  readonly root: string;
  readonly engine: ProjectEngine<SymbolIndexPort>;
}

const engineOpened = diagnostics_channel.channel(PROJECT_ENGINE_OPENED);

export function openProjectEngine(
  deps: ProjectEngineDeps & { index: WatchedIndex },
): ProjectEngine<SymbolIndex>;
export function openProjectEngine(deps: ProjectEngineDeps & { index?: undefined }): ProjectEngine;
export function openProjectEngine(
  deps: ProjectEngineDeps,
): ProjectEngine<SymbolIndex> | ProjectEngine {
  const { db, workspace } = deps;
  const projectId = projectIdFor(workspace.root);
  const runMode = openRunMode(db, projectId, deps);
  const gates = openProjectGates({
    db,
    projectId,
    home: deps.home,
    ...(deps.emit ? { emit: deps.emit } : {}),
    modeOverride: runMode.override,
    planGoOn: runMode.goOn,
    ...(deps.onCommandRuleSaved ? { onCommandRuleSaved: deps.onCommandRuleSaved } : {}),
    selection: () => checks.selection,
    reading: () => checks.likelySelections,
    onBackgroundError: deps.onBackgroundError,
  });
  // The approver is made at the first question, when the checks below are open.
  const ports = answeredPorts(gates, deps.approver, () => checks);
  const indexBuild = new AbortController();
  const symbolIndex = openEngineIndex(deps, () => checks.testRuns?.service.prepareBaseline());
  const hooks = openProjectHooks({
    db,
    projectId,
    workspace,
    home: deps.home,
    commands: gates.commands,
    onBackgroundError: deps.onBackgroundError,
  });
  const checks = openProjectChecks({
    db,
    root: workspace.root,
    projectId,
    home: deps.home,
    symbolIndex,
    createDiagnostics: deps.createDiagnostics,
    createTests: deps.createTests,
    ...(deps.diagnosticsSettings ? { diagnosticsSettings: deps.diagnosticsSettings } : {}),
    // The hooks, asked at each proposal; the person's command rules judge their hooks.
    hooks,
    commandRules: () => gates.commands.rules.list(projectId),
    onBackgroundError: deps.onBackgroundError,
  });
  prepareDiskSide(checks);
  if (symbolIndex instanceof SymbolIndex) keepCurrent(symbolIndex, checks, indexBuild, deps);
  const mcp = openProjectMcp({
    db,
    projectId,
    workspace,
    mode: runMode.current,
    env: deps.env,
    notice: deps.mcpNotice,
  });
  const toolPorts = (): ToolPorts => toolPortsOf(workspace, ports, symbolIndex, checks);
  let runner: ConversationRunner | null = null;
  const makeRunner = (): ConversationRunner =>
    createConversationRunner({
      repository: createConversationRepository(db),
      projectId,
      createClient: deps.createClient,
      model: deps.model,
      tools: deps.tools ? deps.tools() : createTools(),
      extraTools: (turn) => mcp.tools(turn),
      ports: toolPorts,
      guidanceFiles: workspace,
      maxRounds: deps.maxRounds,
      planning: () => runMode.current() === 'plan',
      mode: runMode.current,
      worktree: worktreeOfRoot(deps.home, workspace.root),
      hooks,
      undoneSince: (conversationId, since) =>
        gates.approvals.checkpoints.undoneSince(conversationId, since),
    });
  const engine = {
    projectId,
    workspace,
    gates,
    ports,
    symbolIndex,
    checks,
    mcp,
    hooks,
    get runner() {
      return (runner ??= makeRunner());
    },
    mode: runMode.current,
    setMode: runMode.set,
    toolPorts,
    startRun: (request) =>
      startProjectRun(
        {
          db,
          home: deps.home,
          workspace,
          env: deps.env,
          createClient: deps.createClient,
          symbolIndex,
          diagnostics: checks.diagnostics,
          tests: checks.testRuns?.tests,
          hooks: checks.proposalHooks,
        },
        request,
      ),
    async dispose() {
      indexBuild.abort();
      ports.close();
      gates.dispose();
      try {
        await runner?.shutdown();
        await hooks.dispose();
        await mcp.close();
        await checks.dispose();
      } finally {
        await symbolIndex.close();
      }
    },
  } as ProjectEngine<SymbolIndex> | ProjectEngine;
  if (engineOpened.hasSubscribers)
    engineOpened.publish({ root: workspace.root, engine } satisfies ProjectEngineOpened);
  return engine;
}

/**
 * The project's symbol index: built and watched when the shell asks (the watcher tells of
 * every change, Sluice's writes included), else opened on first use, telling `written` of
 * each file Sluice writes (an applied edit or undo refreshes it).
 */
function openEngineIndex(
  deps: ProjectEngineDeps,
  written: (relative: string) => void,
): SymbolIndex | LazySymbolIndex {
  const { workspace } = deps;
  if (deps.index)
    return SymbolIndex.open({
      source: workspace,
      home: deps.index.home,
      ...(deps.index.onStatus ? { onStatus: deps.index.onStatus } : {}),
      ...(deps.index.nativeBinding ? { nativeBinding: deps.index.nativeBinding } : {}),
    });
  const lazy = openLazySymbolIndex(workspace, () => ensureSluiceHome(deps.home));
  return {
    ...lazy,
    refreshFile: (relative) => {
      written(relative);
      return lazy.refreshFile(relative);
    },
  };
}

/** Everything a tool call gets from the project. */
function toolPortsOf(
  workspace: Workspace,
  ports: AnsweredPorts,
  symbolIndex: SymbolIndex | LazySymbolIndex,
  checks: ProjectChecks,
): ToolPorts {
  return {
    workspace,
    approvals: ports.approvals,
    plans: ports.plans,
    symbolIndex,
    commands: ports.commands,
    ...(checks.diagnostics ? { diagnostics: checks.diagnostics } : {}),
    ...(checks.testRuns ? { tests: checks.testRuns.tests } : {}),
    ...(checks.proposalHooks ? { proposalHooks: checks.proposalHooks } : {}),
  };
}

/**
 * The warm checkers and the tests' baselines prepare the disk side now, before any proposal
 * (the baselines in the background, after a debounce, giving way to every verdict).
 */
function prepareDiskSide(checks: ProjectChecks): void {
  checks.diagnostics?.warm();
  checks.testRuns?.service.prepareBaseline();
}

/** Builds the index as the project opens, then follows the disk with a watcher. */
function keepCurrent(
  index: SymbolIndex,
  checks: ProjectChecks,
  build: AbortController,
  deps: ProjectEngineDeps,
): void {
  index.refresh(build.signal).then(
    () => {
      // The warm checkers follow the same news, so their disk side is current before the
      // next proposal rather than at their next look.
      if (!build.signal.aborted)
        index.watch({
          onFilesChanged: (paths) => {
            checks.diagnostics?.diskChanged(paths);
            checks.testRuns?.service.prepareBaseline();
          },
        });
    },
    (error: unknown) => {
      if (!build.signal.aborted) deps.onBackgroundError(error);
    },
  );
}
