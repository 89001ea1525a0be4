// Approval mode and rules (deny > ask > allow; protected paths always ask).
import { useEffect, useState } from 'react';
import type { ApprovalMode, PolicyRule } from '../../../shared/approvals';
import { useClient } from '../app/client-context';
import { RulesTable } from './rules-table';
import { useSettingsCall } from './use-settings-call';

const modeText: Record<ApprovalMode, string> = {
  ask: 'Ask before every write',
  'auto-edit': 'Apply edits without asking (rules and protected paths still ask)',
  'read-only': 'Read only: refuse every write',
};

export function ApprovalPolicy() {
  const client = useClient();
  const [mode, setMode] = useState<ApprovalMode | null>(null);
  const [rules, setRules] = useState<PolicyRule[]>([]);
  const { error, call } = useSettingsCall();
  const [tool, setTool] = useState('write');
  const [pathGlob, setPathGlob] = useState('');
  const [action, setAction] = useState<PolicyRule['action']>('allow');

  useEffect(() => {
    void call('load the approval policy', async () => {
      const policy = await client.approvals.getPolicy({});
      setMode(policy.mode);
      setRules(policy.rules);
    });
  }, [client, call]);

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
      <RulesTable
        caption="Rules"
        columns={[
          { header: 'Tool', cell: (rule) => rule.tool },
          { header: 'Path glob', cell: (rule) => <code>{rule.pathGlob}</code> },
          { header: 'Action', cell: (rule) => rule.action },
        ]}
        rules={rules}
        empty="No rules."
        removeLabel={(rule) => `Remove rule ${rule.tool} ${rule.pathGlob} ${rule.action}`}
        onRemove={(rule) =>
          void call('remove the rule', async () => {
            await client.approvals.removeRule({ id: rule.id });
            setRules((list) => list.filter((item) => item.id !== rule.id));
          })
        }
      />
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
