// Settings of the checks behind evidence (issue 24 item 4): on by default, an off switch per
// language, and the deadline of a live check (the review never waits longer for it). They
// cross the settings contract, so they are zod schemas; the Settings screen edits them.
import { z } from 'zod';

export const DIAGNOSTICS_LANGUAGES = ['typescript', 'python', 'go', 'rust', 'java'] as const;
export const diagnosticsLanguageSchema = z.enum(DIAGNOSTICS_LANGUAGES);
export type DiagnosticsLanguage = z.infer<typeof diagnosticsLanguageSchema>;

/** Bounds of the live deadline: shorter checks nothing useful, longer keeps the person waiting. */
export const MIN_LIVE_DEADLINE_MS = 250;
export const MAX_LIVE_DEADLINE_MS = 60_000;
export const DEFAULT_LIVE_DEADLINE_MS = 3000;
/** A run nobody watches (propose mode, the end of a change set) may wait longer. */
export const BACKGROUND_DEADLINE_MS = 30_000;

const liveDeadlineMs = z.number().int().min(MIN_LIVE_DEADLINE_MS).max(MAX_LIVE_DEADLINE_MS);

export const diagnosticsSettingsSchema = z.object({
  /** Off: no change is checked; reviews say "not checked: checks are off in Settings". */
  enabled: z.boolean(),
  /** Per language: false switches that language's checker off (its files are "not checked"). */
  languages: z.object({
    typescript: z.boolean(),
    python: z.boolean(),
    go: z.boolean(),
    rust: z.boolean(),
    java: z.boolean(),
  }),
  /** How long a live edit's check may take before the review shows "timed out". */
  liveDeadlineMs,
});
export type DiagnosticsSettings = z.infer<typeof diagnosticsSettingsSchema>;

export const DEFAULT_DIAGNOSTICS_SETTINGS: DiagnosticsSettings = {
  enabled: true,
  languages: { typescript: true, python: true, go: true, rust: true, java: true },
  liveDeadlineMs: DEFAULT_LIVE_DEADLINE_MS,
};

/** A change from the Settings screen: only what it names changes. */
export const diagnosticsSettingsPatchSchema = z
  .object({
    enabled: z.boolean().optional(),
    languages: diagnosticsSettingsSchema.shape.languages.partial().strict().optional(),
    liveDeadlineMs: liveDeadlineMs.optional(),
  })
  .strict();
export type DiagnosticsSettingsPatch = z.infer<typeof diagnosticsSettingsPatchSchema>;

export function mergeDiagnosticsSettings(
  base: DiagnosticsSettings,
  patch: DiagnosticsSettingsPatch | undefined,
): DiagnosticsSettings {
  if (!patch) return base;
  return {
    enabled: patch.enabled ?? base.enabled,
    languages: { ...base.languages, ...patch.languages },
    liveDeadlineMs: patch.liveDeadlineMs ?? base.liveDeadlineMs,
  };
}
