// Settings of the checks behind evidence: on by default, an off switch per
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

/**
 * Ceilings of every confined checker process (docs/ARCHITECTURE.md "Confinement"):
 * its memory (cgroup, else RLIMIT_DATA), its CPU time per process (RLIMIT_CPU), and the hard
 * ceiling after which a checker that has not answered is killed (it starts again on the next
 * check), however long the caller was willing to wait.
 */
export const DEFAULT_CHECKER_MEMORY_MB = 2048;
export const DEFAULT_CHECKER_CPU_SECONDS = 120;
export const DEFAULT_CHECKER_CEILING_SECONDS = 60;
/** Bounds of each ceiling, [min, max], as Settings accepts them. */
export const CHECKER_CEILING_BOUNDS = {
  checkerMemoryMb: [256, 65_536],
  checkerCpuSeconds: [5, 3600],
  checkerCeilingSeconds: [5, 600],
} as const;
const bounded = (name: keyof typeof CHECKER_CEILING_BOUNDS) =>
  z.number().int().min(CHECKER_CEILING_BOUNDS[name][0]).max(CHECKER_CEILING_BOUNDS[name][1]);
const checkerMemoryMb = bounded('checkerMemoryMb');
const checkerCpuSeconds = bounded('checkerCpuSeconds');
const checkerCeilingSeconds = bounded('checkerCeilingSeconds');

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
  /** Memory ceiling of a confined checker, in MiB. */
  checkerMemoryMb,
  /** CPU seconds each process of a confined checker may use. */
  checkerCpuSeconds,
  /** A checker that has not answered after this many seconds is killed. */
  checkerCeilingSeconds,
});
export type DiagnosticsSettings = z.infer<typeof diagnosticsSettingsSchema>;

export const DEFAULT_DIAGNOSTICS_SETTINGS: DiagnosticsSettings = {
  enabled: true,
  languages: { typescript: true, python: true, go: true, rust: true, java: true },
  liveDeadlineMs: DEFAULT_LIVE_DEADLINE_MS,
  checkerMemoryMb: DEFAULT_CHECKER_MEMORY_MB,
  checkerCpuSeconds: DEFAULT_CHECKER_CPU_SECONDS,
  checkerCeilingSeconds: DEFAULT_CHECKER_CEILING_SECONDS,
};

/** A change from the Settings screen: only what it names changes. */
export const diagnosticsSettingsPatchSchema = z
  .object({
    enabled: z.boolean().optional(),
    languages: diagnosticsSettingsSchema.shape.languages.partial().strict().optional(),
    liveDeadlineMs: liveDeadlineMs.optional(),
    checkerMemoryMb: checkerMemoryMb.optional(),
    checkerCpuSeconds: checkerCpuSeconds.optional(),
    checkerCeilingSeconds: checkerCeilingSeconds.optional(),
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
    checkerMemoryMb: patch.checkerMemoryMb ?? base.checkerMemoryMb,
    checkerCpuSeconds: patch.checkerCpuSeconds ?? base.checkerCpuSeconds,
    checkerCeilingSeconds: patch.checkerCeilingSeconds ?? base.checkerCeilingSeconds,
  };
}
