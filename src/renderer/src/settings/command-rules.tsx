// run_command's rules: `{prefix, allow|ask|deny}` matched against every simple command of a
// command line (deny > ask > allow). "Always allow" on a command card adds allow rules here;
// each can be seen and removed. Rules live in the app DB, never in the project.
import { useEffect, useState } from 'react';
import type { CommandRule } from '../../../shared/command-approvals';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';

/** Splits "npm run build" into words; quotes are not interpreted (prefixes are plain words). */
function words(text: string): string[] {
  return text.split(/\s+/u).filter(Boolean);
}

export function CommandRules() {
  const client = useClient();
  const [rules, setRules] = useState<CommandRule[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [prefix, setPrefix] = useState('');
  const [action, setAction] = useState<CommandRule['action']>('allow');

  const call = async (what: string, run: () => Promise<void>) => {
    try {
      await run();
      setError(null);
    } catch (failure) {
      setError(`Could not ${what}: ${errorMessage(failure)}`);
    }
  };

  useEffect(() => {
    void call('load the command rules', async () =>
      setRules(await client.approvals.commandRules({})),
    );
  }, [client]);

  return (
    <fieldset className="settings-group" data-testid="command-rules">
      <legend>Command rules</legend>
      <p className="muted small-text">
        Matched against every command of a command line; deny beats ask beats allow. Without a
        sandbox, every command asks.
      </p>
      {error && <p className="error-text">{error}</p>}
      <table className="rules-table">
        <caption className="field-label">Command rules</caption>
        <thead>
          <tr>
            <th>Command prefix</th>
            <th>Action</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rules.length === 0 && (
            <tr>
              <td colSpan={3} className="muted small-text">
                No command rules: every command asks.
              </td>
            </tr>
          )}
          {rules.map((rule) => (
            <tr key={rule.id}>
              <td>
                <code>{rule.prefix.join(' ')}</code>
              </td>
              <td>{rule.action}</td>
              <td>
                <button
                  type="button"
                  className="button small"
                  aria-label={`Remove command rule ${rule.prefix.join(' ')} ${rule.action}`}
                  onClick={() =>
                    void call('remove the rule', async () => {
                      await client.approvals.removeCommandRule({ id: rule.id });
                      setRules((list) => list.filter((item) => item.id !== rule.id));
                    })
                  }
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
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
