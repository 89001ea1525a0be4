// The API key goes to main and never comes back: the field is always empty, and only where
// the key is stored is shown.
import { useState } from 'react';
import type { Settings } from '../../../shared/contract';

const storageText: Record<Settings['keyStorage'], string> = {
  safeStorage: 'stored encrypted by the operating system',
  basic_text: 'stored with weak protection',
  env: 'taken from ANTHROPIC_API_KEY',
  memory: 'kept in memory for this session only',
  none: 'not set',
};

interface Props {
  settings: Settings;
  onSave(key: string): Promise<boolean>;
  onClear(): Promise<boolean>;
}

export function ApiKeyField({ settings, onSave, onClear }: Props) {
  const [key, setKey] = useState('');
  return (
    <fieldset className="settings-group">
      <legend>Anthropic API key</legend>
      <p className="small-text" data-testid="key-status">
        {settings.hasApiKey
          ? `A key is set: ${storageText[settings.keyStorage]}.`
          : 'No key is set.'}
      </p>
      {settings.keyStorage === 'basic_text' && (
        <p className="warning-text" role="alert">
          This system has no secure key store (Electron reports basic_text): the key is saved with
          weak protection that other programs running as you can read.
        </p>
      )}
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = key.trim();
          if (!trimmed) return;
          void onSave(trimmed).then((saved) => saved && setKey(''));
        }}
      >
        <input
          className="input"
          type="password"
          aria-label="New API key"
          autoComplete="off"
          spellCheck={false}
          placeholder={settings.hasApiKey ? 'Enter a new key to replace it' : 'sk-ant-…'}
          value={key}
          onChange={(event) => setKey(event.target.value)}
        />
        <button type="submit" className="button primary" disabled={key.trim() === ''}>
          Save key
        </button>
        {settings.hasApiKey && settings.keyStorage !== 'env' && (
          <button type="button" className="button" onClick={() => void onClear()}>
            Remove key
          </button>
        )}
      </form>
    </fieldset>
  );
}
