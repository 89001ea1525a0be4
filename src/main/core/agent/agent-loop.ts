// The agent loop (after pi-mono's agent-loop.ts): one user turn as an async generator of
// AgentEvents. Each round streams `client.messages.stream()` with the tool definitions, emits
// text as it arrives, runs the tool_use blocks of a complete reply and sends the results back,
// until end_turn, the round limit, abort or a failure. Retries, backoff and SSE parsing are
// the SDK's.
//
// Contracts:
// - Only complete messages enter the history (and the recorder): a reply that breaks, errors,
//   refuses or hits max_tokens inside a tool call is dropped and no tool of it runs.
// - Every tool_use in the history gets its tool_result, also on abort ("not run").
// - Never throws: failures become an `error` event followed by `turn_end`.
// - With hooks (turn-hooks.ts, tool-hooks.ts): SessionStart and UserPromptSubmit run before the
//   person's message is kept, PreToolUse and PostToolUse around each tool call, Stop when the
//   model ends its turn; a prompt a hook blocked is neither sent nor kept.
import type Anthropic from '@anthropic-ai/sdk';
import type { ToolResultBlockParam, ToolUseBlock } from '@anthropic-ai/sdk/resources/messages';
import { toParamBlocks, userContent, type ChatMessage } from './chat-message';
import type { AgentEvent, TurnEndReason } from '../../../shared/agent-events';
import { toApiTool, type ToolDefinition } from '../tools/tool';
import { estimateTokens } from './context-budget';
import { EventChannel } from './event-channel';
import { modelInfo, usageFromApi } from './model-catalog';
import { streamModelRound, type RoundResult } from './model-round';
import { executeToolCalls, type ToolPorts } from './tool-execution';
import { TurnHooks, type SessionStartSource, type TurnHalt } from './turn-hooks';
import type { ProjectHooks } from '../hooks/hooks-port';
import type { ImageInput } from '../../../shared/image-attachments';
import { attachedImages } from '../store/attached-images';

export const DEFAULT_MAX_ROUNDS = 25;
export const DEFAULT_MAX_TOKENS = 8_192;

import type { TurnRecorder } from '../store/conversation-records';

export type { TurnRecorder };

export interface AgentTurnOptions {
  client: Anthropic;
  model: string;
  conversationId: string;
  turnId: string;
  /** Complete messages before this turn (from the store). Not mutated. */
  history: readonly ChatMessage[];
  /** The person's message. Absent for Continue / Retry: the history already ends with the user's side. */
  userText?: string;
  /** Sent as a second block of the user's message (mentioned files and symbols). */
  userContext?: string;
  /** Images the person attached, checked (image-attachments.ts); sent before the text. */
  userImages?: readonly ImageInput[];
  system: string;
  tools: readonly ToolDefinition[];
  /**
   * Tools loaded during the turn (by a tool search): read before each request, sent from then
   * on and callable. Names already offered are ignored.
   */
  loadedTools?: () => readonly ToolDefinition[];
  /**
   * The ToolContext ports (workspace, approvals, …). The turn's emitter is not one of them:
   * every tool gets it as `ctx.emit`, and passes it on (approval requests carry it).
   */
  ports: ToolPorts;
  signal?: AbortSignal;
  /** Model requests per turn before it ends with max_turns (default 25). */
  maxRounds?: number;
  maxTokens?: number;
  /** Overrides the model's context window (tests of the budget). */
  contextWindow?: number;
  recorder?: TurnRecorder;
  /** The project's hooks (turn-hooks.ts); absent: none run. */
  hooks?: ProjectHooks;
  /** SessionStart runs before this turn: the conversation starts, resumes, was cleared or compacted. */
  sessionStart?: SessionStartSource;
}

export interface TurnOutcome {
  reason: TurnEndReason;
  message?: string;
  /** The history after the turn (complete messages only). */
  history: ChatMessage[];
}

class TurnRunner {
  readonly history: ChatMessage[];
  private readonly tools: Map<string, ToolDefinition>;
  private readonly apiTools: Anthropic.Tool[];
  /** Tokens of the definitions of MCP servers' tools (named `mcp__…`), for messages. */
  private mcpToolTokens = 0;
  private readonly signal: AbortSignal;
  private readonly ports: ToolPorts;
  private readonly hooks: TurnHooks | undefined;

  constructor(
    private readonly options: AgentTurnOptions,
    private readonly emit: (event: AgentEvent) => void,
  ) {
    this.history = [...options.history];
    this.tools = new Map();
    this.apiTools = [];
    this.addTools(options.tools);
    this.signal = options.signal ?? new AbortController().signal;
    this.ports = options.ports;
    this.hooks = options.hooks
      ? new TurnHooks({
          hooks: options.hooks,
          conversationId: options.conversationId,
          turnId: options.turnId,
          signal: this.signal,
          emit,
          recorder: options.recorder,
        })
      : undefined;
  }

  private addTools(tools: readonly ToolDefinition[]): void {
    for (const tool of tools) {
      if (this.apiTools.some((t) => t.name === tool.name)) continue;
      this.tools.set(tool.name, tool);
      const api = toApiTool(tool) as Anthropic.Tool;
      this.apiTools.push(api);
      if (tool.name.startsWith('mcp__')) this.mcpToolTokens += estimateTokens(api);
    }
  }

  private get ids() {
    return { conversationId: this.options.conversationId, turnId: this.options.turnId };
  }

  private end(reason: TurnEndReason, message?: string): TurnOutcome {
    this.options.recorder?.turnEnd(reason, this.options.turnId, message);
    this.emit({ type: 'turn_end', ...this.ids, reason, ...(message ? { message } : {}) });
    return { reason, ...(message ? { message } : {}), history: this.history };
  }

  private fail(errorKind: string, message: string, retryable: boolean): TurnOutcome {
    this.emit({ type: 'error', ...this.ids, kind: errorKind, message, retryable });
    return this.end('error', message);
  }

  private pushUser(message: ChatMessage): void {
    this.history.push(message);
    this.options.recorder?.userMessage(message, this.options.turnId);
  }

  /** A hook ended the turn: the person reads why (an `error` event), nothing more is sent. */
  private halted(halt: TurnHalt): TurnOutcome {
    this.emit({
      type: 'error',
      ...this.ids,
      kind: halt.kind,
      message: halt.message,
      retryable: false,
    });
    return this.end('end_turn', halt.message);
  }

  /**
   * Says the turn started, runs the SessionStart and UserPromptSubmit hooks, and adds the
   * person's message (images, text, context, the hooks' context), if any. A hook may end the
   * turn here: then nothing is sent and the message is not kept.
   */
  private async startTurn(): Promise<TurnHalt | null> {
    const { userText, model } = this.options;
    const images = userText !== undefined ? (this.options.userImages ?? []) : [];
    this.emit({
      type: 'turn_start',
      ...this.ids,
      userText: userText ?? '',
      model,
      ...(images.length ? { images: attachedImages(images, this.options.turnId) } : {}),
    });
    const opening = this.hooks
      ? await this.hooks.opening(this.options.sessionStart, userText)
      : { halt: false as const, context: [] };
    if (opening.halt) return opening;
    const context = [this.options.userContext, ...opening.context].filter(Boolean).join('\n\n');
    if (userText !== undefined)
      this.pushUser({ role: 'user', content: userContent(userText, context || undefined, images) });
    else if (context)
      // Continue and Retry have no message of the person's: the context goes with this turn only.
      this.history.push({ role: 'user', content: [{ type: 'text', text: context }] });
    return null;
  }

  async run(): Promise<TurnOutcome> {
    const { model } = this.options;
    const halt = await this.startTurn();
    if (halt) return this.halted(halt);
    if (this.history.length === 0 || this.history[this.history.length - 1]?.role !== 'user') {
      return this.fail(
        'internal',
        'There is nothing to send: the conversation does not end with a message from you.',
        false,
      );
    }
    const maxRounds = this.options.maxRounds ?? DEFAULT_MAX_ROUNDS;
    const info = modelInfo(model);
    let maxTokens = this.options.maxTokens ?? DEFAULT_MAX_TOKENS;
    let maxTokensRetried = false;
    for (let round = 1; round <= maxRounds;) {
      if (this.signal.aborted) return this.end('aborted', 'Stopped by you.');
      const result = await this.streamRound(maxTokens);
      if (result.kind === 'aborted')
        return this.end('aborted', 'Stopped by you; the unfinished reply was discarded.');
      if (result.kind === 'failed')
        return this.fail(result.errorKind, result.message, result.retryable);
      const message = result.message;
      const usage = usageFromApi(model, message.usage);
      this.options.recorder?.usage(usage, model, this.options.turnId);
      const contextWindow = this.options.contextWindow ?? modelInfo(model).contextWindow;
      this.emit({ type: 'usage', ...this.ids, usage, model, contextWindow });

      const calls = message.content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
      switch (message.stop_reason) {
        case 'refusal':
          return this.fail(
            'refusal',
            'Claude declined this request (stop reason: refusal). Nothing was run. Rephrase the request or ask for something else.',
            false,
          );
        case 'model_context_window_exceeded':
          return this.fail(
            'context_window',
            "The reply stopped because the conversation filled the model's context window. Nothing was run. Start a new conversation or ask for a smaller piece of work.",
            false,
          );
        case 'max_tokens':
          if (calls.length) {
            const larger = Math.min(maxTokens * 2, info.maxOutputTokens);
            if (!maxTokensRetried && larger > maxTokens) {
              maxTokensRetried = true;
              maxTokens = larger;
              this.emit({
                type: 'retry',
                ...this.ids,
                attempt: 1,
                reason: `The reply hit max_tokens inside a tool call; asking again with max_tokens ${larger}.`,
                discardedMessageId: message.id,
              });
              continue;
            }
            return this.fail(
              'max_tokens',
              `The reply ran out of output tokens (max_tokens ${maxTokens}) in the middle of a tool call${maxTokensRetried ? ', also after one retry with a larger limit' : ''}. Nothing was run. Ask for a smaller step (for example one file at a time).`,
              true,
            );
          }
          break;
        default:
          break;
      }

      const assistant: ChatMessage = { role: 'assistant', content: toParamBlocks(message.content) };
      // An empty reply is not kept: the API refuses an empty assistant message in a request.
      if (assistant.content.length) {
        this.history.push(assistant);
        this.options.recorder?.assistantMessage(assistant, this.options.turnId);
      }
      if (message.stop_reason === 'max_tokens') {
        return this.end(
          'end_turn',
          `The reply was cut at the output limit (max_tokens ${maxTokens}).`,
        );
      }
      if (message.stop_reason === 'pause_turn' && !calls.length) {
        // A paused turn continues when the history, ending in this reply, is sent as it is.
        round += 1;
        continue;
      }
      const ended = calls.length ? await this.runTools(calls) : await this.modelEnded();
      if (ended) return ended;
      maxTokensRetried = false;
      maxTokens = this.options.maxTokens ?? DEFAULT_MAX_TOKENS;
      round += 1;
    }
    return this.end(
      'max_turns',
      `Stopped after ${maxRounds} rounds of tool use. Continue to let Claude keep going.`,
    );
  }

  /**
   * The model ended its turn: a Stop hook may send its reason back, and the turn goes on with
   * it as the next message (null); otherwise the turn ends.
   */
  private async modelEnded(): Promise<TurnOutcome | null> {
    if (!this.hooks) return this.end('end_turn');
    const stop = await this.hooks.stop();
    if (stop.halt) return this.halted(stop);
    if (stop.feedback === null) return this.end('end_turn');
    this.pushUser({ role: 'user', content: [{ type: 'text', text: stop.feedback }] });
    return null;
  }

  /** Runs a reply's tool calls and sends their results; the turn ends if stopped meanwhile. */
  private async runTools(calls: readonly ToolUseBlock[]): Promise<TurnOutcome | null> {
    const outcomes = await executeToolCalls({
      calls: calls.map((c) => ({ id: c.id, name: c.name, input: c.input })),
      tools: this.tools,
      ports: this.ports,
      signal: this.signal,
      ...this.ids,
      emit: this.emit,
      onOutcome: (outcome) => this.options.recorder?.toolCall(outcome, this.options.turnId),
      hooks: this.hooks,
    });
    const results: ToolResultBlockParam[] = outcomes.map((o) => ({
      type: 'tool_result',
      tool_use_id: o.call.id,
      content: o.result.content,
      ...(o.result.status === 'ok' ? {} : { is_error: true }),
    }));
    this.pushUser({ role: 'user', content: results });
    if (this.signal.aborted)
      return this.end('aborted', 'Stopped by you; tools that had not finished were not run.');
    if (this.hooks?.stopRequest) return this.halted(this.hooks.stopRequest);
    return null;
  }

  /** One request; definitions a tool search loaded join from this request on. */
  private streamRound(maxTokens: number): Promise<RoundResult> {
    if (this.options.loadedTools) this.addTools(this.options.loadedTools());
    const { client, model, system, contextWindow } = this.options;
    return streamModelRound({
      client,
      model,
      system,
      tools: this.apiTools,
      mcpToolTokens: this.mcpToolTokens,
      history: this.history,
      ...(contextWindow ? { contextWindow } : {}),
      maxTokens,
      signal: this.signal,
      ids: this.ids,
      emit: this.emit,
    });
  }
}

/**
 * Runs one turn. Yields every AgentEvent as it happens and returns the outcome (reason and
 * the history after the turn).
 */
export async function* runAgentTurn(
  options: AgentTurnOptions,
): AsyncGenerator<AgentEvent, TurnOutcome> {
  const channel = new EventChannel<AgentEvent>();
  const runner = new TurnRunner(options, (event) => channel.push(event));
  let outcome: TurnOutcome | undefined;
  const done = runner
    .run()
    .catch((error: unknown): TurnOutcome => {
      // A bug in the loop itself: still end the turn cleanly.
      const message = `Internal error in the agent loop: ${error instanceof Error ? error.message : String(error)}`;
      channel.push({
        type: 'error',
        conversationId: options.conversationId,
        turnId: options.turnId,
        kind: 'internal',
        message,
        retryable: false,
      });
      channel.push({
        type: 'turn_end',
        conversationId: options.conversationId,
        turnId: options.turnId,
        reason: 'error',
        message,
      });
      return { reason: 'error', message, history: runner.history };
    })
    .then((result) => {
      outcome = result;
      channel.close();
    });
  yield* channel.drain();
  await done;
  return (
    outcome ?? {
      reason: 'error',
      message: 'The turn ended without an outcome.',
      history: runner.history,
    }
  );
}
