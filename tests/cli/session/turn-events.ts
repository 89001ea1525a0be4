// AgentEvents of one scripted turn, as the runner sends them, for the session's tests: each
// builder names the event a test feeds the view-model or the store.
import type { AgentEvent, AgentEventOf, Usage } from '../../../src/shared/agent-events';

export const CONVERSATION = 'conv-1';

export function turnEvents(turnId: string, conversationId = CONVERSATION) {
  const base = { conversationId, turnId };
  return {
    start: (userText: string): AgentEvent => ({
      type: 'turn_start',
      ...base,
      userText,
      model: 'claude-sonnet-5-5',
    }),
    delta: (messageId: string, text: string): AgentEvent => ({
      type: 'text_delta',
      ...base,
      messageId,
      text,
    }),
    toolStart: (toolUseId: string, label: string, name = 'read_file'): AgentEvent => ({
      type: 'tool_start',
      ...base,
      toolUseId,
      name,
      input: {},
      label,
    }),
    toolEnd: (
      toolUseId: string,
      status: AgentEventOf<'tool_end'>['status'] = 'ok',
      name = 'read_file',
    ): AgentEvent => ({ type: 'tool_end', ...base, toolUseId, name, status, result: 'done' }),
    retry: (discardedMessageId?: string): AgentEvent => ({
      type: 'retry',
      ...base,
      attempt: 2,
      reason: 'the connection dropped',
      ...(discardedMessageId ? { discardedMessageId } : {}),
    }),
    usage: (usage: Usage): AgentEvent => ({
      type: 'usage',
      ...base,
      usage,
      model: 'claude-sonnet-5-5',
    }),
    end: (reason: AgentEventOf<'turn_end'>['reason'] = 'end_turn'): AgentEvent => ({
      type: 'turn_end',
      ...base,
      reason,
    }),
  };
}

export function usageOf(input: number, output: number, costUsd: number): Usage {
  return {
    inputTokens: input,
    outputTokens: output,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    costUsd,
  };
}
