// What the model is told at the start of a turn when the person undid some of its changes
// since the previous turn began (the app's Undo, the session's /undo, `sluice undo`): without
// it the model edits from the text it last wrote, its edit fails to match, and it reads the
// file again guessing why. Sent with the person's message as context, never shown as a row.
import type { UndoneChange } from '../checkpoints/checkpoint-store';

/** Files named at most; the rest are counted. */
export const UNDONE_NOTE_FILES = 30;

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function nowState(change: UndoneChange['change']): string {
  if (change === 'created') return 'removed again (your change had created it)';
  if (change === 'deleted') return 'restored (your change had deleted it)';
  return 'back to its content before your change';
}

/** The note, or undefined when nothing was undone. */
export function undoneChangesNote(changes: readonly UndoneChange[]): string | undefined {
  if (changes.length === 0) return undefined;
  const named = changes.slice(0, UNDONE_NOTE_FILES);
  const lines = named.map((c) => `- ${escapeText(c.path)}: ${nowState(c.change)}`);
  const more = changes.length - named.length;
  if (more > 0) lines.push(`- and ${more} more file${more === 1 ? '' : 's'}`);
  return [
    '<undone-changes>',
    'Since your previous turn the person undid changes you had made. These files are no longer as you left them:',
    ...lines,
    'Read a file again before you edit it; do not redo an undone change unless the person asks for it.',
    '</undone-changes>',
  ].join('\n');
}
