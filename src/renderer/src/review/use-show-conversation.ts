// A waiting approval opens over its own conversation: after a reload (the request comes from
// approvals.pending) the chat behind the review is the one that asked, and after the decision
// its result is there to read. Asked once per approval, so the person can move away after.
import { useEffect, useRef } from 'react';

export function useShowConversation(
  item: { conversationId: string; request: { approvalId: string } } | undefined,
  activeConversationId: string | null | undefined,
  show: ((conversationId: string) => void) | undefined,
): void {
  const shown = useRef<string | null>(null);
  const approvalId = item?.request.approvalId;
  const conversationId = item?.conversationId;
  useEffect(() => {
    if (!show || !approvalId || !conversationId || shown.current === approvalId) return;
    shown.current = approvalId;
    if (conversationId !== activeConversationId) show(conversationId);
  }, [approvalId, conversationId, activeConversationId, show]);
}
