// run_command's objects for one open project, over the app DB: the approval gate (mode from
// the approval policy, rules from command_rules, both read fresh per request), the rule
// repository, and the port tools receive. Built by the project engine (project/project-gates.ts).
import path from 'node:path';
import { CommandApprovalGate } from './command-approval-gate';
import type { ApprovalRegistry } from '../approvals/approval-registry';
import type { ApprovalAudit } from '../store/approval-audit-records';
import type { CheckpointStore } from '../checkpoints/checkpoint-store';
import type { WritableDb } from '../store/database-handles';
import {
  createCommandRuleRepository,
  type CommandRuleRepository,
} from '../shell/command-rule-repository';
import type { CommandRule } from '../../../shared/command-approvals';
import type { ApprovalMode } from '../../../shared/approvals';
import {
  createNetworkRuleRepository,
  type NetworkRuleRepository,
} from '../shell/network-rule-repository';
import { createPolicyRepository } from '../store/policy-repository';
import type { SandboxAvailability } from '../sandbox/bubblewrap';
import { detectSandbox } from '../sandbox/sandbox-detect';
import type { CommandPort } from './command-port';

export interface ProjectCommands {
  readonly gate: CommandApprovalGate;
  readonly rules: CommandRuleRepository;
  /** Host lists sandboxed commands may reach through the filtering proxy (migration 0041). */
  readonly networkRules: NetworkRuleRepository;
  readonly port: CommandPort;
  dispose(): void;
}

export function createProjectCommands(deps: {
  db: WritableDb;
  projectId: string;
  /** SLUICE_HOME: full outputs go under it, and commands cannot see it. */
  home: string;
  checkpoints?: CheckpointStore;
  audit?: ApprovalAudit;
  sandbox?: SandboxAvailability;
  /** The project's one registry of waiting decisions (the approval broker's). */
  registry?: ApprovalRegistry;
  /** The run's mode in place of the stored one (`sluice ask --mode`, an approved plan); rules still apply. */
  modeOverride?: (() => ApprovalMode | undefined) | undefined;
  /** Told of a rule "always allow" saved, so the shell can say how to remove it. */
  onRuleSaved?: (rule: CommandRule) => void;
}): ProjectCommands {
  const policies = createPolicyRepository(deps.db);
  const rules = createCommandRuleRepository(deps.db);
  const networkRules = createNetworkRuleRepository(deps.db);
  const gate = new CommandApprovalGate({
    policy: () => ({
      mode: deps.modeOverride?.() ?? policies.get(deps.projectId).mode,
      rules: rules.list(deps.projectId),
    }),
    addAllowRule: (prefix) => {
      const rule = rules.add(deps.projectId, { prefix, action: 'allow' });
      deps.onRuleSaved?.(rule);
    },
    audit: deps.audit,
    ...(deps.registry ? { registry: deps.registry } : {}),
  });
  const port: CommandPort = {
    gate,
    sandbox: deps.sandbox ?? detectSandbox(),
    outputDir: commandOutputDir(deps.home, deps.projectId),
    hidden: [deps.home],
    networkRules: () => networkRules.scopedHosts(deps.projectId),
    checkpoints: deps.checkpoints,
  };
  return {
    gate,
    rules,
    networkRules,
    port,
    dispose: () => void gate.abortAll('the project was closed'),
  };
}

/** Where a project's full command outputs are kept, under SLUICE_HOME. */
export function commandOutputDir(home: string, projectId: string): string {
  return path.join(home, 'command-output', projectId);
}
