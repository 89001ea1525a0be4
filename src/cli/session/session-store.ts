// The terminal session's state, outside React so the screen can be taken down for a review
// and put back without losing anything: the conversation (the app's view-model, advanced by
// the same AgentEvents), what has been printed for good, what is live, and the status line's
// facts. Ink components read it through useSyncExternalStore.
import type { AgentEvent, Usage } from '../../shared/agent-events';
import {
  applyAgentEvent,
  emptyConversation,
  fromView,
  type ConversationState,
} from '../../shared/conversation-state';
import type { ConversationView } from '../../shared/contract';
import { ZERO_USAGE, addUsage } from '../../shared/usage';
import { EMPTY_DRAFT, type Draft } from './prompt-editing';
import { decisionWords } from '../ask-printer';
import {
  advance,
  START_CURSOR,
  type LiveView,
  type PrintCursor,
  type SessionBlock,
} from './session-blocks';

export interface SessionState {
  readonly conversation: ConversationState;
  /** Every block printed since the session started, in order (append-only). */
  readonly blocks: readonly SessionBlock[];
  readonly live: LiveView;
  readonly mode: string;
  readonly model: string;
  /** The latest request's usage: what the context held then. */
  readonly latest: Usage | null;
  /** Tokens a compaction took off the history since that request. */
  readonly contextSaved: number;
  /** The running turn's usage so far. */
  readonly turn: Usage;
  readonly busy: boolean;
  /** A line under the prompt that goes away by itself ("Press Ctrl+C again to leave"). */
  readonly hint: string | null;
  /** Prompts typed while a turn ran, sent in order after it. */
  readonly queued: readonly string[];
  readonly title: string | null;
  /** The screen is down: a review has the terminal, only printed blocks are drawn. */
  readonly suspended: boolean;
  /** The prompt being typed: kept while the screen is down for a review. */
  readonly draft: Draft;
}

type Listener = () => void;

export class SessionStore {
  private state: SessionState;
  private cursor: PrintCursor = START_CURSOR;
  private readonly listeners = new Set<Listener>();
  private noticeCount = 0;

  constructor(initial: { mode: string; model: string }) {
    this.state = {
      conversation: emptyConversation(''),
      blocks: [],
      live: { text: '', steps: [] },
      mode: initial.mode,
      model: initial.model,
      latest: null,
      contextSaved: 0,
      turn: ZERO_USAGE,
      busy: false,
      hint: null,
      queued: [],
      title: null,
      suspended: false,
      draft: EMPTY_DRAFT,
    };
  }

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): SessionState => this.state;

  /** A stored conversation taken up again (`-c`, `--resume`, /resume): its turns printed once. */
  load(view: ConversationView, title: string): void {
    this.cursor = START_CURSOR;
    const conversation = fromView({ ...view, running: false });
    const latest = view.latestUsage ?? null;
    const contextSaved = view.contextSavedTokens ?? 0;
    this.set({ conversation, title, latest, contextSaved, turn: ZERO_USAGE });
    this.reprint(true);
  }

  /** A new conversation (/clear): nothing of the old one is sent again. */
  clear(): void {
    this.cursor = START_CURSOR;
    this.set({
      conversation: emptyConversation(''),
      title: null,
      latest: null,
      contextSaved: 0,
      turn: ZERO_USAGE,
    });
  }

  /** A compaction took `tokens` off what the next request sends. */
  compacted(tokens: number): void {
    this.set({ contextSaved: tokens });
  }

  event(event: AgentEvent): void {
    let { conversation, latest, contextSaved, turn } = this.state;
    if (conversation.id !== event.conversationId)
      conversation = { ...conversation, id: event.conversationId };
    conversation = applyAgentEvent(conversation, event);
    if (event.type === 'usage') {
      latest = event.usage;
      contextSaved = 0;
      turn = addUsage(turn, event.usage);
    }
    if (event.type === 'turn_start') turn = ZERO_USAGE;
    // An approved plan goes on in the mode the person chose: the engine switched already.
    const mode = event.type === 'plan_resolved' && event.mode ? event.mode : this.state.mode;
    this.set({ conversation, latest, contextSaved, turn, mode });
    this.reprint(event.type === 'turn_end');
    // A question nobody was asked (a rule, the mode, a clean check decided it) says who did;
    // the person's own answer is on the screen already, in the review.
    if (event.type === 'turn_end' && event.reason !== 'end_turn' && event.reason !== 'error') {
      this.set({ hint: null });
      if (event.message) this.say(event.message, 'warn');
    }
    if (event.type === 'approval_resolved' && event.decidedBy !== 'person')
      this.say(`  ${decisionWords(event)}`, event.outcome === 'rejected' ? 'warn' : 'info');
  }

  say(text: string, tone: 'info' | 'warn' | 'ok' = 'info'): void {
    this.noticeCount += 1;
    const block: SessionBlock = { key: `notice-${this.noticeCount}`, kind: 'notice', tone, text };
    this.set({ blocks: [...this.state.blocks, block] });
  }

  setBusy(busy: boolean): void {
    this.set({ busy });
  }

  setHint(hint: string | null): void {
    this.set({ hint });
  }

  setMode(mode: string): void {
    this.set({ mode });
  }

  setModel(model: string): void {
    this.set({ model });
  }

  /** The prompt's draft, as PromptInput reads and changes it. */
  readonly drafts = {
    get: (): Draft => this.state.draft,
    set: (draft: Draft): void => this.set({ draft }),
    subscribe: (listener: Listener): (() => void) => this.subscribe(listener),
  };

  setSuspended(suspended: boolean): void {
    this.set({ suspended });
  }

  setTitle(title: string | null): void {
    this.set({ title });
  }

  enqueue(prompt: string): void {
    this.set({ queued: [...this.state.queued, prompt] });
  }

  /** The next prompt typed while a turn ran, if any. */
  dequeue(): string | null {
    const [next, ...rest] = this.state.queued;
    if (next === undefined) return null;
    this.set({ queued: rest });
    return next;
  }

  private reprint(turnOver: boolean): void {
    const { conversation } = this.state;
    const done = turnOver || !conversation.running;
    const next = advance(conversation.items, this.cursor, done);
    this.cursor = next.cursor;
    const blocks = next.blocks.length ? [...this.state.blocks, ...next.blocks] : this.state.blocks;
    this.set({ blocks, live: next.live });
  }

  private set(patch: Partial<SessionState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}
