import type { Migration } from './migration';

/**
 * What a listing of conversations says beyond their rows. `conversation_turns.mode`: the
 * approval mode a turn ran in (ask, auto-edit, read-only, or propose for a background run),
 * recorded as it starts; NULL for turns recorded before this and for review notes. No CHECK,
 * so a mode added later is stored without a migration; readers keep only the modes they know.
 * `conversation_worktrees`: a conversation that works in one of Sluice's worktrees, with the
 * project it was made from and its name (a worktree opens as a project of its own, so its
 * conversations carry that project's id and would otherwise not be found from the person's
 * project). The index finds a conversation's change sets (its propose runs).
 */
export const migration0180ConversationListing: Migration = {
  version: 180,
  name: 'conversation-listing',
  up(db) {
    db.exec(`
      ALTER TABLE conversation_turns ADD COLUMN mode TEXT;
      CREATE TABLE conversation_worktrees (
        conversation_id TEXT PRIMARY KEY REFERENCES conversations (id) ON DELETE CASCADE,
        project_id TEXT NOT NULL,
        name TEXT NOT NULL
      );
      CREATE INDEX conversation_worktrees_project ON conversation_worktrees (project_id);
      CREATE INDEX change_sets_conversation ON change_sets (conversation_id);
    `);
  },
};
