// run_command's network rules: host lists sandboxed commands may reach through the filtering
// proxy (everything else stays refused), for every command or only for command lines whose
// every command starts with a prefix. Each can be seen and removed; they live in the app DB,
// never in the project, so nothing inside the project can add one.
import { useEffect, useState } from 'react';
import type { NetworkRule } from '../../../shared/command-approvals';
import { useClient } from '../app/client-context';
import { RulesTable } from './rules-table';
import { useSettingsCall } from './use-settings-call';

function split(text: string, separators: RegExp): string[] {
  return text.split(separators).filter(Boolean);
}

const hostList = (text: string) => split(text, /[\s,]+/u);
const words = (text: string) => split(text, /\s+/u);

export function NetworkRules() {
  const client = useClient();
  const [rules, setRules] = useState<NetworkRule[]>([]);
  const { error, call } = useSettingsCall();
  const [hosts, setHosts] = useState('');
  const [prefix, setPrefix] = useState('');

  useEffect(() => {
    void call('load the network rules', async () =>
      setRules(await client.approvals.networkRules({})),
    );
  }, [client, call]);

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
        onRemove={(rule) =>
          void call('remove the rule', async () => {
            await client.approvals.removeNetworkRule({ id: rule.id });
            setRules((list) => list.filter((item) => item.id !== rule.id));
          })
        }
      />
      <form
        className="inline-form rule-form network-rule-form"
        onSubmit={(event) => {
          event.preventDefault();
          const list = hostList(hosts);
          if (!list.length) return;
          const scope = words(prefix);
          void call('add the rule', async () => {
            const rule = await client.approvals.addNetworkRule({
              hosts: list,
              ...(scope.length ? { prefix: scope } : {}),
            });
            setRules((current) => [...current.filter((r) => r.id !== rule.id), rule]);
            setHosts('');
            setPrefix('');
          });
        }}
      >
        <input
          className="input small"
          aria-label="Hosts"
          placeholder="registry.npmjs.org, *.example.com:8443"
          value={hosts}
          onChange={(event) => setHosts(event.target.value)}
        />
        <input
          className="input small"
          aria-label="Only for commands starting with (optional)"
          placeholder="npm install (optional)"
          value={prefix}
          onChange={(event) => setPrefix(event.target.value)}
        />
        <button type="submit" className="button small" disabled={!hostList(hosts).length}>
          Add network rule
        </button>
      </form>
    </fieldset>
  );
}
