// Checkpoints in the app DB, scoped to one project.
import { randomUUID } from 'node:crypto';
import type { Checkpoint, CheckpointTests } from '../../../shared/contract/checkpoint-service';
import { testVerdictSchema, type TestVerdict } from '../../../shared/test-verdict';
import { testFailureTitle, testVerdictLine } from '../../../shared/test-verdict-text';
import type {
  CheckpointRecord,
  CheckpointStore,
  UndoneChange,
} from '../checkpoints/checkpoint-store';
import { sha256 } from '../edits/proposal';
import { ABSENT_FILE_HASH } from '../workspace/content-hash';
import type { WritableDb } from './database-handles';
import {
  checkpointEvidenceOf,
  evidenceColumnsOf,
  type EvidenceColumns,
} from './checkpoint-evidence-repository';

interface Row extends EvidenceColumns {
  id: string;
  approval_id: string | null;
  conversation_id: string | null;
  turn_id: string | null;
  path: string;
  change: 'created' | 'modified' | 'deleted';
  before_bytes: Buffer | null;
  after_bytes: Buffer | null;
  before_hash: string | null;
  after_hash: string;
  mode: number;
  created_at: number;
  undone_at: number | null;
  /** From checkpoint_test_verdicts (migration 0130), on listed rows. */
  verdict_json?: string | null;
}

/** Most newly failing test titles a listed checkpoint carries. */
const LISTED_FAILURES = 20;

/** Most checkpoints listed at once. */
export const CHECKPOINT_LIST_LIMIT = 1000;

export function createCheckpointRepository(
  db: WritableDb,
  projectId: string,
  options: { now?: () => number; newId?: () => string } = {},
): CheckpointStore {
  const now = options.now ?? (() => Date.now());
  const newId = options.newId ?? (() => `cp-${randomUUID().slice(0, 8)}`);
  const insert = db.prepare(`
    INSERT INTO checkpoints (id, project_id, approval_id, conversation_id, turn_id, path, change, before_bytes, after_bytes,
      before_hash, after_hash, mode, created_at)
    VALUES (@id, @projectId, @approvalId, @conversationId, @turnId, @path, @change, @beforeBytes, @afterBytes,
      @beforeHash, @afterHash, @mode, @createdAt)
  `);
  const columns =
    'id, approval_id, conversation_id, turn_id, path, change, before_bytes, after_bytes, before_hash, after_hash, mode, created_at, undone_at';
  const byId = db.prepare(`SELECT ${columns} FROM checkpoints WHERE project_id = ? AND id = ?`);
  const byTurn = db.prepare(
    `SELECT ${columns} FROM checkpoints WHERE project_id = ? AND turn_id = ? ORDER BY created_at DESC, rowid DESC`,
  );
  const listed = `SELECT c.id, c.conversation_id, c.turn_id, c.path, c.change, c.created_at, c.undone_at, v.verdict_json,
      ${evidenceColumnsOf('e')}
    FROM checkpoints c LEFT JOIN checkpoint_test_verdicts v ON v.approval_id = c.approval_id AND v.project_id = c.project_id
    LEFT JOIN checkpoint_evidence e ON e.approval_id = c.approval_id AND e.project_id = c.project_id`;
  const listAll = db.prepare(
    `${listed} WHERE c.project_id = ? ORDER BY c.created_at DESC, c.rowid DESC LIMIT ?`,
  );
  const listConversation = db.prepare(
    `${listed} WHERE c.project_id = ? AND c.conversation_id = ? ORDER BY c.created_at DESC, c.rowid DESC LIMIT ?`,
  );
  const lateTests = db.prepare(
    `INSERT INTO checkpoint_test_verdicts (approval_id, project_id, verdict_json, recorded_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (approval_id) DO UPDATE SET verdict_json = excluded.verdict_json, recorded_at = excluded.recorded_at`,
  );
  const written = db.prepare(
    `SELECT id, conversation_id FROM checkpoints WHERE project_id = ? AND path = ? AND after_hash = ? AND undone_at IS NULL ORDER BY created_at DESC, rowid DESC LIMIT 1`,
  );
  const undoneSince = db.prepare(
    `SELECT path, change FROM checkpoints WHERE project_id = ? AND conversation_id = ? AND undone_at >= ?
     ORDER BY created_at ASC, rowid ASC`,
  );
  const undo = db.prepare('UPDATE checkpoints SET undone_at = ? WHERE project_id = ? AND id = ?');
  const toRecord = (row: Row): CheckpointRecord => ({
    ...toCheckpoint(row),
    approvalId: row.approval_id,
    beforeBytes: row.before_bytes,
    afterBytes: row.after_bytes,
    beforeHash: row.before_hash,
    afterHash: row.after_hash,
    mode: row.mode,
    undoneAt: row.undone_at,
  });
  return {
    record(checkpoint) {
      const id = newId();
      insert.run({
        id,
        projectId,
        approvalId: checkpoint.approvalId,
        conversationId: checkpoint.conversationId,
        turnId: checkpoint.turnId,
        path: checkpoint.path,
        change:
          checkpoint.afterBytes === null
            ? 'deleted'
            : checkpoint.beforeBytes === null
              ? 'created'
              : 'modified',
        beforeBytes: checkpoint.beforeBytes ? Buffer.from(checkpoint.beforeBytes) : null,
        afterBytes: checkpoint.afterBytes ? Buffer.from(checkpoint.afterBytes) : null,
        beforeHash: checkpoint.beforeBytes ? sha256(checkpoint.beforeBytes) : null,
        afterHash: checkpoint.afterBytes ? sha256(checkpoint.afterBytes) : ABSENT_FILE_HASH,
        mode: checkpoint.mode,
        createdAt: now(),
      });
      return id;
    },
    list(filter = {}) {
      const rows = (
        filter.conversationId === undefined
          ? listAll.all(projectId, CHECKPOINT_LIST_LIMIT)
          : listConversation.all(projectId, filter.conversationId, CHECKPOINT_LIST_LIMIT)
      ) as Row[];
      return rows.map(toCheckpoint);
    },
    get(id) {
      const row = byId.get(projectId, id) as Row | undefined;
      return row ? toRecord(row) : null;
    },
    byTurn: (turnId) => (byTurn.all(projectId, turnId) as Row[]).map(toRecord),
    markUndone(id) {
      undo.run(now(), projectId, id);
    },
    undoneSince(conversationId, since) {
      const rows = undoneSince.all(projectId, conversationId, since) as UndoneChange[];
      const byPath = new Map<string, UndoneChange>();
      for (const row of rows)
        if (!byPath.has(row.path)) byPath.set(row.path, { path: row.path, change: row.change });
      return [...byPath.values()];
    },
    recordLateTests(approvalId, verdict) {
      lateTests.run(approvalId, projectId, JSON.stringify(verdict), now());
    },
    findWritten(path, afterHash) {
      const row = written.get(projectId, path, afterHash) as
        { id: string; conversation_id: string | null } | undefined;
      return row ? { id: row.id, conversationId: row.conversation_id } : null;
    },
  };
}

/** The listed summary of a stored verdict; an unreadable one is left out, not guessed at. */
function testsOf(json: string | null | undefined): CheckpointTests | undefined {
  if (!json) return undefined;
  let parsed: TestVerdict;
  try {
    const result = testVerdictSchema.safeParse(JSON.parse(json));
    if (!result.success) return undefined;
    parsed = result.data;
  } catch {
    return undefined;
  }
  return {
    state: parsed.state,
    newlyFailing: parsed.newlyFailing.slice(0, LISTED_FAILURES).map(testFailureTitle),
    newlyFailingCount: parsed.newlyFailing.length,
    alreadyFailing: parsed.alreadyFailing.length,
    flaky: parsed.flaky.length,
    passed: parsed.passed,
    line: testVerdictLine(parsed),
  };
}

function toCheckpoint(
  row: Pick<
    Row,
    | 'id'
    | 'conversation_id'
    | 'turn_id'
    | 'path'
    | 'change'
    | 'created_at'
    | 'undone_at'
    | 'verdict_json'
  > &
    EvidenceColumns,
): Checkpoint {
  const tests = testsOf(row.verdict_json);
  const evidence = checkpointEvidenceOf(row);
  return {
    id: row.id,
    conversationId: row.conversation_id,
    turnId: row.turn_id,
    path: row.path,
    createdAt: row.created_at,
    change: row.change,
    undone: row.undone_at !== null,
    ...(tests ? { tests } : {}),
    ...(evidence ? { evidence } : {}),
  };
}
