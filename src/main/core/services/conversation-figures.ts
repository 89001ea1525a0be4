// What a conversation's view carries beside its transcript: each turn's cost, how full the
// context window is (the latest request, less what a compaction took off since) and the marks
// of its compactions. Read from the app database; absent when a shell has none to read.
import type { ConversationView } from '../../../shared/contract/agent-service';
import { modelInfo } from '../agent/model-catalog';
import { listCompactions, tokensSavedSinceLatestRequest } from '../store/conversation-compactions';
import type { ReadableDb } from '../store/database-handles';
import { latestUsage } from '../store/session-recall';
import { usageByTurn } from '../store/turn-usage';

export type ConversationFigures = Pick<
  ConversationView,
  'turnUsage' | 'latestUsage' | 'contextWindow' | 'contextSavedTokens' | 'compactions'
>;

export function conversationFigures(
  db: ReadableDb,
  conversation: { readonly id: string; readonly model: string },
): ConversationFigures {
  const { id } = conversation;
  return {
    turnUsage: usageByTurn(db, id).map(({ turnId, usage }) => ({ turnId, usage })),
    latestUsage: latestUsage(db, id),
    contextWindow: modelInfo(conversation.model).contextWindow,
    contextSavedTokens: tokensSavedSinceLatestRequest(db, id),
    compactions: listCompactions(db, id).map((compaction) => ({
      afterTurnId: compaction.throughTurnId,
      turnsSummarised: compaction.turnsSummarised,
      tokensBefore: compaction.tokensBefore,
      tokensAfter: compaction.tokensAfter,
      draftedBy: compaction.draftedBy,
    })),
  };
}
