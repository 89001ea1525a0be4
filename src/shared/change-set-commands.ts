// The evidence a background run leaves beside its change set: every command
// it ran (or wanted to run and was refused) with the result, and one line saying which checks
// ran last and whether they passed relative to the run's last edit. Pure: the CLI, the inbox
// and the run itself read the same words.

import { z } from 'zod';

export const changeSetCommandSchema = z.object({
  /** Order within the run, from 1. */
  seq: z.number(),
  command: z.string(),
  /** Working folder relative to the project root ('' = root). */
  cwd: z.string(),
  outcome: z.enum(['ran', 'refused']),
  /** Who let it run or refused it, in words ("a rule of yours", "allowed for this run"). */
  decidedBy: z.string(),
  /** Why it was refused (or allowed). */
  reason: z.string().nullable(),
  exitCode: z.number().nullable(),
  /** How it ended, in words ("exit code 1", "timed out after 120 s"); null when refused. */
  end: z.string().nullable(),
  /** True when it ran and exited 0. */
  passed: z.boolean(),
  durationMs: z.number().nullable(),
  /** Start and end of the output (ANSI stripped); the full output by `logId`. */
  head: z.string(),
  tail: z.string(),
  totalLines: z.number(),
  linesCut: z.number(),
  logId: z.string().nullable(),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
});
export type ChangeSetCommand = z.infer<typeof changeSetCommandSchema>;

export const backgroundRunStateSchema = z.enum(['queued', 'running', 'ended']);
export type BackgroundRunState = z.infer<typeof backgroundRunStateSchema>;

/** How a background run was started and where it is (absent for older sets). */
export const backgroundRunSchema = z.object({
  state: backgroundRunStateSchema,
  allowedCommands: z.array(z.string()),
  allowNetwork: z.boolean(),
  queuedAt: z.number(),
  startedAt: z.number().nullable(),
  lastEditAt: z.number().nullable(),
});
export type BackgroundRun = z.infer<typeof backgroundRunSchema>;

function quoteCommand(command: string): string {
  const oneLine = command.replace(/\s+/gu, ' ').trim();
  return `\`${oneLine.length > 60 ? `${oneLine.slice(0, 57)}…` : oneLine}\``;
}

function span(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/**
 * The set's one-line account of its checks: the last run of each command line, passed or
 * failed, and when relative to the last edit; or that the last edit came after them.
 */
export function describeChecks(
  commands: readonly ChangeSetCommand[],
  lastEditAt: number | null,
): string {
  const ran = commands.filter((c) => c.outcome === 'ran');
  const refused = commands.filter((c) => c.outcome === 'refused').length;
  const refusedNote = refused
    ? ` ${refused} command${refused === 1 ? ' was' : 's were'} refused (not allowed for this run).`
    : '';
  if (!ran.length) return `No command ran in this run.${refusedNote}`;
  const lastOf = new Map<string, ChangeSetCommand>();
  for (const c of ran) lastOf.set(c.command, c);
  const latest = [...lastOf.values()].sort((a, b) => a.seq - b.seq);
  const parts = latest.map((c) => {
    const result = c.passed ? 'passed' : `failed (${c.end ?? 'no result'})`;
    const at = c.finishedAt ?? c.startedAt;
    if (lastEditAt === null) return `${quoteCommand(c.command)} ${result} (the run edited nothing)`;
    if (c.startedAt >= lastEditAt)
      return `${quoteCommand(c.command)} ${result} ${span(at - lastEditAt)} after the last edit`;
    return `${quoteCommand(c.command)} ${result} before the last edit`;
  });
  const lastRun = ran[ran.length - 1] as ChangeSetCommand;
  const stale =
    lastEditAt !== null && lastEditAt > lastRun.startedAt
      ? ' The last edit came after the last command run, so these results may not hold for the final version.'
      : '';
  return `${parts.join('; ')}.${stale}${refusedNote}`;
}
