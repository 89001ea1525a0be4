// Reads a window of lines from an open file without loading the whole file: read_file can
// show lines 90,000-92,000 of a 200 MB log. After the window it keeps counting lines up to a
// scan budget so the caller can say how long the file is (or that it is longer than scanned).
import type { FileHandle } from 'node:fs/promises';
import { BINARY_SNIFF_BYTES, isBinaryContent } from './binary-detection';

export interface LineWindowOptions {
  /** 1-based first line wanted. */
  readonly startLine: number;
  /** 1-based last line wanted (inclusive); default: as far as the caps allow. */
  readonly endLine?: number;
  readonly maxLines: number;
  /** Budget for the window's text (characters, summed over kept lines incl. newlines). */
  readonly maxChars: number;
  /** Longer lines are cut to this many characters. */
  readonly maxLineChars: number;
  /** Bytes read in all, window included, before line counting gives up. */
  readonly scanBytes: number;
}

export interface WindowLine {
  readonly number: number;
  readonly text: string;
  /** How much was cut from the end of the line (0 when whole); `cutUnit` says in what. */
  readonly cut: number;
  readonly cutUnit: 'characters' | 'bytes';
}

export interface LineWindow {
  readonly size: number;
  /** The file's first bytes (up to 16), e.g. to name a binary format. */
  readonly head: Buffer;
  readonly binary: boolean;
  readonly lines: WindowLine[];
  /** Why the window ended before endLine / the end of file, if it did. */
  readonly cappedBy: 'maxLines' | 'maxChars' | null;
  /** Lines in the file, or null when the scan budget ran out first (then: at least `linesSeen`). */
  readonly totalLines: number | null;
  readonly linesSeen: number;
}

const CHUNK = 64 * 1024;
const NEWLINE = 0x0a;

export async function readLineWindow(
  handle: FileHandle,
  size: number,
  options: LineWindowOptions,
): Promise<LineWindow> {
  const sniff = Buffer.alloc(Math.min(size, BINARY_SNIFF_BYTES));
  const { bytesRead: sniffed } = await handle.read(sniff, 0, sniff.length, 0);
  const head = Buffer.from(sniff.subarray(0, Math.min(sniffed, 16)));
  if (isBinaryContent(sniff.subarray(0, sniffed), size <= BINARY_SNIFF_BYTES)) {
    return { size, head, binary: true, lines: [], cappedBy: null, totalLines: null, linesSeen: 0 };
  }
  const keepBytes = options.maxLineChars * 4 + 4;
  const lastWanted = options.endLine ?? Number.MAX_SAFE_INTEGER;
  const lines: WindowLine[] = [];
  let chars = 0;
  let cappedBy: LineWindow['cappedBy'] = null;
  let collecting = true;
  let lineNumber = 1;
  let parts: Buffer[] = [];
  let partBytes = 0;
  let lineBytes = 0;
  let position = 0;
  let lastByte = -1;

  const inWindow = () => collecting && lineNumber >= options.startLine && lineNumber <= lastWanted;
  const finishLine = () => {
    if (inWindow()) {
      if (lines.length >= options.maxLines) {
        cappedBy = 'maxLines';
        collecting = false;
      } else {
        let raw = Buffer.concat(parts).toString('utf8');
        if (raw.endsWith('\r') && lineBytes === partBytes) raw = raw.slice(0, -1);
        let text = raw;
        let cut = 0;
        let cutUnit: WindowLine['cutUnit'] = 'characters';
        if (lineBytes > partBytes) {
          text = raw.slice(0, options.maxLineChars);
          cut = lineBytes - Buffer.byteLength(text);
          cutUnit = 'bytes';
        } else if (raw.length > options.maxLineChars) {
          text = raw.slice(0, options.maxLineChars);
          cut = raw.length - options.maxLineChars;
        }
        if (chars + text.length + 1 > options.maxChars && lines.length > 0) {
          cappedBy = 'maxChars';
          collecting = false;
        } else {
          lines.push({ number: lineNumber, text, cut, cutUnit });
          chars += text.length + 1;
        }
      }
    }
    if (lineNumber >= lastWanted) collecting = false;
    lineNumber++;
    parts = [];
    partBytes = 0;
    lineBytes = 0;
  };

  const buffer = Buffer.alloc(CHUNK);
  while (position < options.scanBytes) {
    const { bytesRead } = await handle.read(
      buffer,
      0,
      Math.min(CHUNK, options.scanBytes - position),
      position,
    );
    if (bytesRead === 0) break;
    const chunk = buffer.subarray(0, bytesRead);
    position += bytesRead;
    lastByte = chunk[bytesRead - 1] as number;
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE, start); ; end = chunk.indexOf(NEWLINE, start)) {
      const stop = end === -1 ? bytesRead : end;
      const piece = chunk.subarray(start, stop);
      lineBytes += piece.length;
      if (inWindow() && partBytes < keepBytes) {
        const kept = piece.subarray(0, keepBytes - partBytes);
        parts.push(Buffer.from(kept));
        partBytes += kept.length;
      }
      if (end === -1) break;
      finishLine();
      start = end + 1;
    }
  }
  const reachedEnd = position >= size;
  if (reachedEnd && position > 0 && lastByte !== NEWLINE) finishLine();
  const linesSeen = lineNumber - 1;
  return {
    size,
    head,
    binary: false,
    lines,
    cappedBy,
    totalLines: reachedEnd ? linesSeen : null,
    linesSeen,
  };
}
