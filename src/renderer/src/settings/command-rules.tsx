// run_command's rules: `{prefix, allow|ask|deny}` matched against every simple command of a
// command line (deny > ask > allow). "Always allow" on a command card adds allow rules here;
// each can be seen and removed. Rules live in the app DB, never in the project.
import { useState } from 'react';
import type { CommandRule } from '../../../shared/command-approvals';
import { useClient } from '../app/client-context';
import { RuleActionSelect, RuleForm, RuleInput } from './rule-form';
import { RulesTable } from './rules-table';
import { words } from './rule-words';
import { useRuleList } from './use-rule-list';

export function CommandRules() {
  const client = useClient();
  const { rules, error, add, remove } = useRuleList<CommandRule>(
    'command rules',
    (client) => client.approvals.commandRules({}),
    (client, rule) => client.approvals.removeCommandRule({ id: rule.id }),
  );
  const [prefix, setPrefix] = useState('');
  const [action, setAction] = useState<CommandRule['action']>('allow');

  return (
    <fieldset className="settings-group" data-testid="command-rules">
      <legend>Command rules</legend>
      <p className="muted small-text">
        Matched against every command of a command line; deny beats ask beats allow. Without a
        sandbox, every command asks.
      </p>
      {error && <p className="error-text">{error}</p>}
      <RulesTable
        caption="Command rules"
        columns={[
          { header: 'Command prefix', cell: (rule) => <code>{rule.prefix.join(' ')}</code> },
          { header: 'Action', cell: (rule) => rule.action },
        ]}
        rules={rules}
        empty="No command rules: every command asks."
        removeLabel={(rule) => `Remove command rule ${rule.prefix.join(' ')} ${rule.action}`}
        onRemove={remove}
      />
      <RuleForm
        canAdd={words(prefix).length > 0}
        addLabel="Add command rule"
        onAdd={() =>
          add(
            () => client.approvals.addCommandRule({ prefix: words(prefix), action }),
            () => setPrefix(''),
          )
        }
      >
        <RuleInput
          label="Command prefix"
          placeholder="npm test"
          value={prefix}
          onChange={setPrefix}
        />
        <RuleActionSelect label="Command rule action" value={action} onChange={setAction} />
      </RuleForm>
    </fieldset>
  );
}
