// What the store keeps of a conversation, as plain records (the agent loop produces them): the
// history as Sluice keeps it — user and assistant messages whose content is always a block
// array (the API's MessageParam also allows strings and system messages; Sluice never stores
// those) — and the recorder the loop reports to as a turn happens.
import type { ContentBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { ToolStatus, TurnEndReason, Usage } from '../../../shared/agent-events';
import type { HookRun } from '../../../shared/hooks';

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: ContentBlockParam[];
}

/** One tool call as recorded: what was called, its step label and what the model was told. */
export interface RecordedToolCall {
  readonly call: { readonly id: string; readonly name: string; readonly input: unknown };
  readonly label: string;
  readonly result: {
    readonly content: string;
    readonly status: ToolStatus;
    readonly shownAs?: string;
  };
}

/** Where the loop reports what must be persisted, as it happens. Must not throw. */
export interface TurnRecorder {
  /** A user message: the person's text, or the tool results of a round. */
  userMessage(message: ChatMessage, turnId: string): void;
  /** A complete assistant message. */
  assistantMessage(message: ChatMessage, turnId: string): void;
  toolCall(outcome: RecordedToolCall, turnId: string): void;
  /** A hook run, a step of the turn: about a tool call, with the hooks' word to the person. */
  hookRun(
    run: HookRun,
    turnId: string,
    step: { readonly toolUseId?: string; readonly message?: string },
  ): void;
  usage(usage: Usage, model: string, turnId: string): void;
  turnEnd(reason: TurnEndReason, turnId: string, message?: string): void;
}
