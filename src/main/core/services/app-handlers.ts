// The contract's handlers of the app (and `sluice serve`) over the open project's engine:
// each service reads the project it acts on from the session at call time, so a project
// opened later is the one every handler serves.
import type { SluiceHandlers } from '../../../shared/contract';
import type Anthropic from '@anthropic-ai/sdk';
import { mentionContext } from '../agent/mention-context';
import type { McpRepository } from '../mcp-client/mcp-repository';
import { commitsEachTurn, setCommitEachTurn } from '../git/commit-each-turn-setting';
import { commitTurnStep } from '../git/turn-commit-step';
import { undoTurnByGit } from '../git/turn-undo';
import type { ConversationRepository } from '../store/conversation-repository';
import { summarizeApprovalAudit } from '../store/approval-audit-summary';
import type { PolicyRepository } from '../store/policy-repository';
import { projectIdFor } from '../store/project-id';
import { createProjectRepository } from '../store/project-repository';
import { createSettingsRepository } from '../store/settings-repository';
import {
  readProjectTestSettings,
  writeProjectTestSettings,
} from '../test-runs/test-run-settings-store';
import { createAgentHandlers } from './agent-handlers';
import type { AppSettings } from './app-settings';
import { createApprovalHandlers } from './approval-handlers';
import { createCheckpointHandlers } from './checkpoint-handlers';
import type { AppServicesDeps, ProjectContext } from './app-services-deps';
import { createSluiceHandlers } from './create-handlers';
import { createGitHandlers } from './git-handlers';
import { createHooksHandlers } from './hooks-handlers';
import { createMcpHandlers } from './mcp-handlers';
import { createProjectHandlers } from './project-handlers';
import type { ProjectSession } from './project-session';
import type { ProposalHandlers } from './proposal-handlers';
import { createSettingsHandlers } from './settings-handlers';
import { createSymbolHandlers } from './symbol-handlers';

export interface AppHandlersArgs {
  readonly deps: AppServicesDeps;
  readonly session: ProjectSession<ProjectContext>;
  readonly settings: AppSettings;
  readonly conversations: ConversationRepository;
  readonly policies: PolicyRepository;
  readonly mcpRepo: McpRepository;
  readonly proposals: ProposalHandlers;
  readonly anthropicClient: () => Anthropic;
}

export function createAppHandlers(args: AppHandlersArgs): SluiceHandlers {
  const { deps, session, settings, conversations, policies, mcpRepo, proposals, anthropicClient } =
    args;
  const { db, emit } = deps;
  const projects = createProjectRepository(db);
  const current = () => session.require().context;
  return createSluiceHandlers({
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
      appDb: db,
      createClient: anthropicClient,
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
        const { workspace, gates } = open.context;
        return (turn) =>
          commitTurnStep({
            ...turn,
            root: workspace.root,
            checkpoints: gates.approvals.checkpoints,
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
        const { projectId, gates, checks } = current();
        return { projectId, broker: gates.approvals.broker, selection: checks.selection };
      },
      currentCommands: () => {
        const { projectId, gates } = current();
        return { projectId, commands: gates.commands };
      },
      currentPlans: () => current().gates.plans,
      summarizeAudit: (filter) => summarizeApprovalAudit(db, filter),
    }),
    checkpoints: createCheckpointHandlers({
      currentProject: () => {
        const { workspace, gates, symbolIndex } = current();
        return { workspace, checkpoints: gates.approvals.checkpoints, symbolIndex };
      },
      undoTurnByGit: (args) =>
        undoTurnByGit({ ...args, env: { ...deps.env, PATH: deps.env.PATH ?? process.env.PATH } }),
      emitCheckpointsChanged: (payload) => emit('checkpoints.changed', payload),
    }),
    symbols: createSymbolHandlers({
      currentIndex: () => current().symbolIndex,
      emitStatus: (status) => emit('index.status', status),
      currentDiagnostics: () => session.current()?.context.checks.diagnostics,
    }),
    proposals,
    mcp: createMcpHandlers({ repo: mcpRepo, currentServers: () => current().mcp.servers() }),
    hooks: createHooksHandlers({ currentHooks: () => current().hooks }),
    git: createGitHandlers({
      currentProject: () => {
        const { workspace, gates, symbolIndex, checks } = current();
        return {
          workspace,
          approvals: gates.approvals.broker,
          checkpoints: gates.approvals.checkpoints,
          symbolIndex,
          ...(checks.diagnostics ? { diagnostics: checks.diagnostics } : {}),
          ...(checks.testRuns ? { tests: checks.testRuns.tests } : {}),
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
}
