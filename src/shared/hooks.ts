// Hooks: the person's own commands around tool calls, in the JSON shape of Claude Code's
// `hooks` settings key, so a person can paste theirs. What a hook is, where it comes from,
// what one run of it did. Pure data: the core runs them, every screen shows these records.
import { z } from 'zod';

export const HOOK_EVENTS = [
  'PreToolUse',
  'PostToolUse',
  'UserPromptSubmit',
  'Stop',
  'SessionStart',
] as const;
export const hookEventSchema = z.enum(HOOK_EVENTS);
export type HookEvent = z.infer<typeof hookEventSchema>;

/** How long a hook may run unless it says otherwise, and the most it may ask for. */
export const DEFAULT_HOOK_TIMEOUT_SECONDS = 60;
export const MAX_HOOK_TIMEOUT_SECONDS = 600;

/** One command of a matcher group: `{"type": "command", "command": "…", "timeout": 30}`. */
export const hookCommandSchema = z.object({
  type: z.literal('command'),
  command: z.string().trim().min(1),
  timeout: z.number().positive().max(MAX_HOOK_TIMEOUT_SECONDS).optional(),
});

/** `{"matcher": "edit_file|Bash", "hooks": [...]}`; no matcher (or "" or "*") matches every tool. */
export const hookMatcherGroupSchema = z.object({
  matcher: z.string().optional(),
  hooks: z.array(hookCommandSchema),
});

/** The whole settings object: `{"hooks": {"PreToolUse": [group, …], …}}`. */
export const hooksSettingsSchema = z.object({
  hooks: z.partialRecord(hookEventSchema, z.array(hookMatcherGroupSchema)),
});
export type HooksSettings = z.infer<typeof hooksSettingsSchema>;

/** Whose hook: the person's own (Settings, `sluice hooks add`) or the project's `.sluice/hooks.json`. */
export const hookSourceSchema = z.enum(['person', 'project']);
export type HookSource = z.infer<typeof hookSourceSchema>;

/** A project hook runs only once approved; a changed one is asked again. */
export const hookTrustSchema = z.enum(['approved', 'not_approved', 'changed']);
export type HookTrust = z.infer<typeof hookTrustSchema>;

export const hookDefinitionSchema = z.object({
  /** Stable for the same source, event, matcher, command and timeout (a content hash). */
  id: z.string(),
  source: hookSourceSchema,
  event: hookEventSchema,
  /** Tool-name pattern; null matches every tool (and events without tools). */
  matcher: z.string().nullable(),
  command: z.string(),
  timeoutSeconds: z.number(),
  /** Project hooks only: whether the person approved this exact hook. */
  trust: hookTrustSchema.optional(),
});
export type HookDefinition = z.infer<typeof hookDefinitionSchema>;

/**
 * What one run came to. `blocked`: exit 2 or a deny/block answer (the reason goes to the
 * model); `asked`: the hook asked the person; `failed`: any other exit, shown, never blocking;
 * `timed_out`: killed at its timeout; `not_run`: not approved, refused by a rule, or no sandbox.
 */
export const hookOutcomeSchema = z.enum([
  'passed',
  'blocked',
  'asked',
  'failed',
  'timed_out',
  'not_run',
]);
export type HookOutcome = z.infer<typeof hookOutcomeSchema>;

export const hookRunSchema = z.object({
  hookId: z.string(),
  source: hookSourceSchema,
  event: hookEventSchema,
  command: z.string(),
  /** The tool the run was about (Sluice's name), when it was about one. */
  toolName: z.string().optional(),
  outcome: hookOutcomeSchema,
  exitCode: z.number().nullable(),
  ms: z.number(),
  /** The first lines of what it printed (stderr, then stdout), unescaped: screens escape it. */
  output: z.string(),
  /** Why it blocked, failed or did not run, in words. */
  reason: z.string().optional(),
});
export type HookRun = z.infer<typeof hookRunSchema>;
