// Settings: key, model, base URL, round limit, theme, error checks, approval policy, git, MCP
// servers and hooks.
import type { Settings } from '../../../shared/contract';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import { useState } from 'react';
import { ApiKeyField } from './api-key-field';
import { ApprovalPolicy } from './approval-policy';
import { DiagnosticsSettings } from './diagnostics-settings';
import { TestRunSettings } from './test-run-settings';
import { CommandRules } from './command-rules';
import { NetworkRules } from './network-rules';
import { GitSettings } from './git-settings';
import { HookSettings } from './hook-settings';
import { McpSettings } from './mcp-settings';
import { ModelSettings, type SettingsPatch } from './model-settings';

interface Props {
  settings: Settings | null;
  onChange(settings: Settings): void;
}

export function SettingsPanel({ settings, onChange }: Props) {
  const client = useClient();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const run = async (what: string, call: () => Promise<Settings>) => {
    try {
      onChange(await call());
      setError(null);
      setSaved(`${what} saved.`);
      return true;
    } catch (failure) {
      setSaved(null);
      setError(`${what} not saved: ${errorMessage(failure)}`);
      return false;
    }
  };

  return (
    <section className="settings" aria-label="Settings">
      <header className="pane-header">
        <h2 className="pane-title">Settings</h2>
        {saved && (
          <span className="muted small-text" role="status">
            {saved}
          </span>
        )}
      </header>
      <div className="settings-body">
        {error && (
          <p className="error-text" role="alert">
            {error}
          </p>
        )}
        {!settings ? (
          <p className="muted">Loading settings…</p>
        ) : (
          <>
            <ApiKeyField
              settings={settings}
              onSave={(key) => run('API key', () => client.settings.setApiKey({ key }))}
              onClear={() => run('API key removal', () => client.settings.clearApiKey({}))}
            />
            <ModelSettings
              settings={settings}
              onSave={(patch: SettingsPatch) => run('Settings', () => client.settings.set(patch))}
            />
            <DiagnosticsSettings
              settings={settings}
              onSave={(diagnostics) =>
                run('Error checks', () => client.settings.set({ diagnostics }))
              }
            />
            <TestRunSettings
              settings={settings}
              onSave={(tests) => run('Test settings', () => client.settings.set({ tests }))}
            />
          </>
        )}
        <ApprovalPolicy />
        <CommandRules />
        <NetworkRules />
        <GitSettings />
        <McpSettings />
        <HookSettings />
      </div>
    </section>
  );
}
