// run_command's rules per project, in the app DB (migration 0040). Only the person adds
// rules (an "always allow" decision or Settings); a bare interpreter is refused as a prefix.
import { randomUUID } from 'node:crypto';
import type { CommandRule } from '../../../shared/command-approvals';
import { validatePrefix } from './command-policy';
import type { WritableDb } from '../store/database-handles';

export const MAX_COMMAND_RULES_PER_PROJECT = 500;

export class CommandRuleError extends Error {
  override readonly name = 'CommandRuleError';
}

export interface CommandRuleRepository {
  list(projectId: string): CommandRule[];
  add(projectId: string, rule: Omit<CommandRule, 'id'>): CommandRule;
  remove(projectId: string, id: string): boolean;
}

interface Row {
  id: string;
  prefix_json: string;
  action: CommandRule['action'];
}

export function createCommandRuleRepository(
  db: WritableDb,
  options: { now?: () => number; newId?: () => string } = {},
): CommandRuleRepository {
  const now = options.now ?? (() => Date.now());
  const newId = options.newId ?? (() => `cmdrule-${randomUUID()}`);
  const select = db.prepare(
    'SELECT id, prefix_json, action FROM command_rules WHERE project_id = ? ORDER BY created_at, rowid',
  );
  const findSame = db.prepare(
    'SELECT id, prefix_json, action FROM command_rules WHERE project_id = ? AND prefix_json = ? AND action = ?',
  );
  const count = db.prepare('SELECT COUNT(*) AS n FROM command_rules WHERE project_id = ?');
  const insert = db.prepare(
    'INSERT INTO command_rules (id, project_id, prefix_json, action, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const remove = db.prepare('DELETE FROM command_rules WHERE project_id = ? AND id = ?');
  const toRule = (row: Row): CommandRule => ({
    id: row.id,
    prefix: JSON.parse(row.prefix_json) as string[],
    action: row.action,
  });
  return {
    list: (projectId) => (select.all(projectId) as Row[]).map(toRule),
    add(projectId, rule) {
      const prefix = rule.prefix.map((w) => w.trim()).filter(Boolean);
      const problem = validatePrefix(prefix);
      if (problem) throw new CommandRuleError(`This rule cannot be saved: ${problem}.`);
      const json = JSON.stringify(prefix);
      const same = findSame.get(projectId, json, rule.action) as Row | undefined;
      if (same) return toRule(same);
      const { n } = count.get(projectId) as { n: number };
      if (n >= MAX_COMMAND_RULES_PER_PROJECT)
        throw new CommandRuleError(
          `This project already has ${n} command rules (limit ${MAX_COMMAND_RULES_PER_PROJECT}); remove some first.`,
        );
      const id = newId();
      insert.run(id, projectId, json, rule.action, now());
      return { id, prefix, action: rule.action };
    },
    remove: (projectId, id) => remove.run(projectId, id).changes > 0,
  };
}
