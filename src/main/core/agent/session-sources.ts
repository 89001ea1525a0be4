// When SessionStart runs, and with which `source` (Claude Code's): the runner remembers the
// conversations it has run a turn in. The first turn of a conversation it made is `startup`, or
// `clear` when it had already run another one (the app's New conversation and the terminal's
// /clear leave one conversation for a new one); the first turn it runs of a stored conversation
// is `resume`; a later turn after the conversation was compacted is `compact`. Otherwise none.
import type { ConversationRepository } from '../store/conversation-repository';
import type { SessionStartSource } from './turn-hooks';

export class SessionSources {
  /** Each conversation run here, with the compaction in force at its latest turn. */
  private readonly seen = new Map<string, number | null>();

  constructor(private readonly repository: Pick<ConversationRepository, 'latestCompactionId'>) {}

  /** The turn starting now: which SessionStart runs before it, if any. */
  turnStarts(conversationId: string, created: boolean): SessionStartSource | undefined {
    const compaction = this.repository.latestCompactionId(conversationId);
    const before = this.seen.has(conversationId) ? this.seen.get(conversationId) : undefined;
    const ranOthers = this.seen.size > 0;
    this.seen.set(conversationId, compaction);
    if (before === undefined) return created ? (ranOthers ? 'clear' : 'startup') : 'resume';
    return compaction !== before ? 'compact' : undefined;
  }
}
