// Settings of tests before approval, per project: on by default where a runner is
// found, the person's own command for the runner, and how long a live proposal waits for the
// verdict. Stored as one `testRuns` settings key mapping project id → only what the person
// changed, so later defaults apply to the rest.
import { z } from 'zod';

export const MIN_TEST_DEADLINE_MS = 1000;
export const MAX_TEST_DEADLINE_MS = 10 * 60_000;
export const DEFAULT_TEST_DEADLINE_MS = 60_000;
/** One runner process never runs longer than this, whatever waits for it. */
export const TEST_RUN_CEILING_MS = 5 * 60_000;

export const projectTestSettingsSchema = z
  .object({
    enabled: z.boolean().optional(),
    /** Replaces the detected runner binary ("pnpm vitest", "python3 -m pytest"); "" = detected. */
    command: z.string().max(500).optional(),
    liveDeadlineMs: z.number().int().min(MIN_TEST_DEADLINE_MS).max(MAX_TEST_DEADLINE_MS).optional(),
  })
  .strict();
export type ProjectTestSettingsPatch = z.infer<typeof projectTestSettingsSchema>;

export const testRunSettingsStoreSchema = z.record(z.string().max(200), projectTestSettingsSchema);
export type TestRunSettingsStore = z.infer<typeof testRunSettingsStoreSchema>;

/** The open project's settings as the Settings screen shows them (defaults filled in). */
export const projectTestSettingsViewSchema = z.object({
  enabled: z.boolean(),
  command: z.string(),
  liveDeadlineMs: z.number().int(),
});
export type ProjectTestSettings = z.infer<typeof projectTestSettingsViewSchema>;

export function resolveProjectTestSettings(
  patch: ProjectTestSettingsPatch | undefined,
): ProjectTestSettings {
  return {
    enabled: patch?.enabled ?? true,
    command: patch?.command ?? '',
    liveDeadlineMs: patch?.liveDeadlineMs ?? DEFAULT_TEST_DEADLINE_MS,
  };
}
