// Model, base URL (only here or by environment, never by a project file), round limit, theme.
import { useState } from 'react';
import type { Settings } from '../../../shared/contract';
import { TextField } from '../app/text-field';
import type { SettingsSectionProps } from './settings-section';

export type SettingsPatch = Partial<
  Pick<Settings, 'model' | 'baseUrl' | 'maxTurns' | 'theme' | 'backgroundParallel'>
>;

/**
 * Only the fields that differ from the saved settings. The base URL shown may come from
 * ANTHROPIC_BASE_URL, which main refuses to change; resending it would refuse the whole save.
 */
export function changedFields(
  saved: Settings,
  form: Required<Pick<SettingsPatch, 'model' | 'baseUrl' | 'maxTurns'>>,
): SettingsPatch {
  const patch: SettingsPatch = {};
  if (form.model !== saved.model) patch.model = form.model;
  if (form.baseUrl !== saved.baseUrl) patch.baseUrl = form.baseUrl;
  if (form.maxTurns !== saved.maxTurns) patch.maxTurns = form.maxTurns;
  return patch;
}

/** Whether a number box holds a whole number from `min` to `max`. */
function isWholeIn(text: string, min: number, max: number): boolean {
  const value = Number(text);
  return Number.isInteger(value) && value >= min && value <= max;
}

/** A number box that must hold a whole number from `min` to `max` (marked invalid otherwise). */
function WholeNumberField({
  min,
  max,
  ...field
}: {
  label: string;
  min: number;
  max: number;
  value: string;
  onChange(value: string): void;
  'data-testid'?: string;
}) {
  return (
    <TextField
      {...field}
      type="number"
      min={min}
      max={max}
      aria-invalid={!isWholeIn(field.value, min, max)}
    />
  );
}

type Props = SettingsSectionProps<SettingsPatch>;

/** How many background runs may work at once on this machine. */
function BackgroundSettings({ settings, onSave }: Props) {
  const [parallel, setParallel] = useState(String(settings.backgroundParallel));
  const value = Number(parallel);
  const valid = isWholeIn(parallel, 1, 64);
  return (
    <fieldset className="settings-group">
      <legend>Background runs</legend>
      <form
        className="settings-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid && value !== settings.backgroundParallel)
            void onSave({ backgroundParallel: value });
        }}
      >
        <WholeNumberField
          label="Runs at once on this machine (1–64; more wait in the queue)"
          min={1}
          max={64}
          value={parallel}
          data-testid="background-parallel"
          onChange={setParallel}
        />
        <button
          type="submit"
          className="button"
          disabled={!valid || value === settings.backgroundParallel}
        >
          Save the limit
        </button>
      </form>
    </fieldset>
  );
}

export function ModelSettings({ settings, onSave }: Props) {
  const [model, setModel] = useState(settings.model);
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl ?? '');
  const [maxTurns, setMaxTurns] = useState(String(settings.maxTurns));
  const turns = Number(maxTurns);
  const turnsValid = isWholeIn(maxTurns, 1, 500);
  const patch = changedFields(settings, {
    model: model.trim(),
    baseUrl: baseUrl.trim() === '' ? null : baseUrl.trim(),
    maxTurns: turns,
  });
  const canSave = turnsValid && model.trim() !== '' && Object.keys(patch).length > 0;

  return (
    <>
      <fieldset className="settings-group">
        <legend>Model</legend>
        <form
          className="settings-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!canSave) return;
            void onSave(patch);
          }}
        >
          <TextField label="Model" value={model} onChange={setModel} />
          <TextField
            label="API base URL (empty: Anthropic)"
            type="url"
            placeholder="https://api.anthropic.com"
            value={baseUrl}
            onChange={setBaseUrl}
          />
          <WholeNumberField
            label="Round limit per turn (1–500)"
            min={1}
            max={500}
            value={maxTurns}
            onChange={setMaxTurns}
          />
          <button type="submit" className="button primary" disabled={!canSave}>
            Save
          </button>
        </form>
      </fieldset>
      <BackgroundSettings settings={settings} onSave={onSave} />
      <fieldset className="settings-group">
        <legend>Appearance</legend>
        <label className="field">
          <span className="field-label">Theme</span>
          <select
            className="input"
            value={settings.theme}
            onChange={(event) => void onSave({ theme: event.target.value as Settings['theme'] })}
          >
            <option value="system">Follow the system</option>
            <option value="dark">Dark</option>
            <option value="light">Light</option>
          </select>
        </label>
      </fieldset>
    </>
  );
}
