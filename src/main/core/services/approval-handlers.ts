// The contract's `approvals` service over the open project's ApprovalBroker and the policy
// repository. Policy changes come only through here (the person, via the UI), never from
// the project folder.
import type { ServiceHandlers } from '../../../shared/contract/define';
import type { approvalService } from '../../../shared/contract/approval-service';
import type { ApprovalBroker } from '../approvals/approval-broker';
import type { PlanGate } from '../approvals/plan-gate';
import { validateRuleGlob } from '../../../shared/policy-rules';
import type { PolicyRepository } from '../store/policy-repository';
import type { AuditRecord } from '../store/approval-audit-records';
import type { AuditSummary } from '../../../shared/audit-summary';
import type { ProjectCommands } from '../commands/project-commands';
import type { SelectionEvidence } from '../evidence/selection-evidence';
import { checkDecision } from '../project/decision-checks';

export interface ApprovalHandlersDeps {
  readonly policies: PolicyRepository;
  /** The open project's id and broker; throws a message for the person when none is open. */
  currentProject(): {
    projectId: string;
    broker: ApprovalBroker;
    /** Checks what a decision would write; absent: nothing is checked in this shell. */
    selection?: SelectionEvidence;
  };
  /** The open project's plan gate (plan mode); absent: plan methods say so. */
  currentPlans?(): PlanGate;
  /** The open project's run_command gate and rules; absent: command methods say so. */
  currentCommands?(): { projectId: string; commands: ProjectCommands };
  /** Reads the audit trail; default: the broker's own audit (the app DB repository can list). */
  listAudit?(filter: { projectId: string; conversationId?: string | undefined }): AuditRecord[];
  /** Counts the trail (asked, applied clean, held back…); absent: this session cannot. */
  summarizeAudit?(filter: { projectId: string; sinceDays: number | null }): AuditSummary;
}

export type ApprovalHandlers = ServiceHandlers<typeof approvalService>;

export function createApprovalHandlers(deps: ApprovalHandlersDeps): ApprovalHandlers {
  const commands = (): { projectId: string; commands: ProjectCommands } => {
    if (!deps.currentCommands) throw new Error('This session cannot run commands.');
    return deps.currentCommands();
  };
  return {
    decidePlan({ approvalId, decision }) {
      if (!deps.currentPlans) throw new Error('This session cannot decide plans.');
      return deps.currentPlans().decide({ approvalId, decision }, 'person');
    },
    pendingPlans() {
      return deps.currentPlans?.().pending() ?? [];
    },
    decideCommand({ approvalId, commandHash, decision }) {
      return commands().commands.gate.decide({ approvalId, commandHash, decision }, 'person');
    },
    pendingCommands() {
      return commands().commands.gate.pending();
    },
    commandRules() {
      const { projectId, commands: c } = commands();
      return c.rules.list(projectId);
    },
    addCommandRule(rule) {
      const { projectId, commands: c } = commands();
      return c.rules.add(projectId, rule);
    },
    removeCommandRule({ id }) {
      const { projectId, commands: c } = commands();
      return { removed: c.rules.remove(projectId, id) };
    },
    networkRules() {
      const { projectId, commands: c } = commands();
      return c.networkRules.list(projectId);
    },
    addNetworkRule({ hosts, prefix }) {
      const { projectId, commands: c } = commands();
      return c.networkRules.add(projectId, hosts, prefix);
    },
    removeNetworkRule({ id }) {
      const { projectId, commands: c } = commands();
      return { removed: c.networkRules.remove(projectId, id) };
    },
    decide({ approvalId, proposalHash, decision, alwaysAllowGlob }) {
      const { projectId, broker, selection } = deps.currentProject();
      const glob = alwaysAllowGlob === undefined ? undefined : validateRuleGlob(alwaysAllowGlob);
      if (glob !== undefined && decision.type === 'reject') {
        return {
          accepted: false,
          reason: '"always allow" goes with an approval, not a rejection.',
        };
      }
      const result = broker.decide({ approvalId, proposalHash, decision }, 'person');
      if (!result.accepted) return result;
      // Decided: a check of one of its selections still running is no longer worth its run.
      selection?.forget(approvalId);
      // Saved only for a decision that counted, so a stale click leaves no rule behind.
      if (glob !== undefined)
        deps.policies.addRule(projectId, { tool: 'write', pathGlob: glob, action: 'allow' });
      return { accepted: true };
    },
    checkDecision(input) {
      const { broker, selection } = deps.currentProject();
      return checkDecision(broker, selection, input);
    },
    approveAll({ conversationId }) {
      return { approved: deps.currentProject().broker.approveAll(conversationId, 'person') };
    },
    pending() {
      return deps.currentProject().broker.pending();
    },
    pendingToolCalls() {
      return deps.currentProject().broker.pendingToolCalls();
    },
    getPolicy() {
      const { mode, rules, approveWhenClean } = deps.policies.get(deps.currentProject().projectId);
      return { mode, rules: [...rules], approveWhenClean: approveWhenClean === true };
    },
    setApproveWhenClean({ enabled }) {
      const { projectId } = deps.currentProject();
      return { enabled: deps.policies.setApproveWhenClean(projectId, enabled) };
    },
    setMode({ mode }) {
      return { mode: deps.policies.setMode(deps.currentProject().projectId, mode) };
    },
    addRule(rule) {
      return deps.policies.addRule(deps.currentProject().projectId, rule);
    },
    removeRule({ id }) {
      return { removed: deps.policies.removeRule(deps.currentProject().projectId, id) };
    },
    audit({ conversationId }) {
      const { projectId, broker } = deps.currentProject();
      return deps.listAudit
        ? deps.listAudit({ projectId, conversationId })
        : broker.auditTrail(conversationId);
    },
    auditSummary({ sinceDays }) {
      const { projectId } = deps.currentProject();
      if (!deps.summarizeAudit) throw new Error('This session keeps no approval trail to count.');
      return deps.summarizeAudit({ projectId, sinceDays: sinceDays ?? null });
    },
  };
}
