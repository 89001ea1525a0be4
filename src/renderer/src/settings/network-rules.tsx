// run_command's network rules: host lists sandboxed commands may reach through the filtering
// proxy (everything else stays refused), for every command or only for command lines whose
// every command starts with a prefix. Each can be seen and removed; they live in the app DB,
// never in the project, so nothing inside the project can add one.
import { useState } from 'react';
import type { NetworkRule } from '../../../shared/command-approvals';
import { useClient } from '../app/client-context';
import { RuleForm, RuleInput } from './rule-form';
import { RulesTable } from './rules-table';
import { hostList, words } from './rule-words';
import { useRuleList } from './use-rule-list';

export function NetworkRules() {
  const client = useClient();
  const { rules, error, add, remove } = useRuleList<NetworkRule>(
    'network rules',
    (client) => client.approvals.networkRules({}),
    (client, rule) => client.approvals.removeNetworkRule({ id: rule.id }),
  );
  const [hosts, setHosts] = useState('');
  const [prefix, setPrefix] = useState('');

  const describe = (rule: NetworkRule) =>
    `${rule.hosts.join(', ')}${rule.prefix ? ` for ${rule.prefix.join(' ')}` : ''}`;

  return (
    <fieldset className="settings-group" data-testid="network-rules">
      <legend>Network rules</legend>
      <p className="muted small-text">
        Sandboxed commands have no network. A rule lets them reach only the hosts it lists (through
        a filtering proxy: HTTP and HTTPS; other hosts, IP addresses and names that resolve to your
        machine or network are refused unless listed). A host without a port means ports 80 and 443;{' '}
        <code>*.example.com</code> covers its subdomains. With a command prefix, the rule applies
        only when every command of the line starts with it.
      </p>
      {error && <p className="error-text">{error}</p>}
      <RulesTable
        caption="Network rules"
        columns={[
          { header: 'Hosts', cell: (rule) => <code>{rule.hosts.join(', ')}</code> },
          {
            header: 'Commands',
            cell: (rule) => (rule.prefix ? <code>{rule.prefix.join(' ')}</code> : 'every command'),
          },
        ]}
        rules={rules}
        empty="No network rules: sandboxed commands have no network unless you allow it on the approval card."
        removeLabel={(rule) => `Remove network rule ${describe(rule)}`}
        onRemove={remove}
      />
      <RuleForm
        className="network-rule-form"
        canAdd={hostList(hosts).length > 0}
        addLabel="Add network rule"
        onAdd={() => {
          const scope = words(prefix);
          add(
            () =>
              client.approvals.addNetworkRule({
                hosts: hostList(hosts),
                ...(scope.length ? { prefix: scope } : {}),
              }),
            () => {
              setHosts('');
              setPrefix('');
            },
          );
        }}
      >
        <RuleInput
          label="Hosts"
          placeholder="registry.npmjs.org, *.example.com:8443"
          value={hosts}
          onChange={setHosts}
        />
        <RuleInput
          label="Only for commands starting with (optional)"
          placeholder="npm install (optional)"
          value={prefix}
          onChange={setPrefix}
        />
      </RuleForm>
    </fieldset>
  );
}
