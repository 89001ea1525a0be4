// checkpoint_evidence (migration 0160) for one project: the evidence of exactly the text a
// decision wrote, kept by approval id beside its checkpoint. A record stays small whatever the
// check found: the counts and the one line are the whole evidence's, the lists at most 20
// entries each, long texts cut. A record that cannot be read is left out, never guessed at.
import { z } from 'zod';
import {
  checkedTextSchema,
  type CheckpointEvidence,
} from '../../../shared/contract/checkpoint-service';
import { checkedTextWords } from '../../../shared/checkpoint-evidence-text';
import {
  proposalEvidenceSchema,
  type Diagnostic,
  type ProposalEvidence,
} from '../../../shared/diagnostics';
import { diagnosticLine, evidenceHeadline } from '../../../shared/evidence-summary';
import type { SelectionCount } from '../../../shared/hunk-selection';
import type { TestFailure, TestVerdict } from '../../../shared/test-verdict';
import { testFailureTitle, testVerdictLine } from '../../../shared/test-verdict-text';
import type {
  CheckpointEvidenceStore,
  KeptEvidence,
} from '../checkpoints/checkpoint-evidence-store';
import type { WritableDb } from './database-handles';

/** Most errors, tests and test targets a record keeps of each list. */
export const KEPT_LIST_ENTRIES = 20;
const MESSAGE_CHARS = 1000;
const OUTPUT_CHARS = 500;

const cut = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

function trimDiagnostic(diagnostic: Diagnostic): Diagnostic {
  return {
    ...diagnostic,
    message: cut(diagnostic.message, MESSAGE_CHARS),
    lineText: cut(diagnostic.lineText, MESSAGE_CHARS),
  };
}

function trimFailures(failures: readonly TestFailure[]): TestFailure[] {
  return failures.slice(0, KEPT_LIST_ENTRIES).map((failure) => ({
    name: cut(failure.name, MESSAGE_CHARS),
    file: cut(failure.file, MESSAGE_CHARS),
    output: cut(failure.output, OUTPUT_CHARS),
  }));
}

function trimVerdict(verdict: TestVerdict): TestVerdict {
  const { selection } = verdict;
  return {
    ...verdict,
    ...(verdict.reason !== undefined ? { reason: cut(verdict.reason, MESSAGE_CHARS) } : {}),
    ...(selection
      ? {
          selection: {
            ...selection,
            command: cut(selection.command, MESSAGE_CHARS),
            reason: cut(selection.reason, MESSAGE_CHARS),
            targets: selection.targets.slice(0, KEPT_LIST_ENTRIES),
          },
        }
      : {}),
    newlyFailing: trimFailures(verdict.newlyFailing),
    flaky: trimFailures(verdict.flaky),
    alreadyFailing: trimFailures(verdict.alreadyFailing),
  };
}

/** The evidence bounded for keeping: lists of at most 20, long texts cut, counts elsewhere. */
export function trimEvidence(evidence: ProposalEvidence): ProposalEvidence {
  return {
    ...evidence,
    ...(evidence.reason !== undefined ? { reason: cut(evidence.reason, MESSAGE_CHARS) } : {}),
    introduced: evidence.introduced.slice(0, KEPT_LIST_ENTRIES).map(trimDiagnostic),
    fixed: evidence.fixed.slice(0, KEPT_LIST_ENTRIES).map(trimDiagnostic),
    languages: evidence.languages.map((language) =>
      language.reason === undefined
        ? language
        : { ...language, reason: cut(language.reason, MESSAGE_CHARS) },
    ),
    ...(evidence.tests ? { tests: trimVerdict(evidence.tests) } : {}),
  };
}

/** The evidence in one line, from all of it: "This change introduces 2 errors … · Tests: …". */
function evidenceLine(evidence: ProposalEvidence): string {
  const errors = evidenceHeadline(evidence);
  return evidence.tests ? `${errors} · ${testVerdictLine(evidence.tests)}` : errors;
}

const selectionCountSchema = z.object({
  hunks: z.number().int().nonnegative(),
  wholeHunks: z.number().int().nonnegative(),
  partialHunks: z.number().int().nonnegative(),
  changedLines: z.number().int().nonnegative(),
  keptLines: z.number().int().nonnegative(),
});

/** The checkpoint_evidence columns a checkpoint list selects beside each checkpoint. */
export interface EvidenceColumns {
  evidence_json?: string | null;
  evidence_what?: string | null;
  evidence_complete?: number | null;
  introduced_count?: number | null;
  fixed_count?: number | null;
  newly_failing_count?: number | null;
  evidence_line?: string | null;
  selection_json?: string | null;
}

/** The select list for EvidenceColumns over checkpoint_evidence joined as `alias`. */
export function evidenceColumnsOf(alias: string): string {
  return [
    `${alias}.evidence_json`,
    `${alias}.what AS evidence_what`,
    `${alias}.complete AS evidence_complete`,
    `${alias}.introduced_count`,
    `${alias}.fixed_count`,
    `${alias}.newly_failing_count`,
    `${alias}.line AS evidence_line`,
    `${alias}.selection_json`,
  ].join(', ');
}

function parseJson<T>(json: string | null | undefined, schema: z.ZodType<T>): T | undefined {
  if (!json) return undefined;
  try {
    const result = schema.safeParse(JSON.parse(json));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

interface ReadRow {
  readonly what: KeptEvidence['what'];
  readonly evidence: ProposalEvidence;
  readonly kept: SelectionCount | undefined;
  readonly counts: { introduced: number; fixed: number; newlyFailing: number };
  readonly complete: boolean;
  readonly line: string;
}

function readRow(row: EvidenceColumns): ReadRow | undefined {
  const evidence = parseJson(row.evidence_json, proposalEvidenceSchema);
  const what = checkedTextSchema.safeParse(row.evidence_what);
  const counts = [row.introduced_count, row.fixed_count, row.newly_failing_count];
  if (!evidence || !what.success || typeof row.evidence_line !== 'string') return undefined;
  if (!counts.every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0))
    return undefined;
  if (row.evidence_complete !== 0 && row.evidence_complete !== 1) return undefined;
  const [introduced = 0, fixed = 0, newlyFailing = 0] = counts as number[];
  return {
    what: what.data,
    evidence,
    kept: parseJson(row.selection_json, selectionCountSchema),
    counts: { introduced, fixed, newlyFailing },
    complete: row.evidence_complete === 1,
    line: row.evidence_line,
  };
}

/** The listed summary of a kept record; an unreadable one is left out, not guessed at. */
export function checkpointEvidenceOf(row: EvidenceColumns): CheckpointEvidence | undefined {
  const read = readRow(row);
  if (!read) return undefined;
  const { evidence } = read;
  return {
    what: read.what,
    checked: checkedTextWords(read.what, read.kept),
    errors: evidence.state,
    ...(evidence.tests ? { tests: evidence.tests.state } : {}),
    languagesUnchecked: evidence.languages.some((language) => language.state !== 'checked'),
    introducedCount: read.counts.introduced,
    fixedCount: read.counts.fixed,
    newlyFailingCount: read.counts.newlyFailing,
    introduced: evidence.introduced.map((diagnostic) => diagnosticLine(diagnostic)),
    newlyFailing: (evidence.tests?.newlyFailing ?? []).map(testFailureTitle),
    complete: read.complete,
    line: read.line,
  };
}

export function createCheckpointEvidenceRepository(
  db: WritableDb,
  projectId: string,
  options: { now?: () => number } = {},
): CheckpointEvidenceStore {
  const now = options.now ?? (() => Date.now());
  const upsert = db.prepare(`
    INSERT INTO checkpoint_evidence (approval_id, project_id, what, text_hash, evidence_json,
      introduced_count, fixed_count, newly_failing_count, line, selection_json, complete,
      recorded_at)
    VALUES (@approvalId, @projectId, @what, @textHash, @evidenceJson, @introducedCount, @fixedCount,
      @newlyFailingCount, @line, @selectionJson, @complete, @recordedAt)
    ON CONFLICT (approval_id, project_id) DO UPDATE SET what = excluded.what,
      text_hash = excluded.text_hash, evidence_json = excluded.evidence_json,
      introduced_count = excluded.introduced_count, fixed_count = excluded.fixed_count,
      newly_failing_count = excluded.newly_failing_count, line = excluded.line,
      selection_json = excluded.selection_json, complete = excluded.complete,
      recorded_at = excluded.recorded_at
    WHERE checkpoint_evidence.complete = 0 OR excluded.complete = 1
  `);
  const byApproval = db.prepare(
    `SELECT ${evidenceColumnsOf('e')}, e.text_hash, e.recorded_at FROM checkpoint_evidence e
     WHERE e.project_id = ? AND e.approval_id = ?`,
  );
  return {
    keep(record) {
      const { evidence } = record;
      upsert.run({
        approvalId: record.approvalId,
        projectId,
        what: record.what,
        textHash: record.textHash,
        evidenceJson: JSON.stringify(trimEvidence(evidence)),
        introducedCount: evidence.introduced.length,
        fixedCount: evidence.fixed.length,
        newlyFailingCount: evidence.tests?.newlyFailing.length ?? 0,
        line: evidenceLine(evidence),
        selectionJson: record.kept ? JSON.stringify(record.kept) : null,
        complete: record.complete ? 1 : 0,
        recordedAt: now(),
      });
    },
    read(approvalId) {
      const row = byApproval.get(projectId, approvalId) as
        (EvidenceColumns & { text_hash: string; recorded_at: number }) | undefined;
      const read = row ? readRow(row) : undefined;
      if (!row || !read) return null;
      return {
        approvalId,
        what: read.what,
        textHash: row.text_hash,
        evidence: read.evidence,
        complete: read.complete,
        ...(read.kept ? { kept: read.kept } : {}),
        introducedCount: read.counts.introduced,
        fixedCount: read.counts.fixed,
        newlyFailingCount: read.counts.newlyFailing,
        recordedAt: row.recorded_at,
      };
    },
  };
}
