import type { Migration } from './migration';

/**
 * Hook runs as steps of a conversation, so a reloaded conversation shows them where they
 * happened. One row per run, in the order the runs finished (`id`). `tool_use_id`: the tool call
 * the run was about (PreToolUse, PostToolUse), shown after it. `after_seq`: the conversation's
 * last stored message when the run finished (NULL: none yet), which places a run of the turn
 * itself (SessionStart, UserPromptSubmit, Stop) among its messages. `message`: what the hooks
 * said to the person (`systemMessage`). The columns are a run as the core reports it
 * (shared/hooks.ts); the project's audit trail of runs is `hook_runs` (migration 0210).
 */
export const migration0220ConversationHookRuns: Migration = {
  version: 220,
  name: 'conversation-hook-runs',
  up(db) {
    db.exec(`
      CREATE TABLE conversation_hook_runs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        turn_id TEXT NOT NULL,
        tool_use_id TEXT,
        after_seq INTEGER,
        hook_id TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('person', 'project')),
        event TEXT NOT NULL
          CHECK (event IN ('PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'SessionStart')),
        command TEXT NOT NULL,
        tool_name TEXT,
        outcome TEXT NOT NULL
          CHECK (outcome IN ('passed', 'blocked', 'asked', 'failed', 'timed_out', 'not_run')),
        exit_code INTEGER,
        ms INTEGER NOT NULL,
        output TEXT NOT NULL,
        reason TEXT,
        message TEXT,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX conversation_hook_runs_conversation ON conversation_hook_runs (conversation_id, id);
    `);
  },
};
