// The agent's steps of a change set's run: its turn of the stored conversation (tool calls,
// text, errors), for `sluice proposal show` and the inbox.
import type { TranscriptItem } from '../../../shared/contract/agent-service';
import type { ChangeSetSummary } from '../../../shared/change-sets';
import { createConversationRepository } from '../store/conversation-repository';
import type { WritableDb } from '../store/database-handles';

export function changeSetSteps(
  db: WritableDb,
  set: Pick<ChangeSetSummary, 'conversationId' | 'turnId'>,
): TranscriptItem[] {
  if (!set.conversationId || !set.turnId) return [];
  return createConversationRepository(db)
    .transcript(set.conversationId)
    .filter((item) => 'turnId' in item && item.turnId === set.turnId);
}
