// Keeps each request inside the model's context window. Applied to the copy of the history
// that is sent, never to what is stored, and deterministic: a reopened conversation gets the
// same request for the same history. Steps, stopping as soon as the estimate fits:
//   1. old tool results (oldest first; never the latest round's) → short placeholders;
//   2. every turn before the current one → one local, deterministic summary (no model call:
//      the person's words, Claude's answers and the tools used, each clipped) placed before
//      the current turn.
// The current request is never dropped: if it alone does not fit, `fits` is false and the
// loop refuses to send, saying so.
import type { ContentBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { ChatMessage } from './chat-message';
import { estimateTokens } from '../../../shared/token-estimate';
import { estimateMessageTokens } from './request-images';

/**
 * Rough but conservative: ~4 characters per token over the JSON that is sent; an image as the
 * model reads it, not its base64 (estimateMessageTokens).
 */
export { estimateTokens };

export interface BudgetInput {
  messages: ChatMessage[];
  /** Tokens available for messages: window − max_tokens − system − tools − safety margin. */
  budgetTokens: number;
}

export interface BudgetResult {
  messages: ChatMessage[];
  stage: 'none' | 'tool_results' | 'summary';
  estimatedTokens: number;
  fits: boolean;
}

function isTurnStart(message: ChatMessage): boolean {
  return message.role === 'user' && message.content.some((b) => b.type === 'text');
}

/** Index of the message that starts the current turn (the last user message with text). */
export function currentTurnStart(messages: ChatMessage[]): number {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message && isTurnStart(message)) return i;
  }
  return 0;
}

function resultLength(block: ContentBlockParam): number {
  if (block.type !== 'tool_result') return 0;
  return typeof block.content === 'string'
    ? block.content.length
    : JSON.stringify(block.content ?? '').length;
}

const PLACEHOLDER_PREFIX = '[Earlier tool result omitted to save context';

function placeholder(chars: number): string {
  return `${PLACEHOLDER_PREFIX} (${chars} characters). Run the tool again if you need it.]`;
}

function withPlaceholders(
  messages: ChatMessage[],
  budget: number,
): { messages: ChatMessage[]; tokens: number } {
  const out = messages.map((m) => ({
    ...m,
    content: m.content.map((b) => ({ ...b })) as ContentBlockParam[],
  }));
  let tokens = estimateMessageTokens(out);
  // The last message holds the latest round's results: the model is about to read them.
  for (let i = 0; i < out.length - 1 && tokens > budget; i += 1) {
    const content = out[i]?.content as ContentBlockParam[];
    content.forEach((block, j) => {
      if (tokens <= budget || block.type !== 'tool_result') return;
      const chars = resultLength(block);
      if (chars < 200) return;
      const replaced = { ...block, content: placeholder(chars) };
      tokens -= estimateTokens(block.content) - estimateTokens(replaced.content);
      content[j] = replaced;
    });
  }
  return { messages: out, tokens: estimateMessageTokens(out) };
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

function describeToolUse(block: ContentBlockParam): string {
  if (block.type !== 'tool_use') return '';
  const input =
    block.input && typeof block.input === 'object' ? (block.input as Record<string, unknown>) : {};
  const hint = ['path', 'query', 'pattern', 'symbol', 'target', 'name']
    .map((k) => input[k])
    .find((v) => typeof v === 'string');
  return hint ? `${block.name}(${clip(String(hint), 80)})` : block.name;
}

/** The deterministic summary of `messages` (complete turns). */
export function summariseTurns(messages: ChatMessage[], maxChars: number): string {
  const lines: string[] = [];
  for (const message of messages) {
    const blocks = message.content;
    if (message.role === 'user') {
      const said = blocks
        .filter((b) => b.type === 'text')
        .map((b) => (b.type === 'text' ? b.text : ''));
      const images = blocks.filter((b) => b.type === 'image').length;
      const attached = images ? ` (with ${images} ${images === 1 ? 'image' : 'images'})` : '';
      if (said.length) lines.push(`- Person: ${clip(said.join(' '), 300)}${attached}`);
      continue;
    }
    const answer = blocks.map((b) => (b.type === 'text' ? b.text : '')).join(' ');
    const tools = blocks.map(describeToolUse).filter(Boolean);
    if (tools.length) lines.push(`  Tools used: ${tools.join(', ')}`);
    if (answer.trim()) lines.push(`  Claude: ${clip(answer, 400)}`);
  }
  let dropped = 0;
  while (lines.join('\n').length > maxChars && lines.length > 1) {
    lines.shift();
    dropped += 1;
  }
  const head = dropped ? `(${dropped} older lines of the summary left out.)\n` : '';
  return `Summary of the earlier conversation (older turns were condensed to fit the context window; re-read files rather than relying on details here):\n${head}${lines.join('\n')}`;
}

export function fitToBudget({ messages, budgetTokens }: BudgetInput): BudgetResult {
  const initial = estimateMessageTokens(messages);
  if (initial <= budgetTokens)
    return { messages, stage: 'none', estimatedTokens: initial, fits: true };

  const stepOne = withPlaceholders(messages, budgetTokens);
  if (stepOne.tokens <= budgetTokens)
    return {
      messages: stepOne.messages,
      stage: 'tool_results',
      estimatedTokens: stepOne.tokens,
      fits: true,
    };

  const start = currentTurnStart(stepOne.messages);
  const older = stepOne.messages.slice(0, start);
  const current = stepOne.messages.slice(start);
  const first = current[0];
  if (!first || older.length === 0)
    return {
      messages: stepOne.messages,
      stage: 'tool_results',
      estimatedTokens: stepOne.tokens,
      fits: false,
    };
  const currentTokens = estimateMessageTokens(current);
  const room = Math.max(0, (budgetTokens - currentTokens) * 4 - 400);
  const summary = summariseTurns(older, Math.min(room, 20_000));
  const merged: ChatMessage[] = [
    { role: 'user', content: [{ type: 'text', text: summary }, ...first.content] },
    ...current.slice(1),
  ];
  const tokens = estimateMessageTokens(merged);
  return {
    messages: merged,
    stage: 'summary',
    estimatedTokens: tokens,
    fits: tokens <= budgetTokens,
  };
}
