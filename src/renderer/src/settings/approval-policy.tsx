// Approval mode and rules (deny > ask > allow; protected paths always ask).
import { useState } from 'react';
import type { ApprovalMode, PolicyRule } from '../../../shared/approvals';
import { useClient } from '../app/client-context';
import { RuleActionSelect, RuleForm, RuleInput } from './rule-form';
import { RulesTable } from './rules-table';
import { CheckField } from './check-field';
import { ApprovalCounts } from './approval-counts';
import { useRuleList } from './use-rule-list';

const modeText: Record<ApprovalMode, string> = {
  ask: 'Ask before every write',
  'auto-edit': 'Apply edits without asking (rules and protected paths still ask)',
  'read-only': 'Read only: refuse every write',
  plan: 'Plan: explore read-only, then approve a plan before anything is written',
};

export function ApprovalPolicy() {
  const client = useClient();
  const [mode, setMode] = useState<ApprovalMode | null>(null);
  const [whenClean, setWhenClean] = useState(false);
  const { rules, error, call, add, remove } = useRuleList<PolicyRule>(
    'approval policy',
    async (client) => {
      const policy = await client.approvals.getPolicy({});
      setMode(policy.mode);
      setWhenClean(policy.approveWhenClean);
      return policy.rules;
    },
    (client, rule) => client.approvals.removeRule({ id: rule.id }),
  );
  const [tool, setTool] = useState('write');
  const [pathGlob, setPathGlob] = useState('');
  const [action, setAction] = useState<PolicyRule['action']>('allow');

  return (
    <fieldset className="settings-group">
      <legend>Approvals</legend>
      {error && <p className="error-text">{error}</p>}
      <ApprovalCounts />
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
      {mode === 'ask' && (
        <CheckField
          checked={whenClean}
          onChange={(enabled) =>
            void call('change when to ask', async () =>
              setWhenClean((await client.approvals.setApproveWhenClean({ enabled })).enabled),
            )
          }
        >
          Approve when the evidence is clean: apply a write without asking when its check is
          complete and finds no new errors and no newly failing tests (anything else is asked; a
          checkpoint keeps every write)
        </CheckField>
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
        onRemove={remove}
      />
      <RuleForm
        canAdd={tool.trim() !== '' && pathGlob.trim() !== ''}
        addLabel="Add rule"
        onAdd={() =>
          add(
            () =>
              client.approvals.addRule({ tool: tool.trim(), pathGlob: pathGlob.trim(), action }),
            () => setPathGlob(''),
          )
        }
      >
        <RuleInput label="Rule tool" value={tool} onChange={setTool} />
        <RuleInput
          label="Rule path glob"
          placeholder="src/**/*.ts"
          value={pathGlob}
          onChange={setPathGlob}
        />
        <RuleActionSelect label="Rule action" value={action} onChange={setAction} />
      </RuleForm>
    </fieldset>
  );
}
