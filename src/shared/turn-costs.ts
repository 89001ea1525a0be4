// Each turn's cost in a conversation, for /cost in the terminal session: the turn's number, the
// start of the prompt that began it and what its requests cost. A turn that sent nothing is
// left out; the newest are listed and the earlier ones summed in one line.
import type { Usage } from './usage';
import { addUsage, ZERO_USAGE } from './usage';
import { compactTokens, dollars, inputTokens } from './usage-words';

/** Turns listed one per line; earlier ones are summed. */
export const LISTED_TURNS = 10;
/** Characters of a prompt shown beside its cost. */
const PROMPT_CHARS = 50;

export interface TurnCost {
  /** 1 for the conversation's first turn. */
  readonly number: number;
  readonly prompt: string;
  readonly usage: Usage;
}

/** The turns of a conversation's items (user items are `user-<turnId>`) that cost something. */
export function turnCosts(
  items: readonly { readonly type: string; readonly id: string; readonly text?: string }[],
  turnUsage: Readonly<Record<string, Usage>>,
): TurnCost[] {
  const users = items.filter((item) => item.type === 'user' && item.id.startsWith('user-'));
  return users.flatMap((item, index) => {
    const usage = turnUsage[item.id.slice('user-'.length)];
    return usage ? [{ number: index + 1, prompt: item.text ?? '', usage }] : [];
  });
}

function promptStart(prompt: string): string {
  const line = prompt.replace(/\s+/gu, ' ').trim() || '(continued)';
  return line.length > PROMPT_CHARS ? `${line.slice(0, PROMPT_CHARS - 1)}…` : line;
}

/** "  3  $0.02  12k in · 800 out  rename total to sum", newest last; earlier turns summed. */
export function turnCostLines(costs: readonly TurnCost[]): string[] {
  const listed = costs.slice(-LISTED_TURNS);
  const earlier = costs.slice(0, costs.length - listed.length);
  const width = String(listed.at(-1)?.number ?? 1).length;
  const lines = listed.map(
    (t) =>
      `  ${String(t.number).padStart(width)}  ${dollars(t.usage.costUsd)}  ${compactTokens(inputTokens(t.usage))} in · ${compactTokens(t.usage.outputTokens)} out  ${promptStart(t.prompt)}`,
  );
  if (earlier.length === 0) return lines;
  const sum = earlier.reduce((total, t) => addUsage(total, t.usage), ZERO_USAGE);
  return [
    `  ${earlier.length} earlier turn${earlier.length === 1 ? '' : 's'}: ${dollars(sum.costUsd)}`,
    ...lines,
  ];
}
