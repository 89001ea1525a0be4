// Settings: "Run affected tests before approval", for the open project: on or off
// (saves at once), the command that starts the project's test runner in place of the one its
// package.json, pytest or go.mod names (Sluice still adds the selection and report options), and
// how long a proposal waits for the verdict before the review shows "still running".
import { useState } from 'react';
import type { Settings } from '../../../shared/contract';
import {
  MAX_TEST_DEADLINE_MS,
  MIN_TEST_DEADLINE_MS,
  type ProjectTestSettings,
  type ProjectTestSettingsPatch,
} from '../../../shared/test-run-settings';
import { TextField } from '../app/text-field';

interface Props {
  settings: Settings;
  onSave(patch: ProjectTestSettingsPatch): Promise<boolean>;
}

const MIN_SECONDS = MIN_TEST_DEADLINE_MS / 1000;
const MAX_SECONDS = MAX_TEST_DEADLINE_MS / 1000;

export function testDeadlineMs(seconds: string): number | null {
  if (seconds.trim() === '') return null;
  const value = Number(seconds);
  if (!Number.isFinite(value)) return null;
  const ms = Math.round(value * 1000);
  return ms >= MIN_TEST_DEADLINE_MS && ms <= MAX_TEST_DEADLINE_MS ? ms : null;
}

export function TestRunSettings({ settings, onSave }: Props) {
  // An engine without test runs sends nothing; with no project open, null.
  if (settings.tests === undefined) return null;
  return (
    <fieldset className="settings-group" data-testid="test-run-settings">
      <legend>Run affected tests before approval</legend>
      {settings.tests === null ? (
        <p className="muted small-text">Open a project to set its tests before approval.</p>
      ) : (
        <TestRunForm tests={settings.tests} onSave={onSave} />
      )}
    </fieldset>
  );
}

function TestRunForm({ tests, onSave }: { tests: ProjectTestSettings; onSave: Props['onSave'] }) {
  const [command, setCommand] = useState(tests.command);
  const [seconds, setSeconds] = useState(String(tests.liveDeadlineMs / 1000));
  const ms = testDeadlineMs(seconds);
  const changed = command.trim() !== tests.command || (ms !== null && ms !== tests.liveDeadlineMs);
  return (
    <>
      <p className="muted small-text">
        Before you approve a change in this project, the tests it can affect run on the proposed
        text in a private copy, without network. Approving never waits for them.
      </p>
      <label className="check-field">
        <input
          type="checkbox"
          checked={tests.enabled}
          onChange={(event) => void onSave({ enabled: event.target.checked })}
        />
        Run affected tests before approval in this project
      </label>
      <form
        className="settings-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (ms !== null && changed) void onSave({ command: command.trim(), liveDeadlineMs: ms });
        }}
      >
        <TextField
          label="Test runner command (empty: the one the project names)"
          value={command}
          placeholder="node_modules/.bin/vitest"
          disabled={!tests.enabled}
          onChange={setCommand}
        />
        <TextField
          label={`Wait for the tests, in seconds (${MIN_SECONDS}–${MAX_SECONDS})`}
          type="number"
          min={MIN_SECONDS}
          max={MAX_SECONDS}
          value={seconds}
          aria-invalid={ms === null}
          disabled={!tests.enabled}
          onChange={setSeconds}
        />
        {ms === null && (
          <p className="error-text small-text">
            Enter a number of seconds from {MIN_SECONDS} to {MAX_SECONDS}.
          </p>
        )}
        <button
          type="submit"
          className="button primary"
          disabled={!changed || ms === null || !tests.enabled}
        >
          Save test settings
        </button>
      </form>
    </>
  );
}
