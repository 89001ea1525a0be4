// Shows the first waiting approval in the review modal. "N of M" counts the approvals that
// arrived since the queue was last empty, so it reads 1 of 3, 2 of 3, 3 of 3.
import { useRef } from 'react';
import { useResolvedTheme } from '../app/theme';
import { DiffReviewModal } from './diff-review-modal';
import { useApprovalQueue } from './use-approval-queue';
import { McpCallReview } from './mcp-call-review';
import { useReturnFocus } from './return-focus';
import { useShowConversation } from './use-show-conversation';

/** The conversation on screen, and how to show another (the one an approval came from). */
export interface ConversationFocus {
  activeConversationId?: string | null;
  onShowConversation?: (conversationId: string) => void;
}

export function ReviewHost(focus: ConversationFocus = {}) {
  // MCP call approvals keep their own queue; mounted once so it never loses it.
  return (
    <>
      <McpCallReview />
      <DiffReviewHost {...focus} />
    </>
  );
}

function DiffReviewHost({ activeConversationId, onShowConversation }: ConversationFocus) {
  const queue = useApprovalQueue();
  const theme = useResolvedTheme();
  const batch = useRef(new Set<string>());
  if (queue.pending.length === 0) batch.current = new Set();
  for (const item of queue.pending) batch.current.add(item.request.approvalId);

  const current = queue.pending[0];
  useShowConversation(current, activeConversationId, onShowConversation);
  useReturnFocus(current !== undefined);
  if (!current) return null;
  const total = batch.current.size;
  const sameConversation = queue.pending.filter(
    (item) => item.conversationId === current.conversationId,
  ).length;
  return (
    <DiffReviewModal
      key={current.request.approvalId}
      item={current}
      position={total - queue.pending.length + 1}
      total={total}
      approveAllCount={sameConversation}
      dark={theme === 'dark'}
      error={queue.error}
      onDecide={(decision, glob) => queue.decide(current, decision, glob)}
      onApproveAll={() => queue.approveAll(current.conversationId)}
    />
  );
}
