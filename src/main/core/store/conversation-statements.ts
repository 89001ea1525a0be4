// The prepared statements of the conversation repository (migration 0010's tables, and 0180's
// turn mode and worktree link): one set per repository, shared by its reads, its writes and
// the turn recorder it hands out.
import type { WritableDb } from './database-handles';
import { PLAN_ROWS_SQL } from './plan-repository';

export type ConversationStatements = ReturnType<typeof prepareConversationStatements>;

export function prepareConversationStatements(db: WritableDb) {
  return {
    insert: db.prepare(
      'INSERT INTO conversations (id, project_id, title, model, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    get: db.prepare('SELECT * FROM conversations WHERE id = ?'),
    listAll: db.prepare('SELECT * FROM conversations ORDER BY updated_at DESC, id'),
    listProject: db.prepare(
      'SELECT * FROM conversations WHERE project_id = ? ORDER BY updated_at DESC, id',
    ),
    rename: db.prepare('UPDATE conversations SET title = ?, updated_at = ? WHERE id = ?'),
    setModel: db.prepare('UPDATE conversations SET model = ? WHERE id = ?'),
    touch: db.prepare('UPDATE conversations SET updated_at = ? WHERE id = ?'),
    delete: db.prepare('DELETE FROM conversations WHERE id = ?'),
    messages: db.prepare(
      'SELECT seq, turn_id, role, content_json, created_at FROM conversation_messages WHERE conversation_id = ? ORDER BY seq',
    ),
    nextMessageSeq: db.prepare(
      'SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM conversation_messages WHERE conversation_id = ?',
    ),
    insertMessage: db.prepare(
      'INSERT INTO conversation_messages (conversation_id, seq, turn_id, role, content_json, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    nextTurnSeq: db.prepare(
      'SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM conversation_turns WHERE conversation_id = ?',
    ),
    insertTurn: db.prepare(
      'INSERT INTO conversation_turns (id, conversation_id, seq, user_text, started_at, mode) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    insertWorktree: db.prepare(
      'INSERT INTO conversation_worktrees (conversation_id, project_id, name) VALUES (?, ?, ?)',
    ),
    endTurn: db.prepare(
      'UPDATE conversation_turns SET ended_at = ?, end_reason = ?, end_message = ? WHERE id = ?',
    ),
    turns: db.prepare(
      'SELECT id, seq, user_text, started_at, end_reason, end_message FROM conversation_turns WHERE conversation_id = ? ORDER BY seq',
    ),
    lastTurn: db.prepare(
      'SELECT id, user_text, end_reason, end_message, started_at FROM conversation_turns WHERE conversation_id = ? ORDER BY seq DESC LIMIT 1',
    ),
    closeOpen: db.prepare(
      "UPDATE conversation_turns SET ended_at = ?, end_reason = 'error', end_message = ? WHERE conversation_id = ? AND end_reason IS NULL",
    ),
    insertTool: db.prepare(`
      INSERT INTO conversation_tool_calls (conversation_id, tool_use_id, turn_id, name, label, input_json, status, result, shown_as, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (conversation_id, tool_use_id) DO UPDATE SET status = excluded.status, result = excluded.result, shown_as = excluded.shown_as`),
    tools: db.prepare(
      'SELECT tool_use_id, turn_id, name, label, input_json, status, result, shown_as FROM conversation_tool_calls WHERE conversation_id = ?',
    ),
    /** Plan mode's plans (migration 0190). */
    plans: db.prepare(PLAN_ROWS_SQL),
    insertUsage: db.prepare(`
      INSERT INTO conversation_usage (conversation_id, turn_id, model, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost_usd, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    usage: db.prepare(`
      SELECT COALESCE(SUM(input_tokens), 0) AS i, COALESCE(SUM(output_tokens), 0) AS o, COALESCE(SUM(cache_read_tokens), 0) AS r,
             COALESCE(SUM(cache_write_tokens), 0) AS w, COALESCE(SUM(cost_usd), 0) AS c
      FROM conversation_usage WHERE conversation_id = ?`),
  };
}
