import type { Migration } from './migration';

/**
 * Compaction on request (`/compact`): from a point on, the turns before it are sent to the
 * model as one summary instead of in full. One row per compaction, kept with its conversation;
 * the newest row (highest `through_seq`) is the one in force. `through_seq`: the last stored
 * message the summary stands for (messages are never deleted: the transcript still shows every
 * turn, only what is sent changes). `summary`: the text sent in their place, stored so every
 * later request sends the same words. `drafted_by`: 'model' (a short summary the model wrote)
 * or 'sluice' (the local, deterministic one of the context budget). Token figures are
 * estimates of the history sent before and after; the usage of a drafting request is recorded
 * in `conversation_usage` like any other request of the conversation, under the turn id
 * `compaction:<id>`. `usage_id_before`: the newest usage row of a turn when it was compacted, so
 * a reader can tell whether a request was sent since (NULL: none had been).
 */
export const migration0200ConversationCompactions: Migration = {
  version: 200,
  name: 'conversation-compactions',
  up(db) {
    db.exec(`
      CREATE TABLE conversation_compactions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        through_seq INTEGER NOT NULL,
        through_turn_id TEXT NOT NULL,
        turns_summarised INTEGER NOT NULL,
        summary TEXT NOT NULL,
        drafted_by TEXT NOT NULL CHECK (drafted_by IN ('model', 'sluice')),
        tokens_before INTEGER NOT NULL,
        tokens_after INTEGER NOT NULL,
        usage_id_before INTEGER,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX conversation_compactions_conversation
        ON conversation_compactions (conversation_id, through_seq);
    `);
  },
};
