// Makes a stored history valid for the API before it is sent: every tool_use is answered by a
// tool_result in the next user message, and no tool_result points at a call that is not
// there. A history can lack them only after a crash between persisting a reply and its
// results; the model is then told the call was not run. Returns a copy.
import type { ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { ChatMessage } from './chat-message';

export const INTERRUPTED_RESULT = 'Not run: Sluice stopped before this tool call finished.';

export function repairToolPairing(messages: readonly ChatMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  let expected: string[] = [];
  for (const message of messages) {
    if (message.role === 'assistant') {
      if (expected.length) out.push({ role: 'user', content: expected.map(interrupted) });
      out.push(message);
      expected = message.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []));
      continue;
    }
    const blocks = message.content;
    const answered = new Set(
      blocks.flatMap((b) => (b.type === 'tool_result' ? [b.tool_use_id] : [])),
    );
    const missing = expected.filter((id) => !answered.has(id)).map(interrupted);
    const kept = blocks.filter((b) => b.type !== 'tool_result' || expected.includes(b.tool_use_id));
    const results = kept.filter((b) => b.type === 'tool_result');
    const rest = kept.filter((b) => b.type !== 'tool_result');
    expected = [];
    const content = [...results, ...missing, ...rest];
    if (content.length) out.push({ role: 'user', content });
  }
  if (expected.length) out.push({ role: 'user', content: expected.map(interrupted) });
  return out;
}

function interrupted(id: string): ToolResultBlockParam {
  return { type: 'tool_result', tool_use_id: id, content: INTERRUPTED_RESULT, is_error: true };
}
