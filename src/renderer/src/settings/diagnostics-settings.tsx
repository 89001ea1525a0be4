// Settings: "Check changes for errors": the checks behind the evidence panel, on or
// off as a whole and per language, and how long a live check may take before the review says
// it timed out. A switch saves at once; the deadline saves with its button.
import {
  DIAGNOSTICS_LANGUAGES,
  MAX_LIVE_DEADLINE_MS,
  MIN_LIVE_DEADLINE_MS,
  type DiagnosticsSettingsPatch,
} from '../../../shared/diagnostics-settings';
import { CheckField } from './check-field';
import { CheckerCeilingsSettings } from './checker-ceilings-settings';
import { DeadlineField, secondsToMs, useDeadlineText } from './deadline-field';
import type { SettingsSectionProps } from './settings-section';
import { languageName } from '../review/evidence-text';

type Props = SettingsSectionProps<DiagnosticsSettingsPatch>;

/** Seconds as typed → whole milliseconds, or null when it is not a deadline main accepts. */
export function deadlineMs(seconds: string): number | null {
  return secondsToMs(seconds, MIN_LIVE_DEADLINE_MS, MAX_LIVE_DEADLINE_MS);
}

export function DiagnosticsSettings({ settings, onSave }: Props) {
  const { diagnostics } = settings;
  const deadline = useDeadlineText(
    diagnostics.liveDeadlineMs,
    MIN_LIVE_DEADLINE_MS,
    MAX_LIVE_DEADLINE_MS,
  );
  const { ms } = deadline;
  const canSave = ms !== null && ms !== diagnostics.liveDeadlineMs;

  return (
    <fieldset className="settings-group" data-testid="diagnostics-settings">
      <legend>Check changes for errors</legend>
      <p className="muted small-text">
        Before you approve a change, its language&apos;s own checker looks for errors it would
        introduce. Approving never waits for it.
      </p>
      <CheckField checked={diagnostics.enabled} onChange={(on) => void onSave({ enabled: on })}>
        Check proposed changes for errors
      </CheckField>
      <fieldset className="settings-subgroup" disabled={!diagnostics.enabled}>
        <legend className="field-label">Languages</legend>
        {DIAGNOSTICS_LANGUAGES.map((language) => (
          <CheckField
            key={language}
            checked={diagnostics.languages[language]}
            onChange={(on) => void onSave({ languages: { [language]: on } })}
          >
            {languageName(language)}
          </CheckField>
        ))}
      </fieldset>
      <form
        className="settings-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (ms !== null && canSave) void onSave({ liveDeadlineMs: ms });
        }}
      >
        <DeadlineField
          label="Deadline of a check while you wait, in seconds"
          deadline={deadline}
          step={0.25}
          disabled={!diagnostics.enabled}
        />
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
