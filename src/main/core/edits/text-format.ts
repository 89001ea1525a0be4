// How a text file is laid out on disk: byte-order mark, line endings, final newline. Edits
// keep all three (DESIGN.md "Flow" 5), so the proposal works on BOM-less text and the
// format is re-applied when writing.

export type Eol = '\n' | '\r\n';

export interface TextFormat {
  readonly bom: boolean;
  /** The dominant line ending; LF when the file has no line break at all. */
  readonly eol: Eol;
  /** True when both CRLF and bare LF occur. */
  readonly mixedEol: boolean;
  readonly finalNewline: boolean;
}

const BOM = '\uFEFF';

export interface DecodedText {
  /** The text without BOM. */
  readonly text: string;
  readonly format: TextFormat;
}

export class NotTextError extends Error {
  override readonly name = 'NotTextError';
}

/** Decodes file bytes as UTF-8 text; refuses binary or invalid UTF-8 so nothing corrupts it. */
export function decodeText(bytes: Uint8Array, path: string): DecodedText {
  if (bytes.includes(0)) {
    throw new NotTextError(
      `${path} looks like a binary file (it contains NUL bytes); it cannot be edited as text.`,
    );
  }
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new NotTextError(`${path} is not valid UTF-8 text; it cannot be edited as text.`);
  }
  const bom = decoded.startsWith(BOM);
  const text = bom ? decoded.slice(1) : decoded;
  return { text, format: detectFormat(text, bom) };
}

export function detectFormat(text: string, bom = false): TextFormat {
  const { crlf, lf } = countEols(text);
  return {
    bom,
    eol: crlf > lf ? '\r\n' : '\n',
    mixedEol: crlf > 0 && lf > 0,
    finalNewline: text.endsWith('\n'),
  };
}

/** Counts CRLF and bare-LF line breaks. */
export function countEols(text: string): { crlf: number; lf: number } {
  let crlf = 0;
  let lf = 0;
  let at = text.indexOf('\n');
  while (at !== -1) {
    if (at > 0 && text.charCodeAt(at - 1) === 13) crlf += 1;
    else lf += 1;
    at = text.indexOf('\n', at + 1);
  }
  return { crlf, lf };
}

/** Rewrites every line break (CRLF or bare LF) as `eol`. */
export function withEol(text: string, eol: Eol): string {
  const lf = text.split('\r\n').join('\n');
  return eol === '\n' ? lf : lf.split('\n').join('\r\n');
}

/**
 * Brings new text (the model's or the person's) to the file's line endings: in a CRLF file a
 * bare LF becomes CRLF; in an LF file a CRLF becomes LF. Mixed files keep new text as given
 * after conversion to the dominant ending.
 */
export function conformEol(text: string, format: TextFormat): string {
  return withEol(text, format.eol);
}

/**
 * The format text written over `baseText` keeps. A file with no text yet (0 bytes, or only a
 * BOM) has no line-ending or final-newline convention, so the new text sets both and lands
 * byte for byte; only the BOM is kept. Otherwise the base's format.
 */
export function formatForReplacing(
  baseText: string,
  format: TextFormat,
  newText: string,
): TextFormat {
  return baseText === '' ? detectFormat(newText, format.bom) : format;
}

/** Gives `text` the final-newline state of the original file. */
export function conformFinalNewline(text: string, format: TextFormat): string {
  if (text.length === 0) return text;
  const has = text.endsWith('\n');
  if (format.finalNewline && !has) return text + format.eol;
  if (!format.finalNewline && has)
    return text.endsWith('\r\n') ? text.slice(0, -2) : text.slice(0, -1);
  return text;
}

/** The bytes to write: BOM re-applied when the file had one. */
export function encodeText(text: string, format: Pick<TextFormat, 'bom'>): Buffer {
  return Buffer.from(format.bom ? BOM + text : text, 'utf8');
}
