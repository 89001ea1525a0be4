// The approval trail counted, per project: how many file changes were shown to the person,
// applied without asking because their evidence was clean, held back by the check before anyone
// saw them, rejected; and the same for commands (`sluice audit --summary`, the app's Settings).
// Each row is read from what it recorded, never guessed: the outcome, who decided, and
// `decided_because` for what the evidence decided.
import type { AuditSummary } from '../../../shared/audit-summary';
import type { ReadableDb } from './database-handles';

interface CountRow {
  kind: 'file' | 'command';
  asked: number | null;
  applied_clean: number | null;
  held_back: number | null;
  rejected: number | null;
  unasked: number | null;
  denied: number | null;
}

// Shown to a person: they decided it, it was stopped while it waited, or it still waits.
// "Unasked" is what a rule or the mode let through, without the evidence deciding.
const COUNTS = `
  SELECT kind,
    SUM(outcome IS NULL OR decided_by IN ('person', 'abort')) AS asked,
    SUM(decided_because = 'clean_evidence' AND applied = 1) AS applied_clean,
    SUM(outcome = 'held_back') AS held_back,
    SUM(outcome = 'rejected' AND decided_by = 'person') AS rejected,
    SUM(outcome IN ('approved', 'partially_approved', 'edited') AND decided_by IN ('rule', 'mode')
      AND decided_because IS NULL AND (kind = 'command' OR applied = 1)) AS unasked,
    SUM(outcome = 'denied') AS denied
  FROM approval_audit
  WHERE project_id = ? AND kind IN ('file', 'command') AND (? IS NULL OR created_at >= ?)
  GROUP BY kind
`;

const DAY_MS = 86_400_000;

/** The start of the last `days` days (ms since the epoch); null: no window. */
export function sinceOf(days: number | null, now = Date.now()): number | null {
  return days === null ? null : now - days * DAY_MS;
}

/** The project's counts of what was proposed in the last `sinceDays` days (null: ever). */
export function summarizeApprovalAudit(
  db: ReadableDb,
  filter: { projectId: string; sinceDays: number | null; now?: number },
): AuditSummary {
  const since = sinceOf(filter.sinceDays, filter.now);
  const rows = db.prepare(COUNTS).all(filter.projectId, since, since) as CountRow[];
  const of = (kind: CountRow['kind']) => {
    const row = rows.find((r) => r.kind === kind);
    const n = (value: number | null | undefined): number => value ?? 0;
    return {
      asked: n(row?.asked),
      appliedClean: n(row?.applied_clean),
      heldBack: n(row?.held_back),
      rejected: n(row?.rejected),
      unasked: n(row?.unasked),
      denied: n(row?.denied),
    };
  };
  const files = of('file');
  const commands = of('command');
  return {
    sinceDays: filter.sinceDays,
    files: {
      asked: files.asked,
      appliedClean: files.appliedClean,
      heldBack: files.heldBack,
      rejected: files.rejected,
      appliedUnasked: files.unasked,
      denied: files.denied,
    },
    commands: {
      asked: commands.asked,
      rejected: commands.rejected,
      ranUnasked: commands.unasked,
      denied: commands.denied,
    },
  };
}
