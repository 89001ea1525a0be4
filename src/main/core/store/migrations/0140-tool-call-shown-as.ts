import type { Migration } from './migration';

/**
 * What the person reads of a tool call in place of the words written for the model (a change
 * sent back to Claude before the person saw it reads as a step, not a failure). NULL: the
 * step line shows the status as before.
 */
export const migration0140ToolCallShownAs: Migration = {
  version: 140,
  name: 'tool-call-shown-as',
  up(db) {
    db.exec(`ALTER TABLE conversation_tool_calls ADD COLUMN shown_as TEXT;`);
  },
};
