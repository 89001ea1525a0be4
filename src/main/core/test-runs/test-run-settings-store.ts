// Per-project test-run settings in the app DB (the `testRuns` settings key): read on every
// run, so a switch in Settings or `sluice rules tests` applies to the next proposal.
import {
  resolveProjectTestSettings,
  type ProjectTestSettings,
  type ProjectTestSettingsPatch,
} from '../../../shared/test-run-settings';
import type { SettingsRepository } from '../store/settings-repository';
import { DEFAULT_TEST_RUN_SETTINGS, type TestRunSettings } from './test-run-service';
import { TEST_RUN_CEILING_MS } from '../../../shared/test-run-settings';

export function readProjectTestSettings(
  repository: SettingsRepository,
  projectId: string,
): ProjectTestSettings {
  return resolveProjectTestSettings(repository.read().settings.testRuns?.[projectId]);
}

/** Saves a change (only the named fields; `command: ""` returns to the detected runner). */
export function writeProjectTestSettings(
  repository: SettingsRepository,
  projectId: string,
  patch: ProjectTestSettingsPatch,
): ProjectTestSettings {
  const all = repository.read().settings.testRuns ?? {};
  const merged = { ...all[projectId], ...patch };
  if (merged.command === '') delete merged.command;
  repository.write({ testRuns: { ...all, [projectId]: merged } });
  return readProjectTestSettings(repository, projectId);
}

/** The service's settings, read from the store on every run. */
export function storedTestRunSettings(
  repository: SettingsRepository,
  projectId: string,
): () => TestRunSettings {
  return () => {
    const stored = readProjectTestSettings(repository, projectId);
    return { ...DEFAULT_TEST_RUN_SETTINGS, ...stored, ceilingMs: TEST_RUN_CEILING_MS };
  };
}
