// The third kind of evidence beside errors and tests: what the person's PreToolUse hooks on a
// write tool said of the change as proposed, run in a private copy of the project before anyone
// approves it. It crosses the contract (review modal, inbox), the CLI's `--json` output and the
// change-set store inside `ProposalEvidence`, so it is a zod schema.
import { z } from 'zod';
import { hookRunSchema, type HookRun } from './hooks';

/**
 * `running` while a hook still runs (past the live deadline its result follows); `blocked` when
 * one blocked (exit 2, a deny), `timed_out` when one was killed at its timeout, `failed` when one
 * ended in another error (shown, never blocking), `not_run` when none could run (no sandbox, its
 * input too large), `passed` otherwise.
 */
export const hooksEvidenceStateSchema = z.enum([
  'running',
  'passed',
  'blocked',
  'failed',
  'timed_out',
  'not_run',
]);
export type HooksEvidenceState = z.infer<typeof hooksEvidenceStateSchema>;

export const hooksEvidenceSchema = z.object({
  state: hooksEvidenceStateSchema,
  /** Every hook that finished (or could not run), in the order they ran. */
  runs: z.array(hookRunSchema),
  /** Wall time of the hooks so far, copy included, in milliseconds. */
  ms: z.number(),
  /** Why none ran, or what is still running, in words for a person. */
  reason: z.string().optional(),
  /** The hooks still to finish while `running` (their commands), in order. */
  pending: z.array(z.string()).optional(),
});
export type HooksEvidence = z.infer<typeof hooksEvidenceSchema>;

/** The state of finished runs: the strictest outcome wins (a block over a timeout over an error). */
export function hooksStateOf(runs: readonly HookRun[]): Exclude<HooksEvidenceState, 'running'> {
  if (runs.some((r) => r.outcome === 'blocked')) return 'blocked';
  if (runs.some((r) => r.outcome === 'timed_out')) return 'timed_out';
  if (runs.some((r) => r.outcome === 'failed')) return 'failed';
  if (runs.length > 0 && runs.every((r) => r.outcome === 'not_run')) return 'not_run';
  return 'passed';
}

/** The runs that blocked, each with the reason the model reads. */
export function blockingRuns(hooks: HooksEvidence | undefined): HookRun[] {
  return hooks?.runs.filter((r) => r.outcome === 'blocked') ?? [];
}
