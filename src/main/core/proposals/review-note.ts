// "The conversation learns what was accepted and what was rejected with the person's reason":
// after a review, a short account is recorded in the set's conversation as
// a message from the person's side, so a later turn (Refine, or `ask --conversation`) sees it.
import { randomUUID } from 'node:crypto';
import type { ApplyFileResult } from '../../../shared/change-sets';
import { createConversationRepository } from '../store/conversation-repository';
import type { WritableDb } from '../store/database-handles';

export function reviewNoteText(
  changeSetId: string,
  files: readonly ApplyFileResult[],
  reason: string | undefined,
): string {
  const lines = [`[Review of change set ${changeSetId}]`];
  for (const file of files) {
    const note = file.note ? `: ${file.note}` : '';
    lines.push(`- ${file.path}: ${file.state}${note}`);
  }
  if (!files.length) lines.push('- (the set changed no file)');
  if (reason) lines.push(`The person's reason: ${reason}`);
  return lines.join('\n');
}

/** Records the review in the conversation; a missing conversation is left alone. */
export function recordReviewNote(
  db: WritableDb,
  conversationId: string | null,
  text: string,
): void {
  if (!conversationId) return;
  const conversations = createConversationRepository(db);
  if (!conversations.get(conversationId)) return;
  const turnId = conversations.startTurn(conversationId, text, randomUUID());
  const recorder = conversations.recorder(conversationId);
  recorder.userMessage({ role: 'user', content: [{ type: 'text', text }] }, turnId);
  recorder.turnEnd('end_turn', turnId);
}
