// `h` on a terminal: the hunks one at a time, as `git add -p` walks them. y keeps a hunk, n
// drops it (with an optional reason for that hunk), s splits it into its separate changes
// (each then asked on its own), e opens that hunk in the editor, q drops the rest. What was
// kept is then shown with its evidence (terminal-kept-review.ts) before anything is written.
import type { ApprovalRequest, Decision, Hunk } from '../shared/approvals';
import {
  allLineKeys,
  changedLineIndexes,
  hunkParts,
  lineKey,
  selectionWords,
  countSelection,
  selectorsFor,
  type HunkPart,
  type LineKey,
} from '../shared/hunk-selection';
import { applyLineSelection, UnknownHunkError } from '../main/core/edits/proposal';
import { positionedHunks } from '../main/core/edits/bounded-line-diff';
import { renderDiffLines } from './diff-lines';
import { CLOSED_REASON, MAX_TRIES, type Choice, type PromptKit } from './terminal-prompt';
import { outsideLine } from './terminal-safe-text';

/** What the walk chose: a decision to confirm with its text, or one to send at once. */
export type WalkResult =
  | { readonly kind: 'decided'; readonly decision: Decision }
  /** What was kept cannot be written as it is (said in `message`): ask the change again. */
  | { readonly kind: 'back'; readonly message: string }
  | {
      readonly kind: 'kept';
      readonly decision: Decision;
      readonly text: string;
      readonly what: string;
      readonly reasons?: string | undefined;
    };

type Item = { readonly hunk: Hunk; readonly part?: HunkPart };

function hunkText(hunk: Hunk, color: boolean): string {
  return renderDiffLines(
    [`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`, ...hunk.lines],
    color,
  );
}

/** A hunk's new side (unchanged and added lines): what `e` opens. */
function newSide(hunk: Hunk): string {
  const lines = hunk.lines.filter((l) => l.startsWith(' ') || l.startsWith('+'));
  return lines.map((l) => `${l.slice(1)}\n`).join('');
}

interface WalkState {
  readonly kept: Set<LineKey>;
  readonly edited: Map<string, string>;
  readonly reasons: string[];
}

export async function walkHunks(
  request: ApprovalRequest,
  kit: PromptKit,
  editable = true,
): Promise<WalkResult> {
  const queue: Item[] = request.hunks.map((hunk) => ({ hunk }));
  const state: WalkState = { kept: new Set(), edited: new Map(), reasons: [] };
  for (let at = 0; at < queue.length;) {
    const item = queue[at] as Item;
    const step = await askItem(request, item, `${at + 1}/${queue.length}`, kit, state, editable);
    if (step === 'closed')
      return { kind: 'decided', decision: { type: 'reject', reason: CLOSED_REASON } };
    if (step === 'quit') break;
    if (step === 'split') {
      const parts = hunkParts(item.hunk).map((part) => ({ hunk: item.hunk, part }));
      queue.splice(at, 1, ...parts);
      kit.out(`Split into ${parts.length} changes.\n`);
      continue;
    }
    at += 1;
  }
  return walkResult(request, state);
}

function keysOf(item: Item): LineKey[] {
  const indexes = item.part ? item.part.lineIndexes : changedLineIndexes(item.hunk);
  return indexes.map((i) => lineKey(item.hunk.id, i));
}

async function askItem(
  request: ApprovalRequest,
  item: Item,
  position: string,
  kit: PromptKit,
  state: WalkState,
  editable: boolean,
): Promise<'next' | 'split' | 'quit' | 'closed'> {
  const label = item.part ? `change ${item.part.id}` : `hunk ${item.hunk.id}`;
  const splittable = !item.part && hunkParts(item.hunk).length > 1;
  kit.out(`\n${hunkText(item.part ? item.part.hunk : item.hunk, kit.color)}\n`);
  const keys = `[y]es / [n]o${splittable ? ' / [s]plit' : ''}${item.part || !editable ? '' : ' / [e]dit'} / [q]uit, drop the rest`;
  const choices: Choice[] = [
    { key: 'y', word: 'keep' },
    { key: 'n', word: 'drop' },
    ...(splittable ? [{ key: 's', word: 'split' }] : []),
    ...(item.part || !editable ? [] : [{ key: 'e', word: 'edit' }]),
    { key: 'q', word: 'quit, drop the rest' },
  ];
  for (let tries = 0; tries < MAX_TRIES; tries += 1) {
    const answer = await kit.choose(`Keep ${label} (${position})? ${keys} > `, choices);
    if (answer === null) return 'closed';
    switch (answer.toLowerCase()) {
      case 'y':
        for (const key of keysOf(item)) state.kept.add(key);
        return 'next';
      case 'n': {
        const why = await kit.reason(`Why not ${label}? (optional) > `);
        if (why) state.reasons.push(`${label}: ${why}`);
        return 'next';
      }
      case 's':
        if (splittable) return 'split';
        kit.out(
          `${item.part ? 'A change' : 'This hunk'} cannot be split further; use e to edit it.\n`,
        );
        continue;
      case 'e':
        if (item.part || !editable) break;
        if (await editItem(request, item.hunk, kit, state)) return 'next';
        continue;
      case 'q':
        return 'quit';
      default:
        break;
    }
    kit.out(
      `Please answer ${['y', 'n', ...(splittable ? ['s'] : []), ...(item.part || !editable ? [] : ['e'])].join(', ')} or q.\n`,
    );
  }
  return 'quit';
}

async function editItem(
  request: ApprovalRequest,
  hunk: Hunk,
  kit: PromptKit,
  state: WalkState,
): Promise<boolean> {
  try {
    kit.reader.detach();
    const text = await kit.editText(newSide(hunk), request.path);
    state.edited.set(hunk.id, text === '' || text.endsWith('\n') ? text : `${text}\n`);
    return true;
  } catch (error) {
    kit.out(
      `The editor failed: ${outsideLine(error instanceof Error ? error.message : String(error))}\n`,
    );
    return false;
  }
}

function walkResult(request: ApprovalRequest, state: WalkState): WalkResult {
  const { kept, edited, reasons } = state;
  const reason = reasons.length ? reasons.join('; ') : undefined;
  const all = allLineKeys(request.hunks);
  if (edited.size === 0 && kept.size === all.size)
    return { kind: 'decided', decision: { type: 'approve' } };
  if (edited.size === 0 && kept.size === 0)
    return { kind: 'decided', decision: { type: 'reject', ...(reason ? { reason } : {}) } };
  let text: string;
  try {
    text = applyLineSelection(
      { before: request.before, after: request.after, hunks: positionedHunks(request.hunks) },
      kept,
      edited,
    );
  } catch (error) {
    if (!(error instanceof UnknownHunkError)) throw error;
    return { kind: 'back', message: `What you kept cannot be written: ${error.message}` };
  }
  if (edited.size > 0)
    return {
      kind: 'kept',
      decision: { type: 'edit', content: text },
      text,
      what: 'your version',
      reasons: reason,
    };
  const what = `the ${selectionWords(countSelection(request.hunks, kept))} you kept`;
  const decision: Decision = {
    type: 'approve_hunks',
    hunkIds: selectorsFor(request.hunks, kept),
    ...(reason ? { reason } : {}),
  };
  return { kind: 'kept', decision, text, what, reasons: reason };
}
