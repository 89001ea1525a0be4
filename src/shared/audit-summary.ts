// How a project's approvals went, counted from the audit trail: the file changes shown to the
// person, applied without asking because their evidence was clean, held back (sent back to the
// model before anyone saw them) or rejected; and the same for commands. One shape for
// `sluice audit --summary` and the app's Settings, and the one line of words both print.
import { z } from 'zod';

/** The most days `--since` and `approvals.auditSummary` look back. */
export const MAX_AUDIT_SINCE_DAYS = 3650;

const count = z.number().int().min(0);

export const auditSummarySchema = z.object({
  /** Only what was proposed in the last this many days; null: the whole trail. */
  sinceDays: z.number().int().min(1).max(MAX_AUDIT_SINCE_DAYS).nullable(),
  files: z.object({
    /** Shown to the person (decided by them, stopped while waiting, or still waiting). */
    asked: count,
    /** Applied without asking because the complete evidence was clean. */
    appliedClean: count,
    /** Introduced errors or failing tests: sent back to the model before the person saw it. */
    heldBack: count,
    /** Of those asked, the ones the person rejected. */
    rejected: count,
    /** Applied without asking by an allow rule or the auto-edit mode (nothing checked it). */
    appliedUnasked: count,
    /** Refused by a deny rule or the read-only mode. */
    denied: count,
  }),
  commands: z.object({
    asked: count,
    /** Of those asked, the ones the person rejected. */
    rejected: count,
    /** Run without asking: an allow rule matched. */
    ranUnasked: count,
    denied: count,
  }),
});
export type AuditSummary = z.infer<typeof auditSummarySchema>;

function window(sinceDays: number | null): string {
  if (sinceDays === null) return '';
  return sinceDays === 1 ? ' in the last day' : ` in the last ${sinceDays} days`;
}

/** The summary as a person reads it: one line for file changes, one for commands. */
export function auditSummaryLines(summary: AuditSummary): [string, string] {
  const { files, commands } = summary;
  const when = window(summary.sinceDays);
  const fileParts = [
    `${files.asked} asked`,
    `${files.appliedClean} applied clean`,
    `${files.heldBack} held back (sent back to Claude)`,
    `${files.rejected} rejected`,
    ...(files.appliedUnasked ? [`${files.appliedUnasked} applied by a rule or the mode`] : []),
    ...(files.denied ? [`${files.denied} refused by a rule or the mode`] : []),
  ];
  const commandParts = [
    `${commands.asked} asked`,
    `${commands.ranUnasked} run by a rule`,
    `${commands.rejected} rejected`,
    ...(commands.denied ? [`${commands.denied} refused by a rule or the mode`] : []),
  ];
  return [
    `File changes${when}: ${fileParts.join(' · ')}`,
    `Commands${when}: ${commandParts.join(' · ')}`,
  ];
}
