// Which proposals a live edit held back once: a change that would introduce errors
// is returned to the model unseen the first time; the identical call again (same proposal
// hash, same conversation) goes to the person with its errors. Bounded per conversation and
// in conversations, oldest forgotten first: forgetting only means one more hold-back.
export const MAX_HELD_BACK_CONVERSATIONS = 64;
export const MAX_HELD_BACK_PER_CONVERSATION = 256;

export class HeldBackProposals {
  private readonly byConversation = new Map<string, Set<string>>();

  has(conversationId: string, proposalHash: string): boolean {
    return this.byConversation.get(conversationId)?.has(proposalHash) ?? false;
  }

  remember(conversationId: string, proposalHash: string): void {
    let hashes = this.byConversation.get(conversationId);
    if (hashes) this.byConversation.delete(conversationId);
    else hashes = new Set();
    // Re-inserted so the map's order is least recently used first.
    this.byConversation.set(conversationId, hashes);
    hashes.add(proposalHash);
    if (hashes.size > MAX_HELD_BACK_PER_CONVERSATION) {
      const oldest = hashes.values().next().value;
      if (oldest !== undefined) hashes.delete(oldest);
    }
    if (this.byConversation.size > MAX_HELD_BACK_CONVERSATIONS) {
      const oldest = this.byConversation.keys().next().value;
      if (oldest !== undefined) this.byConversation.delete(oldest);
    }
  }
}
