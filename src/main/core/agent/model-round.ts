// One request of a turn to the model: the history repaired, merged and fitted to the context
// budget (a request that cannot fit fails in words, naming the tool definitions when they take
// much of the window), then streamed with `client.messages.stream()`, each text delta out as an
// event at once. The SDK retries; the guard says each retry. Never throws.
import type Anthropic from '@anthropic-ai/sdk';
import type { Message } from '@anthropic-ai/sdk/resources/messages';
import type { AgentEvent } from '../../../shared/agent-events';
import type { ChatMessage } from './chat-message';
import { classifyApiError, isAbortError } from './api-errors';
import { requestGuard } from './anthropic-client';
import { fitToBudget, estimateTokens } from './context-budget';
import { repairToolPairing } from './history-repair';
import { modelInfo } from './model-catalog';
import { cachedMessages, cachedSystem, cachedTools, mergeConsecutiveRoles } from './prompt-cache';
import { imagesForRequest } from './request-images';

export type RoundResult =
  | { kind: 'message'; message: Message }
  | { kind: 'aborted' }
  | { kind: 'failed'; errorKind: string; message: string; retryable: boolean };

export interface ModelRound {
  readonly client: Anthropic;
  readonly model: string;
  readonly system: string;
  readonly tools: readonly Anthropic.Tool[];
  /** Tokens of the definitions of MCP servers' tools, for the words of a request too large. */
  readonly mcpToolTokens: number;
  readonly history: readonly ChatMessage[];
  /** Overrides the model's context window (tests of the budget). */
  readonly contextWindow?: number;
  readonly maxTokens: number;
  readonly signal: AbortSignal;
  readonly ids: { readonly conversationId: string; readonly turnId: string };
  readonly emit: (event: AgentEvent) => void;
}

function buildRequest(
  round: ModelRound,
): Anthropic.MessageCreateParamsStreaming | { failure: string } {
  const { maxTokens } = round;
  const tools = [...round.tools];
  const window = round.contextWindow ?? modelInfo(round.model).contextWindow;
  const fixed = estimateTokens(round.system) + estimateTokens(tools);
  // 10% margin: the estimate is rough and the API counts differently.
  const budgetTokens = Math.floor(window * 0.9) - maxTokens - fixed;
  const messages = imagesForRequest(mergeConsecutiveRoles(repairToolPairing([...round.history])));
  const fitted = fitToBudget({ messages, budgetTokens });
  if (!fitted.fits) {
    // When tool definitions take much of the window, the person must hear that it is them.
    const toolTokens = estimateTokens(tools);
    const byTools =
      toolTokens > window * 0.25
        ? ` Tool definitions alone take about ${toolTokens} tokens of the ${window}-token window${round.mcpToolTokens ? `, ${round.mcpToolTokens} of them MCP servers' tools: remove or deny servers you do not need` : ''}.`
        : '';
    return {
      failure: `The current request does not fit the model's context window even after older tool results and turns were condensed (about ${fitted.estimatedTokens} tokens for ${Math.max(0, budgetTokens)} available).${byTools} Start a new conversation, or ask about fewer or smaller files.`,
    };
  }
  return {
    model: round.model,
    max_tokens: maxTokens,
    stream: true,
    system: cachedSystem(round.system),
    ...(tools.length ? { tools: cachedTools(tools) } : {}),
    messages: cachedMessages(fitted.messages),
  };
}

export async function streamModelRound(round: ModelRound): Promise<RoundResult> {
  const request = buildRequest(round);
  if ('failure' in request)
    return {
      kind: 'failed',
      errorKind: 'context_window',
      message: request.failure,
      retryable: false,
    };
  const { client, signal, ids, emit } = round;
  const guard = requestGuard(client.maxRetries, (notice) =>
    emit({ type: 'retry', ...ids, attempt: notice.attempt, reason: notice.reason }),
  );
  try {
    const stream = client.messages.stream(request, { signal, middleware: [guard] });
    // Created before iterating so a failure is never an unhandled rejection.
    const final = stream.finalMessage();
    final.catch(() => undefined);
    let messageId = '';
    for await (const event of stream) {
      if (event.type === 'message_start') messageId = event.message.id;
      else if (
        event.type === 'content_block_delta' &&
        event.delta.type === 'text_delta' &&
        event.delta.text
      ) {
        emit({ type: 'text_delta', ...ids, messageId, text: event.delta.text });
      }
    }
    return { kind: 'message', message: await final };
  } catch (error) {
    if (signal.aborted || isAbortError(error)) return { kind: 'aborted' };
    const failure = classifyApiError(error);
    return {
      kind: 'failed',
      errorKind: failure.kind,
      message: failure.message,
      retryable: failure.retryable,
    };
  }
}
