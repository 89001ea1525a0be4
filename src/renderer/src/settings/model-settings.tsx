// Model, base URL (only here or by environment, never by a project file), round limit, theme.
import { useState } from 'react';
import type { Settings } from '../../../shared/contract';

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

interface Props {
  settings: Settings;
  onSave(patch: SettingsPatch): Promise<boolean>;
}

/** How many background runs may work at once on this machine (issue 19). */
function BackgroundSettings({ settings, onSave }: Props) {
  const [parallel, setParallel] = useState(String(settings.backgroundParallel));
  const value = Number(parallel);
  const valid = Number.isInteger(value) && value >= 1 && value <= 64;
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
        <label className="field">
          <span className="field-label">
            Runs at once on this machine (1–64; more wait in the queue)
          </span>
          <input
            className="input"
            type="number"
            min={1}
            max={64}
            value={parallel}
            aria-invalid={!valid}
            data-testid="background-parallel"
            onChange={(event) => setParallel(event.target.value)}
          />
        </label>
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
  const turnsValid = Number.isInteger(turns) && turns >= 1 && turns <= 500;
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
          <label className="field">
            <span className="field-label">Model</span>
            <input
              className="input"
              value={model}
              onChange={(event) => setModel(event.target.value)}
            />
          </label>
          <label className="field">
            <span className="field-label">API base URL (empty: Anthropic)</span>
            <input
              className="input"
              type="url"
              placeholder="https://api.anthropic.com"
              value={baseUrl}
              onChange={(event) => setBaseUrl(event.target.value)}
            />
          </label>
          <label className="field">
            <span className="field-label">Round limit per turn (1–500)</span>
            <input
              className="input"
              type="number"
              min={1}
              max={500}
              value={maxTurns}
              aria-invalid={!turnsValid}
              onChange={(event) => setMaxTurns(event.target.value)}
            />
          </label>
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
