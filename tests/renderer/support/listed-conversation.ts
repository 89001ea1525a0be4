// A conversation as agent.listConversations answers it, for component tests' fakes.
import type { ListedConversation } from '../../../src/shared/contract';

export function listedConversation(
  over: Partial<ListedConversation> & Pick<ListedConversation, 'id' | 'title'>,
): ListedConversation {
  return {
    projectId: 'p1',
    createdAt: 1,
    updatedAt: 2,
    mode: 'ask',
    turns: 1,
    costUsd: 0,
    inputTokens: 0,
    outputTokens: 0,
    kind: 'chat',
    ...over,
  };
}
