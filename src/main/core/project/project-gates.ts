// The gates of one open project: the approval broker (files, MCP calls), the plan gate and the
// command gate, on one registry of waiting decisions, with the audit trail and checkpoints
// they record in, and the evidence of what each decision wrote kept with its checkpoint. One
// per open project in every shell; dispose() rejects whatever still waits, as aborted.
import type { AgentEvent } from '../../../shared/agent-events';
import type { ApprovalMode } from '../../../shared/approvals';
import type { CommandRule } from '../../../shared/command-approvals';
import { createProjectApprovals, type ProjectApprovals } from '../approvals/project-approvals';
import { createProjectCommands, type ProjectCommands } from '../commands/project-commands';
import type { SandboxAvailability } from '../sandbox/bubblewrap';
import { createEvidenceKeeper } from '../evidence/evidence-keeper';
import type { SelectionEvidence } from '../evidence/selection-evidence';
import type { ProposalReading } from '../approvals/proposal-reading';
import { createApprovalAuditRepository } from '../store/approval-audit-repository';
import { createCheckpointEvidenceRepository } from '../store/checkpoint-evidence-repository';
import type { WritableDb } from '../store/database-handles';
import { createPlanRepository } from '../store/plan-repository';
import { createPolicyRepository } from '../store/policy-repository';
import { PlanGate } from '../approvals/plan-gate';
import type { PlanGoOnMode } from '../../../shared/plans';

export interface ProjectGates {
  readonly approvals: ProjectApprovals;
  readonly commands: ProjectCommands;
  /** Plan mode's plans, waiting in the same registry. */
  readonly plans: PlanGate;
  dispose(): void;
}

export interface ProjectGatesDeps {
  readonly db: WritableDb;
  readonly projectId: string;
  /** SLUICE_HOME: command outputs go under it, and commands cannot see it. */
  readonly home: string;
  /** Where approval events go when a request carries no emitter of its own. */
  readonly emit?: (event: AgentEvent) => void;
  /**
   * The run's mode in place of the stored one (`--mode`, an approved plan), read at every
   * request; undefined: the stored one. Rules still apply.
   */
  readonly modeOverride?: (() => ApprovalMode | undefined) | undefined;
  /** Where an approved plan's mode goes; default: the project's stored mode. */
  readonly planGoOn?: (mode: PlanGoOnMode) => void;
  readonly onCommandRuleSaved?: (rule: CommandRule) => void;
  /** Tests: this machine's sandbox. */
  readonly sandbox?: SandboxAvailability;
  /**
   * The checks of what a decision writes other than the proposal (opened after the gates):
   * how the evidence of the hunks a person kept, or their own text, is found or made.
   */
  readonly selection?: () => SelectionEvidence | undefined;
  /** Told while each file proposal waits: its likely selections are checked meanwhile. */
  readonly reading?: () => ProposalReading | undefined;
  /** A kept record that could not be written. */
  readonly onBackgroundError?: (error: unknown) => void;
}

export function openProjectGates(deps: ProjectGatesDeps): ProjectGates {
  const evidence = createEvidenceKeeper({
    store: createCheckpointEvidenceRepository(deps.db, deps.projectId),
    ...(deps.selection ? { selection: deps.selection } : {}),
    onError: deps.onBackgroundError,
  });
  const approvals = createProjectApprovals({
    db: deps.db,
    projectId: deps.projectId,
    ...(deps.emit ? { emit: deps.emit } : {}),
    modeOverride: deps.modeOverride,
    keepEvidence: evidence.keep,
    reading: deps.reading,
  });
  const commands = createProjectCommands({
    db: deps.db,
    projectId: deps.projectId,
    home: deps.home,
    checkpoints: approvals.checkpoints,
    audit: createApprovalAuditRepository(deps.db, deps.projectId),
    registry: approvals.broker.registry,
    modeOverride: deps.modeOverride,
    ...(deps.onCommandRuleSaved ? { onRuleSaved: deps.onCommandRuleSaved } : {}),
    ...(deps.sandbox ? { sandbox: deps.sandbox } : {}),
  });
  const policies = createPolicyRepository(deps.db);
  const plans = new PlanGate({
    registry: approvals.broker.registry,
    mode: () => deps.modeOverride?.() ?? policies.get(deps.projectId).mode,
    goOn: deps.planGoOn ?? ((mode) => void policies.setMode(deps.projectId, mode)),
    emit: deps.emit,
    records: createPlanRepository(deps.db),
  });
  return {
    approvals,
    commands,
    plans,
    dispose() {
      approvals.dispose();
      commands.dispose();
      plans.abortAll('the project was closed');
      evidence.dispose();
    },
  };
}
