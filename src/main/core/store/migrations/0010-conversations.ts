import type { Migration } from './migration';

/**
 * Conversations with the agent, stored as they happen: each turn, each complete message
 * (content blocks as the API takes them, JSON), each tool call with input, status and result,
 * and the usage of each request with its cost estimate. No foreign key to `projects`: it
 * belongs to another number range (see migration.ts), and a conversation outlives the
 * recent-projects list.
 */
export const migration0010Conversations: Migration = {
  version: 10,
  name: 'conversations',
  up(db) {
    db.exec(`
      CREATE TABLE conversations (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        title TEXT NOT NULL,
        model TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX conversations_project ON conversations (project_id, updated_at DESC);

      CREATE TABLE conversation_turns (
        id TEXT PRIMARY KEY,
        conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        user_text TEXT NOT NULL,
        started_at INTEGER NOT NULL,
        ended_at INTEGER,
        -- end_turn | max_turns | aborted | error; NULL while running (or if Sluice stopped mid-turn).
        end_reason TEXT CHECK (end_reason IN ('end_turn', 'max_turns', 'aborted', 'error')),
        end_message TEXT,
        UNIQUE (conversation_id, seq)
      );

      CREATE TABLE conversation_messages (
        conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        turn_id TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
        content_json TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (conversation_id, seq)
      );

      CREATE TABLE conversation_tool_calls (
        conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        tool_use_id TEXT NOT NULL,
        turn_id TEXT NOT NULL,
        name TEXT NOT NULL,
        label TEXT NOT NULL,
        input_json TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('ok', 'error', 'rejected', 'denied', 'conflict')),
        result TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (conversation_id, tool_use_id)
      );

      CREATE TABLE conversation_usage (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        turn_id TEXT NOT NULL,
        model TEXT NOT NULL,
        input_tokens INTEGER NOT NULL,
        output_tokens INTEGER NOT NULL,
        cache_read_tokens INTEGER NOT NULL,
        cache_write_tokens INTEGER NOT NULL,
        cost_usd REAL NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX conversation_usage_conversation ON conversation_usage (conversation_id);
    `);
  },
};
