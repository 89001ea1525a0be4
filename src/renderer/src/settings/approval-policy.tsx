// Approval mode and rules (deny > ask > allow; protected paths always ask).
import { useEffect, useState } from 'react';
import type { ApprovalMode, PolicyRule } from '../../../shared/approvals';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';

const modeText: Record<ApprovalMode, string> = {
  ask: 'Ask before every write',
  'auto-edit': 'Apply edits without asking (rules and protected paths still ask)',
  'read-only': 'Read only: refuse every write',
};

export function ApprovalPolicy() {
  const client = useClient();
  const [mode, setMode] = useState<ApprovalMode | null>(null);
  const [rules, setRules] = useState<PolicyRule[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [tool, setTool] = useState('write');
  const [pathGlob, setPathGlob] = useState('');
  const [action, setAction] = useState<PolicyRule['action']>('allow');

  const call = async (what: string, run: () => Promise<void>) => {
    try {
      await run();
      setError(null);
    } catch (failure) {
      setError(`Could not ${what}: ${errorMessage(failure)}`);
    }
  };

  useEffect(() => {
    void call('load the approval policy', async () => {
      const policy = await client.approvals.getPolicy({});
      setMode(policy.mode);
      setRules(policy.rules);
    });
  }, [client]);

  return (
    <fieldset className="settings-group">
      <legend>Approvals</legend>
      {error && <p className="error-text">{error}</p>}
      {mode && (
        <label className="field">
          <span className="field-label">Mode</span>
          <select
            className="input"
            value={mode}
            onChange={(event) => {
              const next = event.target.value as ApprovalMode;
              void call('change the mode', async () =>
                setMode((await client.approvals.setMode({ mode: next })).mode),
              );
            }}
          >
            {(Object.keys(modeText) as ApprovalMode[]).map((option) => (
              <option key={option} value={option}>
                {modeText[option]}
              </option>
            ))}
          </select>
        </label>
      )}
      <table className="rules-table">
        <caption className="field-label">Rules</caption>
        <thead>
          <tr>
            <th>Tool</th>
            <th>Path glob</th>
            <th>Action</th>
            <th>
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rules.length === 0 && (
            <tr>
              <td colSpan={4} className="muted small-text">
                No rules.
              </td>
            </tr>
          )}
          {rules.map((rule) => (
            <tr key={rule.id}>
              <td>{rule.tool}</td>
              <td>
                <code>{rule.pathGlob}</code>
              </td>
              <td>{rule.action}</td>
              <td>
                <button
                  type="button"
                  className="button small"
                  aria-label={`Remove rule ${rule.tool} ${rule.pathGlob} ${rule.action}`}
                  onClick={() =>
                    void call('remove the rule', async () => {
                      await client.approvals.removeRule({ id: rule.id });
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
          if (!tool.trim() || !pathGlob.trim()) return;
          void call('add the rule', async () => {
            const rule = await client.approvals.addRule({
              tool: tool.trim(),
              pathGlob: pathGlob.trim(),
              action,
            });
            setRules((list) => [...list, rule]);
            setPathGlob('');
          });
        }}
      >
        <input
          className="input small"
          aria-label="Rule tool"
          value={tool}
          onChange={(event) => setTool(event.target.value)}
        />
        <input
          className="input small"
          aria-label="Rule path glob"
          placeholder="src/**/*.ts"
          value={pathGlob}
          onChange={(event) => setPathGlob(event.target.value)}
        />
        <select
          className="input small"
          aria-label="Rule action"
          value={action}
          onChange={(event) => setAction(event.target.value as PolicyRule['action'])}
        >
          <option value="allow">allow</option>
          <option value="ask">ask</option>
          <option value="deny">deny</option>
        </select>
        <button type="submit" className="button small" disabled={!tool.trim() || !pathGlob.trim()}>
          Add rule
        </button>
      </form>
    </fieldset>
  );
}
