// Settings: the ceilings of every confined checker: memory, CPU time per process,
// and the hard ceiling after which a checker that has not answered is stopped. One form, saved
// with its button; a value outside the bounds main accepts is refused before it is sent.
import { useState } from 'react';
import {
  CHECKER_CEILING_BOUNDS,
  type DiagnosticsSettingsPatch,
} from '../../../shared/diagnostics-settings';
import { TextField } from '../app/text-field';
import type { SettingsSectionProps } from './settings-section';

type Ceiling = keyof typeof CHECKER_CEILING_BOUNDS;

const FIELDS: readonly { name: Ceiling; label: string }[] = [
  { name: 'checkerMemoryMb', label: 'Memory of a checker, in MB' },
  { name: 'checkerCpuSeconds', label: 'CPU time of each checker process, in seconds' },
  {
    name: 'checkerCeilingSeconds',
    label: 'Stop a checker that has not answered after, in seconds',
  },
];

/** A whole number within the ceiling's bounds, or null. */
export function ceilingValue(name: Ceiling, text: string): number | null {
  if (!/^\d+$/u.test(text.trim())) return null;
  const value = Number(text);
  const [min, max] = CHECKER_CEILING_BOUNDS[name];
  return value >= min && value <= max ? value : null;
}

export function CheckerCeilingsSettings({
  settings,
  onSave,
}: SettingsSectionProps<DiagnosticsSettingsPatch>) {
  const { diagnostics } = settings;
  const [texts, setTexts] = useState<Record<Ceiling, string>>({
    checkerMemoryMb: String(diagnostics.checkerMemoryMb),
    checkerCpuSeconds: String(diagnostics.checkerCpuSeconds),
    checkerCeilingSeconds: String(diagnostics.checkerCeilingSeconds),
  });
  const values = Object.fromEntries(
    FIELDS.map(({ name }) => [name, ceilingValue(name, texts[name])]),
  ) as Record<Ceiling, number | null>;
  const valid = FIELDS.every(({ name }) => values[name] !== null);
  const changed = FIELDS.some(({ name }) => values[name] !== diagnostics[name]);

  return (
    <form
      className="settings-form"
      data-testid="checker-ceilings"
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid || !changed) return;
        const patch: DiagnosticsSettingsPatch = {};
        for (const { name } of FIELDS) {
          const value = values[name];
          if (value !== null && value !== diagnostics[name]) patch[name] = value;
        }
        void onSave(patch);
      }}
    >
      <p className="muted small-text">
        Checkers run the project&apos;s own toolchains in a sandbox with these ceilings; one that
        reaches them is stopped and its language says so.
      </p>
      {FIELDS.map(({ name, label }) => {
        const [min, max] = CHECKER_CEILING_BOUNDS[name];
        return (
          <div key={name}>
            <TextField
              label={`${label} (${min}–${max})`}
              type="number"
              min={min}
              max={max}
              step={1}
              value={texts[name]}
              aria-invalid={values[name] === null}
              onChange={(text) => setTexts((current) => ({ ...current, [name]: text }))}
            />
            {values[name] === null && (
              <p className="error-text small-text">
                Enter a whole number from {min} to {max}.
              </p>
            )}
          </div>
        );
      })}
      <button type="submit" className="button primary" disabled={!valid || !changed}>
        Save ceilings
      </button>
    </form>
  );
}
