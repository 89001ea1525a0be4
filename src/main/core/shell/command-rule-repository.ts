// run_command's rules per project, in the app DB (migration 0040). Only the person adds
// rules (an "always allow" decision or Settings); a bare interpreter is refused as a prefix.
import type { CommandRule } from '../../../shared/command-approvals';
import { validatePrefix } from './command-policy';
import type { WritableDb } from '../store/database-handles';
import { createProjectRuleTable, type ProjectRuleTableOptions } from '../store/project-rule-table';

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
  options: ProjectRuleTableOptions = {},
): CommandRuleRepository {
  const rows = createProjectRuleTable<Row>(
    db,
    {
      table: 'command_rules',
      columns: ['prefix_json', 'action'],
      idPrefix: 'cmdrule-',
      limit: MAX_COMMAND_RULES_PER_PROJECT,
      noun: 'command rules',
      refusal: CommandRuleError,
    },
    options,
  );
  const toRule = (row: Row): CommandRule => ({
    id: row.id,
    prefix: JSON.parse(row.prefix_json) as string[],
    action: row.action,
  });
  return {
    list: (projectId) => rows.list(projectId).map(toRule),
    add(projectId, rule) {
      const prefix = rule.prefix.map((w) => w.trim()).filter(Boolean);
      const problem = validatePrefix(prefix);
      if (problem) throw new CommandRuleError(`This rule cannot be saved: ${problem}.`);
      return toRule(
        rows.add(projectId, { prefix_json: JSON.stringify(prefix), action: rule.action }),
      );
    },
    remove: (projectId, id) => rows.remove(projectId, id),
  };
}
