// The `hooks` service: what Settings → Hooks does with the person's hooks and the project's
// `.sluice/hooks.json`: list them (the project's with their trust, the file's problems), add and
// remove the person's, approve a project hook exactly as it is now, test an event's hooks with
// a sample input, and read the latest runs. The engine's hooks do the work; this only carries it.
import { z } from 'zod';
import {
  hookDefinitionSchema,
  hookEventSchema,
  hookRunSchema,
  MAX_HOOK_TIMEOUT_SECONDS,
} from '../hooks';
import { byId, method, noInput } from './define';

export const hooksListSchema = z.object({
  /** The person's hooks and the project's, the project's with their trust. */
  hooks: z.array(hookDefinitionSchema),
  /** What is wrong with `.sluice/hooks.json`, in words (empty when nothing is). */
  problems: z.array(z.string()),
});
export type HooksList = z.infer<typeof hooksListSchema>;

/** A change to the hooks: the hook it was about, and the list as it is now. */
export const hookChangeSchema = hooksListSchema.extend({ hook: hookDefinitionSchema });
export type HookChange = z.infer<typeof hookChangeSchema>;

export const newHookSchema = z
  .object({
    event: hookEventSchema,
    /** A tool-name pattern (`edit_file|Bash`); absent, empty or null: every tool. */
    matcher: z.string().max(500).nullable().optional(),
    command: z.string().trim().min(1).max(4000),
    timeoutSeconds: z.number().int().min(1).max(MAX_HOOK_TIMEOUT_SECONDS).optional(),
    /** For the open project only, or for every project. */
    scope: z.enum(['project', 'everywhere']),
  })
  .strict();
export type NewHook = z.infer<typeof newHookSchema>;

export const hookTestSchema = z
  .object({
    event: hookEventSchema,
    /** The tool the sample call is about (tool events). */
    toolName: z.string().min(1).max(200).optional(),
    /** The sample call's input (tool events): a JSON object. */
    toolInput: z.record(z.string(), z.unknown()).optional(),
    /** The sample prompt (UserPromptSubmit). */
    prompt: z.string().max(20_000).optional(),
  })
  .strict();
export type HookTest = z.infer<typeof hookTestSchema>;

/** What the hooks of one event decided together, with every run. */
export const hookVerdictSchema = z.object({
  decision: z.enum(['none', 'allow', 'ask', 'block']),
  reason: z.string().optional(),
  additionalContext: z.string().optional(),
  stop: z.object({ reason: z.string() }).optional(),
  /** A message for the person, shown, never sent to the model. */
  systemMessage: z.string().optional(),
  runs: z.array(hookRunSchema),
});
export type HookVerdictView = z.infer<typeof hookVerdictSchema>;

export const recordedHookRunSchema = hookRunSchema.extend({
  at: z.string(),
  conversationId: z.string().nullable(),
});
export type RecordedHookRunView = z.infer<typeof recordedHookRunSchema>;

/** The most runs one call returns. */
export const MAX_RECENT_HOOK_RUNS = 200;

export const hooksService = {
  list: method(noInput, hooksListSchema),
  /** Adds one of the person's hooks (for the open project, or every project). */
  add: method(newHookSchema, hookChangeSchema),
  /** Removes one of the person's hooks; a project's hook is removed from its file. */
  remove: method(byId, hookChangeSchema),
  /** Approves a project hook as it is now: the id is its content's hash, so a change asks again. */
  approve: method(byId, hookChangeSchema),
  /** Runs the hooks of `event` that match, with the sample, as a turn would; recorded. */
  test: method(hookTestSchema, hookVerdictSchema),
  /** The latest runs of this project's hooks, newest first. */
  recentRuns: method(
    z.object({ limit: z.number().int().min(1).max(MAX_RECENT_HOOK_RUNS).optional() }).strict(),
    z.object({ runs: z.array(recordedHookRunSchema) }),
  ),
};
