// Prompt caching: cache_control breakpoints on the last tool definition, the system prompt and
// the last block of the last message (the moving end of the history), so each round reads the
// whole prefix from the cache and writes only what is new. Returns copies; never mutates the
// stored history.
import type { ContentBlockParam, TextBlockParam, Tool } from '@anthropic-ai/sdk/resources/messages';
import type { ChatMessage } from './chat-message';

const EPHEMERAL = { type: 'ephemeral' } as const;

export function cachedTools(tools: Tool[]): Tool[] {
  return tools.map((tool, i) =>
    i === tools.length - 1 ? { ...tool, cache_control: EPHEMERAL } : tool,
  );
}

export function cachedSystem(system: string): TextBlockParam[] {
  return [{ type: 'text', text: system, cache_control: EPHEMERAL }];
}

export function cachedMessages(messages: ChatMessage[]): ChatMessage[] {
  const last = messages[messages.length - 1];
  if (!last) return messages;
  const blocks: ContentBlockParam[] = [...last.content];
  const end = blocks[blocks.length - 1];
  if (!end) return messages;
  // Thinking blocks cannot carry cache_control; every block Sluice sends can.
  if (end.type === 'thinking' || end.type === 'redacted_thinking') return messages;
  blocks[blocks.length - 1] = { ...end, cache_control: EPHEMERAL } as ContentBlockParam;
  return [...messages.slice(0, -1), { ...last, content: blocks }];
}

/** Consecutive messages of one role become one (the API wants alternating roles). */
export function mergeConsecutiveRoles(messages: ChatMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const message of messages) {
    const previous = out[out.length - 1];
    if (previous && previous.role === message.role) {
      out[out.length - 1] = {
        role: message.role,
        content: [...previous.content, ...message.content],
      };
    } else {
      out.push(message);
    }
  }
  return out;
}
