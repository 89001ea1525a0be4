// How change sets are stored, row by row: the records the repository takes and returns and the
// mapping from SQLite rows to them (change-set-repository.ts, change-set-reads.ts and
// change-set-writes.ts hold the statements).
import type {
  ChangeSet,
  ChangeSetFile,
  ChangeSetFileState,
  ChangeSetStatus,
  ChangeSetSummary,
} from '../../../shared/change-sets';
import type { Usage } from '../../../shared/agent-events';
import { proposalEvidenceSchema, type ProposalEvidence } from '../../../shared/diagnostics';
import type { Hunk } from '../../../shared/approvals';
import type { TextFormat } from '../edits/text-format';
import type { ProposalHunk } from '../edits/bounded-line-diff';
import type { ReadableDb } from './database-handles';
import { readBackgroundRun } from './background-run-repository';

export interface NewChangeSet {
  readonly id: string;
  readonly projectId: string;
  readonly projectRoot: string;
  readonly conversationId: string | null;
  readonly turnId: string | null;
  readonly prompt: string;
  readonly model: string;
  readonly pid: number;
  readonly timeoutMs: number;
  readonly refines: string | null;
  readonly createdAt: number;
}

/** A stored file with what apply needs beyond the contract's view. */
export interface StoredChangeSetFile extends ChangeSetFile {
  readonly format: TextFormat;
}

export interface StoredChangeSet extends ChangeSet {
  readonly files: StoredChangeSetFile[];
  readonly pid: number | null;
  readonly timeoutMs: number;
}

export interface SetRow {
  id: string;
  project_id: string;
  project_root: string;
  conversation_id: string | null;
  turn_id: string | null;
  prompt: string;
  status: ChangeSetStatus;
  status_reason: string | null;
  summary: string;
  model: string;
  needs_recheck: string | null;
  refines: string | null;
  pid: number | null;
  timeout_ms: number;
  created_at: number;
  finished_at: number | null;
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_write_tokens: number;
  cost_usd: number;
  evidence_json: string | null;
  applying_pid: number | null;
}

export interface FileRow {
  path: string;
  is_new_file: number;
  base_hash: string;
  base_text: string;
  final_text: string;
  format: string;
  hunks: string;
  unified_diff: string;
  protected_path: number;
  state: ChangeSetFileState;
  note: string | null;
  checkpoint_id: string | null;
}

export function usageOf(row: SetRow): Usage {
  return {
    inputTokens: row.input_tokens,
    outputTokens: row.output_tokens,
    cacheReadTokens: row.cache_read_tokens,
    cacheWriteTokens: row.cache_write_tokens,
    costUsd: row.cost_usd,
  };
}

/** Stored evidence that no longer parses (older build, hand edit) reads as never checked. */
export function evidenceOf(json: string | null): ProposalEvidence | null {
  if (json === null) return null;
  try {
    const parsed = proposalEvidenceSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function summaryOf(row: SetRow, paths: string[], db: ReadableDb): ChangeSetSummary {
  return {
    id: row.id,
    projectId: row.project_id,
    projectRoot: row.project_root,
    conversationId: row.conversation_id,
    turnId: row.turn_id,
    prompt: row.prompt,
    status: row.status,
    statusReason: row.status_reason,
    summary: row.summary,
    model: row.model,
    paths,
    needsRecheck: row.needs_recheck,
    refines: row.refines,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    usage: usageOf(row),
    evidence: evidenceOf(row.evidence_json),
    run: readBackgroundRun(db, row.id),
  };
}

export function fileOf(row: FileRow): StoredChangeSetFile {
  return {
    path: row.path,
    isNewFile: row.is_new_file === 1,
    baseHash: row.base_hash,
    baseText: row.base_text,
    finalText: row.final_text,
    format: JSON.parse(row.format) as TextFormat,
    hunks: JSON.parse(row.hunks) as Hunk[],
    unifiedDiff: row.unified_diff,
    protectedPath: row.protected_path === 1,
    state: row.state,
    note: row.note,
    checkpointId: row.checkpoint_id,
  };
}

/** A run's text of a file against the disk base it started from (a run's overlay holds these). */
export interface FileAgainstBase {
  /** Workspace-relative, forward slashes. */
  readonly path: string;
  readonly isNewFile: boolean;
  /** sha256 of the disk bytes it started from, or ABSENT_FILE_HASH. */
  readonly baseHash: string;
  readonly baseText: string;
  readonly text: string;
  readonly format: TextFormat;
}

/** One file of a set as stored: the run's text against its base, and the diff between them. */
export interface ChangeSetFileRecord extends FileAgainstBase {
  readonly hunks: readonly ProposalHunk[];
  readonly unifiedDiff: string;
  readonly protectedPath: boolean;
}

/** The claim methods (claimApply, finishApply, releaseApply) are change-set-claims.ts's. */
