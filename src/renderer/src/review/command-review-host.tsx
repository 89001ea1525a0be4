// Shows the first waiting command approval. File reviews (ReviewHost) take precedence when
// both wait: a turn runs its write tools one at a time, so at most one of them is current.
import { CommandApprovalCard } from './command-approval-card';
import { useCommandApprovals } from './use-command-approvals';
import type { ConversationFocus } from './review-host';
import { useReturnFocus } from './return-focus';
import { useShowConversation } from './use-show-conversation';

export function CommandReviewHost({ activeConversationId, onShowConversation }: ConversationFocus) {
  const queue = useCommandApprovals();
  const current = queue.pending[0];
  useShowConversation(current, activeConversationId, onShowConversation);
  useReturnFocus(current !== undefined);
  if (!current) return null;
  return (
    <CommandApprovalCard
      key={current.request.approvalId}
      item={current}
      error={queue.error}
      onDecide={(decision) => queue.decide(current, decision)}
    />
  );
}
