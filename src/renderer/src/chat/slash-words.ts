// What the app's slash commands say, as pure functions of what the chat knows: the usage
// meter's totals and the context in use, the conversation list, the files a turn changed, the approval modes.
import type { Checkpoint, ConversationSummary, UndoResult } from '../../../shared/contract';
import type { Usage } from '../../../shared/usage';
import { contextWords, costWords, inputTokens } from '../../../shared/usage-words';
import { contextInUse, type ConversationFigures } from '../../../shared/conversation-figures';
import type { ChatItem } from './conversation-state';

export function costText(usage: Usage): string {
  if (inputTokens(usage) === 0 && usage.outputTokens === 0) {
    return 'Nothing has been sent in this conversation yet: $0.00.';
  }
  return `${costWords(usage)} for this conversation so far, estimated at the model's published prices.`;
}

/** "Context: 12% (24k of 200k tokens)", as the meter's share reads, and what /compact does. */
export function contextText(figures: ConversationFigures): string {
  const use = contextInUse(figures);
  if (!use) return `${contextWords(null)} in this conversation.`;
  return (
    `${contextWords(use)} for the next request. Type /compact to send the earlier turns as a ` +
    "summary; before each request Sluice also fits the history to the model's window itself."
  );
}

const MODE_WORDS: Readonly<Record<string, string>> = {
  ask: 'ask before every write',
  'auto-edit': 'apply edits without asking (rules and protected paths still ask)',
  'read-only': 'refuse every write',
  plan: 'plan first: nothing is written until you approve the plan',
};

/** "ask (ask before every write)". */
export function modeWords(mode: string): string {
  const words = MODE_WORDS[mode];
  return words ? `${mode} (${words})` : mode;
}

export type ConversationMatch =
  | { kind: 'found'; conversation: ConversationSummary }
  | { kind: 'none' }
  | { kind: 'ambiguous'; count: number };

/** The conversation an id or an unambiguous start of one names, as git takes a prefix. */
export function matchConversation(
  conversations: readonly ConversationSummary[],
  id: string,
): ConversationMatch {
  const exact = conversations.find((conversation) => conversation.id === id);
  if (exact) return { kind: 'found', conversation: exact };
  const started = conversations.filter((conversation) => conversation.id.startsWith(id));
  if (started.length === 1 && started[0]) return { kind: 'found', conversation: started[0] };
  return started.length === 0 ? { kind: 'none' } : { kind: 'ambiguous', count: started.length };
}

/** The latest turn of the transcript that changed files, with those files. */
export function lastChangingTurn(
  items: readonly ChatItem[],
  byTurn: ReadonlyMap<string, Checkpoint[]>,
): { turnId: string; checkpoints: Checkpoint[] } | null {
  for (let index = items.length - 1; index >= 0; index--) {
    const item = items[index];
    if (!item || !('turnId' in item)) continue;
    const checkpoints = byTurn.get(item.turnId);
    if (checkpoints && checkpoints.length > 0) return { turnId: item.turnId, checkpoints };
  }
  return null;
}

/** What an undo of a turn did: the files put back and, for the others, why not. */
export function undoText(result: UndoResult, checkpoints: readonly Checkpoint[]): string {
  const pathOf = (id: string) => checkpoints.find((checkpoint) => checkpoint.id === id)?.path ?? id;
  const lines: string[] = [];
  const undone = result.undone.map(pathOf);
  lines.push(
    undone.length === 0
      ? 'Undid nothing of the last turn.'
      : `Undid the last turn: ${undone.length} ${undone.length === 1 ? 'file' : 'files'} put back (${undone.join(', ')}).`,
  );
  for (const refused of result.refused) {
    lines.push(`Not undone: ${refused.path} — ${refused.reason}`);
  }
  if (result.refused.length > 0) lines.push("Undo those from the turn's Files changed list.");
  if (result.git) lines.push(result.git.message);
  return lines.join('\n');
}

export type ModeChoice = { kind: 'mode'; mode: string } | { kind: 'refused'; text: string };

/**
 * The approval mode `/mode WORD` asks for, among the modes this build knows. Plan mode is in
 * the command's usage before every build has it: without it, the answer says so.
 */
export function chooseMode(word: string, known: readonly string[]): ModeChoice {
  const mode = word.toLowerCase();
  if (known.includes(mode)) return { kind: 'mode', mode };
  if (mode === 'plan') return { kind: 'refused', text: 'Plan mode is not available yet.' };
  return {
    kind: 'refused',
    text: `There is no approval mode “${word}”: use ${known.join(', ')}.`,
  };
}
