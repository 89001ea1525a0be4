// The session's prompt as text and a cursor, and every edit a key makes to it. Pure, so the
// keys are tested without a terminal. Several lines: a newline is typed as `\` then Enter,
// Alt/Option+Enter, or comes with pasted text; ↑ and ↓ move between lines, and past the first
// or last line walk the earlier prompts.

export interface Draft {
  readonly text: string;
  /** Index into text, 0…text.length. */
  readonly cursor: number;
}

export const EMPTY_DRAFT: Draft = { text: '', cursor: 0 };

export function draftOf(text: string): Draft {
  return { text, cursor: text.length };
}

/** Typed or pasted text; a paste's line ends (\r\n, \r) become newlines. */
export function insert(draft: Draft, typed: string): Draft {
  const text = typed.replace(/\r\n?/gu, '\n');
  return {
    text: draft.text.slice(0, draft.cursor) + text + draft.text.slice(draft.cursor),
    cursor: draft.cursor + text.length,
  };
}

export function backspace(draft: Draft): Draft {
  if (draft.cursor === 0) return draft;
  const before = [...draft.text.slice(0, draft.cursor)];
  before.pop();
  const head = before.join('');
  return { text: head + draft.text.slice(draft.cursor), cursor: head.length };
}

/** Delete: the character under the cursor (the next line joins at a line's end). */
export function deleteForward(draft: Draft): Draft {
  if (draft.cursor >= draft.text.length) return draft;
  const next = [...draft.text.slice(draft.cursor)][0] ?? '';
  return {
    ...draft,
    text: draft.text.slice(0, draft.cursor) + draft.text.slice(draft.cursor + next.length),
  };
}

/** Ctrl+W: the word before the cursor, and the spaces after it. */
export function deleteWord(draft: Draft): Draft {
  const head = draft.text.slice(0, draft.cursor).replace(/\S*\s*$/u, '');
  return { text: head + draft.text.slice(draft.cursor), cursor: head.length };
}

/** Ctrl+U: the line up to the cursor. */
export function deleteToLineStart(draft: Draft): Draft {
  const start = lineStart(draft);
  return { text: draft.text.slice(0, start) + draft.text.slice(draft.cursor), cursor: start };
}

export function left(draft: Draft): Draft {
  if (draft.cursor === 0) return draft;
  const before = [...draft.text.slice(0, draft.cursor)];
  before.pop();
  return { ...draft, cursor: before.join('').length };
}

export function right(draft: Draft): Draft {
  if (draft.cursor >= draft.text.length) return draft;
  const next = [...draft.text.slice(draft.cursor)][0] ?? '';
  return { ...draft, cursor: draft.cursor + next.length };
}

function lineStart(draft: Draft): number {
  return draft.text.lastIndexOf('\n', draft.cursor - 1) + 1;
}

function lineEnd(draft: Draft): number {
  const end = draft.text.indexOf('\n', draft.cursor);
  return end === -1 ? draft.text.length : end;
}

export function home(draft: Draft): Draft {
  return { ...draft, cursor: lineStart(draft) };
}

export function end(draft: Draft): Draft {
  return { ...draft, cursor: lineEnd(draft) };
}

export function onFirstLine(draft: Draft): boolean {
  return !draft.text.slice(0, draft.cursor).includes('\n');
}

export function onLastLine(draft: Draft): boolean {
  return !draft.text.slice(draft.cursor).includes('\n');
}

/** ↑ inside the prompt: the same column of the line above. */
export function up(draft: Draft): Draft {
  const start = lineStart(draft);
  if (start === 0) return draft;
  const column = draft.cursor - start;
  const aboveStart = draft.text.lastIndexOf('\n', start - 2) + 1;
  return { ...draft, cursor: Math.min(aboveStart + column, start - 1) };
}

/** ↓ inside the prompt: the same column of the line below. */
export function down(draft: Draft): Draft {
  const endOfLine = lineEnd(draft);
  if (endOfLine >= draft.text.length) return draft;
  const column = draft.cursor - lineStart(draft);
  const belowStart = endOfLine + 1;
  const belowEnd = draft.text.indexOf('\n', belowStart);
  const limit = belowEnd === -1 ? draft.text.length : belowEnd;
  return { ...draft, cursor: Math.min(belowStart + column, limit) };
}

/**
 * Enter: a line ending in `\` continues on a new line (the `\` is dropped); anything else is
 * sent. Returns the draft to keep, or the text to send.
 */
export function enter(draft: Draft): { draft: Draft } | { send: string } {
  const head = draft.text.slice(0, draft.cursor);
  if (head.endsWith('\\')) {
    const text = `${head.slice(0, -1)}\n${draft.text.slice(draft.cursor)}`;
    return { draft: { text, cursor: head.length } };
  }
  return { send: draft.text };
}

/** The word being typed at the cursor, when it starts with `prefix` (an @-mention, a /command). */
export function wordAtCursor(draft: Draft, prefix: string): { start: number; word: string } | null {
  const head = draft.text.slice(0, draft.cursor);
  const match = /(^|\s)(\S*)$/u.exec(head);
  if (!match) return null;
  const word = match[2] ?? '';
  if (!word.startsWith(prefix)) return null;
  return { start: draft.cursor - word.length, word };
}

/** The word at the cursor replaced by `replacement` and a space. */
export function replaceWord(draft: Draft, start: number, replacement: string): Draft {
  const after = draft.text.slice(draft.cursor).replace(/^\S*/u, '');
  const spaced = after.startsWith(' ') ? replacement : `${replacement} `;
  const head = draft.text.slice(0, start) + spaced;
  return { text: head + after, cursor: head.length };
}

/** The earlier prompts, newest last, walked with ↑ and ↓; the draft in progress is kept. */
export class PromptHistory {
  private index: number;
  private saved: string | null = null;

  constructor(private readonly entries: string[]) {
    this.index = entries.length;
  }

  add(text: string): void {
    if (text.trim() && this.entries.at(-1) !== text) this.entries.push(text);
    this.index = this.entries.length;
    this.saved = null;
  }

  older(current: string): string | null {
    if (this.index === 0) return null;
    if (this.index === this.entries.length) this.saved = current;
    this.index -= 1;
    return this.entries[this.index] ?? null;
  }

  newer(): string | null {
    if (this.index >= this.entries.length) return null;
    this.index += 1;
    if (this.index === this.entries.length) return this.saved ?? '';
    return this.entries[this.index] ?? null;
  }
}
