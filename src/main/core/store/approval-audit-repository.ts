// The approval audit trail in the app DB: every proposal with its decision,
// who decided and the hashes; listed per conversation. File writes, commands and MCP calls
// (with server, tool, argument digest and how the call ended) share the table; a file change
// the check held back is a row decided by 'check', with the counts that held it back.
import type {
  ApprovalAudit,
  AuditKind,
  AuditRecord,
  ToolCallResultStatus,
} from './approval-audit-records';
import type { ReadableDb, WritableDb } from './database-handles';

export function createApprovalAuditRepository(db: WritableDb, projectId: string): ApprovalAudit {
  const insert = db.prepare(`
    INSERT INTO approval_audit (approval_id, project_id, conversation_id, turn_id, tool_use_id, tool, path, base_hash,
      proposal_hash, after_hash, description, unified_diff, policy_action, policy_reason, protected_path, coarse_diff, created_at,
      kind, mcp_server, mcp_tool, arguments_digest, definition_hash)
    VALUES (@approvalId, @projectId, @conversationId, @turnId, @toolUseId, @tool, @path, @baseHash,
      @proposalHash, @afterHash, @description, @unifiedDiff, @policyAction, @policyReason, @protectedPath, @coarseDiff, @createdAt,
      @kind, @mcpServer, @mcpTool, @argumentsDigest, @definitionHash)
  `);
  const decide = db.prepare(`
    UPDATE approval_audit SET outcome = ?, decided_by = ?, decision_json = ?, final_hash = ?, decided_at = ?,
      decided_because = ?
    WHERE approval_id = ? AND outcome IS NULL
  `);
  const holdBack = db.prepare(`
    UPDATE approval_audit SET outcome = 'held_back', decided_by = 'check', decided_because = ?,
      held_back_errors = ?, held_back_failing_tests = ?, decided_at = ?
    WHERE approval_id = ? AND outcome IS NULL
  `);
  const apply = db.prepare(
    'UPDATE approval_audit SET applied = ?, apply_detail = ?, checkpoint_id = ? WHERE approval_id = ?',
  );
  const result = db.prepare(
    'UPDATE approval_audit SET result_status = ?, result_detail = ? WHERE approval_id = ? AND result_status IS NULL',
  );
  return {
    list: (filter) => listApprovalAudit(db, { projectId, conversationId: filter.conversationId }),
    recordProposal({ mcp, kind, ...entry }) {
      insert.run({
        ...entry,
        projectId,
        kind: kind ?? (mcp ? 'mcp' : entry.tool === 'run_command' ? 'command' : 'file'),
        mcpServer: mcp?.server ?? null,
        mcpTool: mcp?.serverTool ?? null,
        argumentsDigest: mcp?.argumentsDigest ?? null,
        definitionHash: mcp?.definitionHash ?? null,
        protectedPath: entry.protectedPath ? 1 : 0,
        coarseDiff: entry.coarseDiff ? 1 : 0,
      });
    },
    recordDecision(entry) {
      decide.run(
        entry.outcome,
        entry.decidedBy,
        entry.decision ? JSON.stringify(entry.decision) : null,
        entry.finalHash,
        entry.decidedAt,
        entry.because ?? null,
        entry.approvalId,
      );
    },
    recordHeldBack(entry) {
      holdBack.run(
        entry.errors > 0 ? 'introduced_errors' : 'newly_failing_tests',
        entry.errors,
        entry.failingTests,
        entry.heldAt,
        entry.approvalId,
      );
    },
    recordApplication(approvalId, result) {
      if (result.applied) apply.run(1, null, result.checkpointId, approvalId);
      else apply.run(0, result.reason, null, approvalId);
    },
    recordResult(approvalId, ended) {
      result.run(ended.status, ended.detail, approvalId);
    },
  };
}

interface AuditRow {
  approval_id: string;
  conversation_id: string | null;
  turn_id: string | null;
  tool_use_id: string | null;
  tool: string;
  path: string;
  base_hash: string;
  proposal_hash: string;
  after_hash: string;
  description: string;
  policy_action: string;
  policy_reason: string;
  protected_path: number;
  coarse_diff: number;
  created_at: number;
  outcome: string | null;
  decided_by: string | null;
  decision_json: string | null;
  final_hash: string | null;
  decided_at: number | null;
  applied: number | null;
  apply_detail: string | null;
  checkpoint_id: string | null;
  kind: AuditKind;
  mcp_server: string | null;
  mcp_tool: string | null;
  arguments_digest: string | null;
  definition_hash: string | null;
  result_status: ToolCallResultStatus | null;
  result_detail: string | null;
  decided_because: string | null;
  held_back_errors: number | null;
  held_back_failing_tests: number | null;
}

/** A conversation's proposals and decisions, oldest first (or a project's when no conversation is given). */
export function listApprovalAudit(
  db: ReadableDb,
  filter: { projectId: string; conversationId?: string | undefined; limit?: number },
): AuditRecord[] {
  const limit = Math.max(1, Math.min(filter.limit ?? 1000, 10_000));
  const rows = (
    filter.conversationId === undefined
      ? db
          .prepare(
            'SELECT * FROM approval_audit WHERE project_id = ? ORDER BY created_at, rowid LIMIT ?',
          )
          .all(filter.projectId, limit)
      : db
          .prepare(
            'SELECT * FROM approval_audit WHERE project_id = ? AND conversation_id = ? ORDER BY created_at, rowid LIMIT ?',
          )
          .all(filter.projectId, filter.conversationId, limit)
  ) as AuditRow[];
  return rows.map(toAuditRecord);
}

function toAuditRecord(row: AuditRow): AuditRecord {
  return {
    approvalId: row.approval_id,
    conversationId: row.conversation_id,
    turnId: row.turn_id,
    toolUseId: row.tool_use_id,
    tool: row.tool,
    path: row.path,
    baseHash: row.base_hash,
    proposalHash: row.proposal_hash,
    afterHash: row.after_hash,
    description: row.description,
    policyAction: row.policy_action,
    policyReason: row.policy_reason,
    protectedPath: row.protected_path === 1,
    coarseDiff: row.coarse_diff === 1,
    createdAt: row.created_at,
    outcome: row.outcome,
    decidedBy: row.decided_by,
    decision: row.decision_json ? (JSON.parse(row.decision_json) as unknown) : null,
    finalHash: row.final_hash,
    decidedAt: row.decided_at,
    applied: row.applied === null ? null : row.applied === 1,
    applyDetail: row.apply_detail,
    checkpointId: row.checkpoint_id,
    kind: row.kind,
    mcpServer: row.mcp_server,
    mcpTool: row.mcp_tool,
    argumentsDigest: row.arguments_digest,
    definitionHash: row.definition_hash,
    resultStatus: row.result_status,
    resultDetail: row.result_detail,
    decidedBecause: row.decided_because,
    heldBackErrors: row.held_back_errors,
    heldBackFailingTests: row.held_back_failing_tests,
  };
}

/** A row of `sluice audit`: the record, and for a command the command line it asked to run. */
export interface RecentAuditRecord extends AuditRecord {
  readonly command: string | null;
}

/**
 * A project's newest proposals and decisions first, optionally of one kind and proposed since a
 * time (ms since the epoch) (`sluice audit`).
 */
export function listRecentApprovalAudit(
  db: ReadableDb,
  filter: {
    projectId: string;
    kind?: AuditKind | undefined;
    since?: number | null | undefined;
    limit: number;
  },
): RecentAuditRecord[] {
  const limit = Math.max(1, Math.min(filter.limit, 10_000));
  const kind = filter.kind ?? null;
  const since = filter.since ?? null;
  const rows = db
    .prepare(
      `SELECT * FROM approval_audit WHERE project_id = ? AND (? IS NULL OR kind = ?)
        AND (? IS NULL OR created_at >= ?) ORDER BY created_at DESC, rowid DESC LIMIT ?`,
    )
    .all(filter.projectId, kind, kind, since, since, limit) as (AuditRow & {
    unified_diff: string;
  })[];
  return rows.map((row) => ({
    ...toAuditRecord(row),
    command: row.kind === 'command' ? row.unified_diff : null,
  }));
}
