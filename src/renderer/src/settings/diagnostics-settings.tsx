// Settings: "Check changes for errors": the checks behind the evidence panel, on or
// off as a whole and per language, and how long a live check may take before the review says
// it timed out. A switch saves at once; the deadline saves with its button.
import { useState } from 'react';
import type { Settings } from '../../../shared/contract';
import {
  DIAGNOSTICS_LANGUAGES,
  MAX_LIVE_DEADLINE_MS,
  MIN_LIVE_DEADLINE_MS,
  type DiagnosticsSettingsPatch,
} from '../../../shared/diagnostics-settings';
import { TextField } from '../app/text-field';
import { CheckerCeilingsSettings } from './checker-ceilings-settings';
import { languageName } from '../review/evidence-text';

interface Props {
  settings: Settings;
  onSave(patch: DiagnosticsSettingsPatch): Promise<boolean>;
}

const MIN_SECONDS = MIN_LIVE_DEADLINE_MS / 1000;
const MAX_SECONDS = MAX_LIVE_DEADLINE_MS / 1000;

/** Seconds as typed → whole milliseconds, or null when it is not a deadline main accepts. */
export function deadlineMs(seconds: string): number | null {
  if (seconds.trim() === '') return null;
  const value = Number(seconds);
  if (!Number.isFinite(value)) return null;
  const ms = Math.round(value * 1000);
  return ms >= MIN_LIVE_DEADLINE_MS && ms <= MAX_LIVE_DEADLINE_MS ? ms : null;
}

export function DiagnosticsSettings({ settings, onSave }: Props) {
  const { diagnostics } = settings;
  const [seconds, setSeconds] = useState(String(diagnostics.liveDeadlineMs / 1000));
  const ms = deadlineMs(seconds);
  const canSave = ms !== null && ms !== diagnostics.liveDeadlineMs;

  return (
    <fieldset className="settings-group" data-testid="diagnostics-settings">
      <legend>Check changes for errors</legend>
      <p className="muted small-text">
        Before you approve a change, its language&apos;s own checker looks for errors it would
        introduce. Approving never waits for it.
      </p>
      <label className="check-field">
        <input
          type="checkbox"
          checked={diagnostics.enabled}
          onChange={(event) => void onSave({ enabled: event.target.checked })}
        />
        Check proposed changes for errors
      </label>
      <fieldset className="settings-subgroup" disabled={!diagnostics.enabled}>
        <legend className="field-label">Languages</legend>
        {DIAGNOSTICS_LANGUAGES.map((language) => (
          <label key={language} className="check-field">
            <input
              type="checkbox"
              checked={diagnostics.languages[language]}
              onChange={(event) => void onSave({ languages: { [language]: event.target.checked } })}
            />
            {languageName(language)}
          </label>
        ))}
      </fieldset>
      <form
        className="settings-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (ms !== null && canSave) void onSave({ liveDeadlineMs: ms });
        }}
      >
        <TextField
          label={`Deadline of a check while you wait, in seconds (${MIN_SECONDS}–${MAX_SECONDS})`}
          type="number"
          min={MIN_SECONDS}
          max={MAX_SECONDS}
          step={0.25}
          value={seconds}
          aria-invalid={ms === null}
          disabled={!diagnostics.enabled}
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
          disabled={!canSave || !diagnostics.enabled}
        >
          Save deadline
        </button>
      </form>
      <CheckerCeilingsSettings settings={settings} onSave={onSave} />
    </fieldset>
  );
}
