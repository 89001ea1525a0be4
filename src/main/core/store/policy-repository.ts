// Approval policy per project (issue 5 item 4), in the app DB. A project without a row is in
// 'ask' mode with no rules. Rules are listed so the person can see and remove every one.
import { randomUUID } from 'node:crypto';
import type { ApprovalMode, PolicyRule } from '../../../shared/approvals';
import { validateRuleGlob, PolicyRuleError, type PolicyState } from '../../../shared/policy-rules';
import type { WritableDb } from './database-handles';

export const DEFAULT_APPROVAL_MODE: ApprovalMode = 'ask';
/** Rules kept per project at most; adding beyond it fails closed with a message. */
export const MAX_RULES_PER_PROJECT = 500;

export interface PolicyRepository {
  get(projectId: string): PolicyState;
  setMode(projectId: string, mode: ApprovalMode): ApprovalMode;
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
  options: { now?: () => number; newId?: () => string } = {},
): PolicyRepository {
  const now = options.now ?? (() => Date.now());
  const newId = options.newId ?? (() => `rule-${randomUUID()}`);
  const selectMode = db.prepare('SELECT mode FROM approval_policies WHERE project_id = ?');
  const selectRules = db.prepare(
    'SELECT id, tool, path_glob, action FROM approval_rules WHERE project_id = ? ORDER BY created_at, rowid',
  );
  const upsertMode = db.prepare(`
    INSERT INTO approval_policies (project_id, mode, updated_at) VALUES (?, ?, ?)
    ON CONFLICT (project_id) DO UPDATE SET mode = excluded.mode, updated_at = excluded.updated_at
  `);
  const countRules = db.prepare('SELECT COUNT(*) AS n FROM approval_rules WHERE project_id = ?');
  const findSame = db.prepare(
    'SELECT id, tool, path_glob, action FROM approval_rules WHERE project_id = ? AND tool = ? AND path_glob = ? AND action = ?',
  );
  const insertRule = db.prepare(
    'INSERT INTO approval_rules (id, project_id, tool, path_glob, action, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const deleteRule = db.prepare('DELETE FROM approval_rules WHERE project_id = ? AND id = ?');
  const toRule = (row: RuleRow): PolicyRule => ({
    id: row.id,
    tool: row.tool,
    pathGlob: row.path_glob,
    action: row.action,
  });
  return {
    get(projectId) {
      const row = selectMode.get(projectId) as { mode: ApprovalMode } | undefined;
      return {
        mode: row?.mode ?? DEFAULT_APPROVAL_MODE,
        rules: (selectRules.all(projectId) as RuleRow[]).map(toRule),
      };
    },
    setMode(projectId, mode) {
      upsertMode.run(projectId, mode, now());
      return mode;
    },
    addRule(projectId, rule) {
      const pathGlob = validateRuleGlob(rule.pathGlob);
      const tool = rule.tool.trim();
      if (!tool || tool.length > 100)
        throw new PolicyRuleError('The rule needs a tool name, a kind (read, write) or *.');
      const same = findSame.get(projectId, tool, pathGlob, rule.action) as RuleRow | undefined;
      if (same) return toRule(same);
      const { n } = countRules.get(projectId) as { n: number };
      if (n >= MAX_RULES_PER_PROJECT) {
        throw new PolicyRuleError(
          `This project already has ${n} rules (limit ${MAX_RULES_PER_PROJECT}); remove some first.`,
        );
      }
      const id = newId();
      insertRule.run(id, projectId, tool, pathGlob, rule.action, now());
      return { id, tool, pathGlob, action: rule.action };
    },
    removeRule: (projectId, id) => deleteRule.run(projectId, id).changes > 0,
  };
}
