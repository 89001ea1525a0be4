// What one piece of terminal input means to the session's prompt. Ink splits what it reads into
// pieces (one escape sequence, or a run of plain text); the prompt decodes each piece here
// rather than through Ink's own key parser, which takes some sequences for keys with no name
// (a colour code such as ESC[31m in pasted text reads as Ctrl with no key) and Backspace bytes
// that arrive together for text. Contract: never throws; a sequence that is not a key the
// prompt knows is dropped, so nothing pasted is ever obeyed.

export type PromptKeyName =
  | 'enter'
  /** Alt/Option+Enter: a new line in the prompt. */
  | 'alt-enter'
  /** Deletes the character before the cursor. */
  | 'backspace'
  /** Deletes the character under the cursor. */
  | 'delete'
  /** Alt+Backspace: the word before the cursor. */
  | 'alt-backspace'
  | 'up'
  | 'down'
  | 'left'
  | 'right'
  | 'home'
  | 'end'
  | 'tab'
  | 'escape';

export type PromptKey =
  /** Typed or pasted text; a paste keeps its line ends (\r, \n) and tabs. */
  | { readonly kind: 'text'; readonly text: string }
  /** Ctrl and a letter ("a" for Ctrl+A). */
  | { readonly kind: 'ctrl'; readonly letter: string }
  | { readonly kind: PromptKeyName };

const ESC = '\u001b';

/** The bytes a terminal sends for Backspace (DEL, or ^H on some terminals). */
const BACKSPACE_BYTES = new Set(['\u007f', '\b']);

/** A CSI sequence, ESC [ (or ESC ESC [ for Alt): its parameters and its final byte. */
// eslint-disable-next-line no-control-regex -- escape sequences are what this reads
const CSI = /^\u001b\u001b?\[([0-9;:]*)([\x20-\x2f]*)([\x40-\x7e])$/u;
/** An SS3 sequence, ESC O and one letter (arrows, Home and End in application mode). */
// eslint-disable-next-line no-control-regex -- escape sequences are what this reads
const SS3 = /^\u001b\u001b?O([A-Za-z])$/u;

const BY_LETTER: Readonly<Record<string, PromptKeyName>> = {
  A: 'up',
  B: 'down',
  C: 'right',
  D: 'left',
  H: 'home',
  F: 'end',
};

/** ESC [ N ~ keys, by N. */
const BY_NUMBER: Readonly<Record<string, PromptKeyName>> = {
  '1': 'home',
  '7': 'home',
  '4': 'end',
  '8': 'end',
  '3': 'delete',
};

/** The keys in one piece of input as Ink hands it over; empty when none is one the prompt knows. */
export function promptKeys(piece: string): PromptKey[] {
  if (piece.startsWith(ESC)) return escapeKey(piece);
  if (piece.length === 1) return [singleKey(piece)];
  // Several characters at once: typed fast or pasted. Text stays text (its line ends kept, a
  // paste's), and each Backspace byte in it deletes a character, as it would one at a time.
  const keys: PromptKey[] = [];
  let text = '';
  for (const char of piece) {
    if (!BACKSPACE_BYTES.has(char)) {
      text += char;
      continue;
    }
    if (text) keys.push({ kind: 'text', text });
    text = '';
    keys.push({ kind: 'backspace' });
  }
  if (text) keys.push({ kind: 'text', text });
  return keys;
}

function singleKey(char: string): PromptKey {
  if (char === '\r') return { kind: 'enter' };
  if (char === '\t') return { kind: 'tab' };
  if (BACKSPACE_BYTES.has(char)) return { kind: 'backspace' };
  // Ctrl+J: a line feed, a new line in the prompt.
  if (char === '\n') return { kind: 'text', text: char };
  const code = char.charCodeAt(0);
  if (code >= 1 && code <= 26) return { kind: 'ctrl', letter: String.fromCharCode(code + 96) };
  return { kind: 'text', text: char };
}

function escapeKey(piece: string): PromptKey[] {
  if (piece === ESC || piece === ESC + ESC) return [{ kind: 'escape' }];
  if (piece === `${ESC}\r` || piece === `${ESC}\n`) return [{ kind: 'alt-enter' }];
  if (piece.length === 2 && BACKSPACE_BYTES.has(piece.charAt(1)))
    return [{ kind: 'alt-backspace' }];
  const ss3 = SS3.exec(piece);
  if (ss3) return named(BY_LETTER[ss3[1] ?? '']);
  const csi = CSI.exec(piece);
  if (!csi) return [];
  const [, params = '', intermediates = '', final = ''] = csi;
  if (intermediates) return [];
  // A key with modifiers carries them after a semicolon (ESC [ 1 ; 5 C is Ctrl+→).
  const first = params.split(';')[0] ?? '';
  if (final === '~') return named(BY_NUMBER[first]);
  return first === '' || first === '1' ? named(BY_LETTER[final]) : [];
}

function named(name: PromptKeyName | undefined): PromptKey[] {
  return name ? [{ kind: name }] : [];
}
