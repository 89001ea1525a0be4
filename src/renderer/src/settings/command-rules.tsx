// run_command's rules: `{prefix, allow|ask|deny}` matched against every simple command of a
// command line (deny > ask > allow). "Always allow" on a command card adds allow rules here;
// each can be seen and removed. Rules live in the app DB, never in the project.
import { useEffect, useState } from 'react';
import type { CommandRule } from '../../../shared/command-approvals';
import { useClient } from '../app/client-context';
import { RulesTable } from './rules-table';
import { useSettingsCall } from './use-settings-call';

/** Splits "npm run build" into words; quotes are not interpreted (prefixes are plain words). */
function words(text: string): string[] {
  return text.split(/\s+/u).filter(Boolean);
}

export function CommandRules() {
  const client = useClient();
  const [rules, setRules] = useState<CommandRule[]>([]);
  const { error, call } = useSettingsCall();
  const [prefix, setPrefix] = useState('');
  const [action, setAction] = useState<CommandRule['action']>('allow');

  useEffect(() => {
    void call('load the command rules', async () =>
      setRules(await client.approvals.commandRules({})),
    );
  }, [client, call]);

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
        onRemove={(rule) =>
          void call('remove the rule', async () => {
            await client.approvals.removeCommandRule({ id: rule.id });
            setRules((list) => list.filter((item) => item.id !== rule.id));
          })
        }
      />
      <form
        className="inline-form rule-form"
        onSubmit={(event) => {
          event.preventDefault();
          const list = words(prefix);
          if (!list.length) return;
          void call('add the rule', async () => {
            const rule = await client.approvals.addCommandRule({ prefix: list, action });
            setRules((current) => [...current.filter((r) => r.id !== rule.id), rule]);
            setPrefix('');
          });
        }}
      >
        <input
          className="input small"
          aria-label="Command prefix"
          placeholder="npm test"
          value={prefix}
          onChange={(event) => setPrefix(event.target.value)}
        />
        <select
          className="input small"
          aria-label="Command rule action"
          value={action}
          onChange={(event) => setAction(event.target.value as CommandRule['action'])}
        >
          <option value="allow">allow</option>
          <option value="ask">ask</option>
          <option value="deny">deny</option>
        </select>
        <button type="submit" className="button small" disabled={!words(prefix).length}>
          Add command rule
        </button>
      </form>
    </fieldset>
  );
}
