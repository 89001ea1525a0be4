// `sluice rules tests`: the project's tests before approval from the terminal —
// on or off, the runner command ("" returns to the one the project names), the live deadline —
// saved in the same `testRuns` settings key the app reads.
import { createSettingsRepository } from '../main/core/store/settings-repository';
import type { WritableDb } from '../main/core/store/database-handles';
import {
  readProjectTestSettings,
  writeProjectTestSettings,
} from '../main/core/test-runs/test-run-settings-store';
import {
  MAX_TEST_DEADLINE_MS,
  MIN_TEST_DEADLINE_MS,
  projectTestSettingsSchema,
  type ProjectTestSettings,
  type ProjectTestSettingsPatch,
} from '../shared/test-run-settings';
import { ExitCode, UsageError, writeJsonLine, type CliIo } from './cli-io';
import { oneLine } from './one-line-text';

export interface TestsFlags {
  readonly on?: boolean | undefined;
  readonly off?: boolean | undefined;
  readonly command?: string | undefined;
  readonly deadline?: string | undefined;
}

/** `rules tests`: --on/--off, --command CMD ("" = the detected runner), --deadline SECONDS. */
export function testsPatch(values: TestsFlags): ProjectTestSettingsPatch {
  if (values.on && values.off) throw new UsageError('give --on or --off, not both.');
  const patch: { enabled?: boolean; command?: string; liveDeadlineMs?: number } = {};
  if (values.on) patch.enabled = true;
  if (values.off) patch.enabled = false;
  if (values.command !== undefined) patch.command = values.command.trim();
  if (values.deadline !== undefined) {
    const seconds = Number(values.deadline);
    const ms = Math.round(seconds * 1000);
    if (!Number.isFinite(seconds) || ms < MIN_TEST_DEADLINE_MS || ms > MAX_TEST_DEADLINE_MS)
      throw new UsageError(
        `--deadline must be seconds between ${MIN_TEST_DEADLINE_MS / 1000} and ${MAX_TEST_DEADLINE_MS / 1000} (got "${oneLine(values.deadline)}").`,
      );
    patch.liveDeadlineMs = ms;
  }
  const checked = projectTestSettingsSchema.safeParse(patch);
  if (!checked.success)
    throw new UsageError(`--command: ${checked.error.issues[0]?.message ?? 'rejected'}.`);
  return checked.data;
}

export function testSettingsText(settings: ProjectTestSettings): string {
  return [
    `Tests before approval: ${settings.enabled ? 'on' : 'off'}`,
    `  runner command: ${settings.command ? oneLine(settings.command) : 'the one the project names (package.json, pytest, go test)'}`,
    `  live deadline: ${settings.liveDeadlineMs / 1000} s`,
    '',
  ].join('\n');
}

export function saveTestSettings(
  io: CliIo,
  db: WritableDb,
  projectId: string,
  patch: ProjectTestSettingsPatch,
  json: boolean,
): ExitCode {
  const repository = createSettingsRepository(db);
  const settings = Object.keys(patch).length
    ? writeProjectTestSettings(repository, projectId, patch)
    : readProjectTestSettings(repository, projectId);
  if (json) writeJsonLine(io, { tests: settings });
  else io.stdout.write(testSettingsText(settings));
  return ExitCode.Ok;
}
