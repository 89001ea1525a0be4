// The approval objects of one open project, over the app DB: the broker (policy read fresh
// from the DB for every proposal), the audit trail and the checkpoints. The composition root
// builds one per opened project and calls dispose() when the project closes, which rejects
// whatever is still pending as aborted.
import diagnostics_channel from 'node:diagnostics_channel';
import type { WritableDb } from '../store/database-handles';
import { createApprovalAuditRepository } from '../store/approval-audit-repository';
import { createCheckpointRepository } from '../store/checkpoint-repository';
import { createPolicyRepository } from '../store/policy-repository';
import type { CheckpointStore } from '../checkpoints/checkpoint-store';
import type { AgentEvent } from '../../../shared/agent-events';
import type { ApprovalMode } from '../../../shared/approvals';
import { ApprovalBroker } from './approval-broker';
import type { KeepEvidence } from './kept-evidence';
import type { ProposalReading } from './proposal-reading';

export interface ProjectApprovals {
  readonly broker: ApprovalBroker;
  readonly checkpoints: CheckpointStore;
  dispose(): void;
}

/**
 * Each project's broker is announced on this node:diagnostics_channel as a
 * ProjectApprovalsCreated, so a test sees that a project has one broker, whichever shell opened it.
 */
export const PROJECT_APPROVALS_CREATED = 'sluice:project-approvals-created';

export interface ProjectApprovalsCreated {
  readonly projectId: string;
  readonly broker: ApprovalBroker;
}

const approvalsCreated = diagnostics_channel.channel(PROJECT_APPROVALS_CREATED);

export function createProjectApprovals(deps: {
  db: WritableDb;
  projectId: string;
  /** Where approval events go when the request carries no emitter (the call's ctx.emit wins). */
  emit?: (event: AgentEvent) => void;
  /**
   * The run's mode in place of the stored one (`sluice ask --mode`, an approved plan), read at
   * every proposal; undefined: the stored one. Rules still apply.
   */
  modeOverride?: (() => ApprovalMode | undefined) | undefined;
  /** Keeps the evidence of what each decision wrote with its checkpoint (the engine's checks). */
  keepEvidence?: KeepEvidence | undefined;
  /** Told while each file proposal waits (the engine's checks of its likely selections). */
  reading?: (() => ProposalReading | undefined) | undefined;
}): ProjectApprovals {
  const policies = createPolicyRepository(deps.db);
  const checkpoints = createCheckpointRepository(deps.db, deps.projectId);
  const broker = new ApprovalBroker({
    policy: () => {
      const stored = policies.get(deps.projectId);
      const override = deps.modeOverride?.();
      return override ? { ...stored, mode: override } : stored;
    },
    audit: createApprovalAuditRepository(deps.db, deps.projectId),
    checkpoints,
    emit: deps.emit,
    keepEvidence: deps.keepEvidence,
    reading: deps.reading,
  });
  if (approvalsCreated.hasSubscribers)
    approvalsCreated.publish({
      projectId: deps.projectId,
      broker,
    } satisfies ProjectApprovalsCreated);
  return {
    broker,
    checkpoints,
    dispose: () => void broker.abortAll('the project was closed'),
  };
}
