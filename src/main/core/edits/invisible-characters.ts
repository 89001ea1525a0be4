// Characters a person or a model cannot see in a line: zero-width characters, direction
// marks, a byte-order mark in the middle of the text, and spaces that are not U+0020. The
// mismatch report names them, shows them escaped, and the closest-region search ignores
// them (with letter case and runs of whitespace) so a near miss still finds its line.

/** Zero-width: they occupy no column on screen. */
const INVISIBLE: ReadonlyMap<number, string> = new Map([
  [0x00ad, 'SOFT HYPHEN'],
  [0x180e, 'MONGOLIAN VOWEL SEPARATOR'],
  [0x200b, 'ZERO WIDTH SPACE'],
  [0x200c, 'ZERO WIDTH NON-JOINER'],
  [0x200d, 'ZERO WIDTH JOINER'],
  [0x200e, 'LEFT-TO-RIGHT MARK'],
  [0x200f, 'RIGHT-TO-LEFT MARK'],
  [0x202a, 'LEFT-TO-RIGHT EMBEDDING'],
  [0x202b, 'RIGHT-TO-LEFT EMBEDDING'],
  [0x202c, 'POP DIRECTIONAL FORMATTING'],
  [0x202d, 'LEFT-TO-RIGHT OVERRIDE'],
  [0x202e, 'RIGHT-TO-LEFT OVERRIDE'],
  [0x2060, 'WORD JOINER'],
  [0x2066, 'LEFT-TO-RIGHT ISOLATE'],
  [0x2067, 'RIGHT-TO-LEFT ISOLATE'],
  [0x2068, 'FIRST STRONG ISOLATE'],
  [0x2069, 'POP DIRECTIONAL ISOLATE'],
  [0xfeff, 'BYTE ORDER MARK'],
]);

/** Look like a space but are not U+0020. */
const UNUSUAL_SPACES: ReadonlyMap<number, string> = new Map([
  [0x00a0, 'NO-BREAK SPACE'],
  [0x1680, 'OGHAM SPACE MARK'],
  [0x2000, 'EN QUAD'],
  [0x2001, 'EM QUAD'],
  [0x2002, 'EN SPACE'],
  [0x2003, 'EM SPACE'],
  [0x2004, 'THREE-PER-EM SPACE'],
  [0x2005, 'FOUR-PER-EM SPACE'],
  [0x2006, 'SIX-PER-EM SPACE'],
  [0x2007, 'FIGURE SPACE'],
  [0x2008, 'PUNCTUATION SPACE'],
  [0x2009, 'THIN SPACE'],
  [0x200a, 'HAIR SPACE'],
  [0x202f, 'NARROW NO-BREAK SPACE'],
  [0x205f, 'MEDIUM MATHEMATICAL SPACE'],
  [0x3000, 'IDEOGRAPHIC SPACE'],
]);

export function isInvisible(ch: string | undefined): boolean {
  return ch !== undefined && INVISIBLE.has(ch.charCodeAt(0));
}

export function isUnusualSpace(ch: string | undefined): boolean {
  return ch !== undefined && UNUSUAL_SPACES.has(ch.charCodeAt(0));
}

/** Space, tab, form feed, vertical tab, or a space-like character. */
export function isBlank(ch: string | undefined): boolean {
  return ch === ' ' || ch === '\t' || ch === '\f' || ch === '\v' || isUnusualSpace(ch);
}

/** "U+200B ZERO WIDTH SPACE" */
export function describeCharacter(ch: string): string {
  const code = ch.charCodeAt(0);
  const name = INVISIBLE.get(code) ?? UNUSUAL_SPACES.get(code) ?? 'character';
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')} ${name}`;
}

/** The text with invisible and space-like characters written as `\u{200B}`, so they show. */
export function visible(text: string): string {
  let out = '';
  for (const ch of text) {
    out +=
      isInvisible(ch) || isUnusualSpace(ch)
        ? `\\u{${ch.charCodeAt(0).toString(16).toUpperCase()}}`
        : ch;
  }
  return out;
}

const PLAIN_LINE = /^[ \t]*((?:[\x21-\x7e]+(?: [\x21-\x7e]+)*)?)[ \t]*$/u;

export interface NormalizedLine {
  /** Lower case, invisible characters dropped, each run of blanks one space, trimmed. */
  readonly text: string;
  /** For each character of `text`, its UTF-16 index in the original line. */
  readonly map: readonly number[];
}

/** The comparison key of a line; `map` is only filled when asked (it costs an array). */
export function normalizeLine(line: string, withMap = false): NormalizedLine {
  // Fast path for the common line: printable ASCII, single spaces between words.
  if (!withMap) {
    const plain = PLAIN_LINE.exec(line);
    if (plain) return { text: (plain[1] ?? '').toLowerCase(), map: [] };
  }
  let text = '';
  const map: number[] = [];
  let pendingSpace = -1;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i] ?? '';
    if (isInvisible(ch)) continue;
    if (isBlank(ch)) {
      if (pendingSpace === -1) pendingSpace = i;
      continue;
    }
    if (pendingSpace !== -1 && text.length > 0) {
      text += ' ';
      if (withMap) map.push(pendingSpace);
    }
    pendingSpace = -1;
    const lower = ch.toLowerCase();
    text += lower;
    if (withMap) for (let k = 0; k < lower.length; k += 1) map.push(i);
  }
  return { text, map };
}
