// Approval policy per project, in the app DB. A project without a row is in
// 'ask' mode with no rules. Rules are listed so the person can see and remove every one.
import type { ApprovalMode, PolicyRule } from '../../../shared/approvals';
import { validateRuleGlob, PolicyRuleError, type PolicyState } from '../../../shared/policy-rules';
import type { WritableDb } from './database-handles';
import { createProjectRuleTable, type ProjectRuleTableOptions } from './project-rule-table';

export const DEFAULT_APPROVAL_MODE: ApprovalMode = 'ask';
/** Rules kept per project at most; adding beyond it fails closed with a message. */
export const MAX_RULES_PER_PROJECT = 500;

export interface PolicyRepository {
  get(projectId: string): PolicyState;
  setMode(projectId: string, mode: ApprovalMode): ApprovalMode;
  setApproveWhenClean(projectId: string, enabled: boolean): boolean;
  addRule(projectId: string, rule: Omit<PolicyRule, 'id'>): PolicyRule;
  removeRule(projectId: string, id: string): boolean;
}

interface RuleRow {
  id: string;
  tool: string;
  path_glob: string;
  action: PolicyRule['action'];
}

export function createPolicyRepository(
  db: WritableDb,
  options: ProjectRuleTableOptions = {},
): PolicyRepository {
  const now = options.now ?? (() => Date.now());
  const selectMode = db.prepare(
    'SELECT mode, approve_when_clean FROM approval_policies WHERE project_id = ?',
  );
  const upsertClean = db.prepare(`
    INSERT INTO approval_policies (project_id, mode, approve_when_clean, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (project_id) DO UPDATE SET approve_when_clean = excluded.approve_when_clean, updated_at = excluded.updated_at
  `);
  const upsertMode = db.prepare(`
    INSERT INTO approval_policies (project_id, mode, updated_at) VALUES (?, ?, ?)
    ON CONFLICT (project_id) DO UPDATE SET mode = excluded.mode, updated_at = excluded.updated_at
  `);
  const rules = createProjectRuleTable<RuleRow>(
    db,
    {
      table: 'approval_rules',
      columns: ['tool', 'path_glob', 'action'],
      idPrefix: 'rule-',
      limit: MAX_RULES_PER_PROJECT,
      noun: 'rules',
      refusal: PolicyRuleError,
    },
    options,
  );
  const toRule = (row: RuleRow): PolicyRule => ({
    id: row.id,
    tool: row.tool,
    pathGlob: row.path_glob,
    action: row.action,
  });
  return {
    get(projectId) {
      const row = selectMode.get(projectId) as
        { mode: ApprovalMode; approve_when_clean: number } | undefined;
      return {
        mode: row?.mode ?? DEFAULT_APPROVAL_MODE,
        rules: rules.list(projectId).map(toRule),
        approveWhenClean: row?.approve_when_clean === 1,
      };
    },
    setMode(projectId, mode) {
      upsertMode.run(projectId, mode, now());
      return mode;
    },
    setApproveWhenClean(projectId, enabled) {
      upsertClean.run(projectId, DEFAULT_APPROVAL_MODE, enabled ? 1 : 0, now());
      return enabled;
    },
    addRule(projectId, rule) {
      const pathGlob = validateRuleGlob(rule.pathGlob);
      const tool = rule.tool.trim();
      if (!tool || tool.length > 100)
        throw new PolicyRuleError('The rule needs a tool name, a kind (read, write) or *.');
      return toRule(rules.add(projectId, { tool, path_glob: pathGlob, action: rule.action }));
    },
    removeRule: (projectId, id) => rules.remove(projectId, id),
  };
}
