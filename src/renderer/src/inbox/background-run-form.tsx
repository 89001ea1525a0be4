// "Run in background": a prompt, the commands the run may use in its private copy, and where it
// runs (this machine or a container). The inbox owns the error line, which Stop shares.
import { useState } from 'react';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import { InboxField } from './inbox-field';

interface Props {
  error: string | null;
  onError(message: string | null): void;
  /** The run has started; its change set is the one to open. */
  onStarted(changeSetId: string): Promise<void>;
}

function commandLines(allowed: string): string[] {
  return allowed
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

export function BackgroundRunForm({ error, onError, onStarted }: Props) {
  const client = useClient();
  const [text, setText] = useState('');
  const [allowed, setAllowed] = useState('');
  const [where, setWhere] = useState<'local' | 'container'>('local');
  const [image, setImage] = useState('');

  const runInBackground = async () => {
    onError(null);
    try {
      const allowCommands = commandLines(allowed);
      const started = await client.proposals.runInBackground({
        text: text.trim(),
        ...(allowCommands.length ? { allowCommands } : {}),
        ...(where === 'container'
          ? { executor: 'container' as const, ...(image.trim() ? { image: image.trim() } : {}) }
          : {}),
      });
      setText('');
      await onStarted(started.changeSetId);
    } catch (failure) {
      onError(errorMessage(failure));
    }
  };

  return (
    <form
      className="inbox-run"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) void runInBackground();
      }}
    >
      <InboxField
        label="Run in background (changes land here for review, never on disk)"
        value={text}
        testId="background-prompt"
        onChange={setText}
      />
      <InboxField
        label="Commands it may run, one per line (e.g. npm test); your allow rules apply too"
        value={allowed}
        testId="background-allow-commands"
        onChange={setAllowed}
      />
      <label className="inbox-run-where">
        <span>Where it runs</span>
        <select
          className="input"
          value={where}
          data-testid="background-executor"
          onChange={(e) => setWhere(e.target.value === 'container' ? 'container' : 'local')}
        >
          <option value="local">This machine (a private copy)</option>
          <option value="container">A container (Docker or Podman, DOCKER_HOST)</option>
        </select>
      </label>
      {where === 'container' && (
        <label className="inbox-run-where">
          <span>Image (empty: the project&apos;s devcontainer, else Settings); never pulled</span>
          <input
            className="input"
            value={image}
            data-testid="background-image"
            placeholder="e.g. localhost/my-node:20"
            onChange={(e) => setImage(e.target.value)}
          />
        </label>
      )}
      <button
        type="submit"
        className="button"
        disabled={!text.trim()}
        data-testid="run-in-background"
      >
        Run in background
      </button>
      {error && <p className="error-text">{error}</p>}
    </form>
  );
}
