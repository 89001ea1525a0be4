// Settings: "Run affected tests before approval", for the open project: on or off
// (saves at once), the command that starts the project's test runner in place of the one its
// package.json, pytest or go.mod names (Sluice still adds the selection and report options), and
// how long a proposal waits for the verdict before the review shows "still running".
import { useState } from 'react';
import {
  MAX_TEST_DEADLINE_MS,
  MIN_TEST_DEADLINE_MS,
  type ProjectTestSettings,
  type ProjectTestSettingsPatch,
} from '../../../shared/test-run-settings';
import { TextField } from '../app/text-field';
import { CheckField } from './check-field';
import { DeadlineField, secondsToMs, useDeadlineText } from './deadline-field';
import type { SettingsSectionProps } from './settings-section';

type Props = SettingsSectionProps<ProjectTestSettingsPatch>;

export function testDeadlineMs(seconds: string): number | null {
  return secondsToMs(seconds, MIN_TEST_DEADLINE_MS, MAX_TEST_DEADLINE_MS);
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
  const deadline = useDeadlineText(
    tests.liveDeadlineMs,
    MIN_TEST_DEADLINE_MS,
    MAX_TEST_DEADLINE_MS,
  );
  const { ms } = deadline;
  const changed = command.trim() !== tests.command || (ms !== null && ms !== tests.liveDeadlineMs);
  return (
    <>
      <p className="muted small-text">
        Before you approve a change in this project, the tests it can affect run on the proposed
        text in a private copy, without network. Approving never waits for them.
      </p>
      <CheckField checked={tests.enabled} onChange={(on) => void onSave({ enabled: on })}>
        Run affected tests before approval in this project
      </CheckField>
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
        <DeadlineField
          label="Wait for the tests, in seconds"
          deadline={deadline}
          disabled={!tests.enabled}
        />
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
