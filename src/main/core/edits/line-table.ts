// Line geometry of a text: where each line starts, its content without the line break, and
// where it ends including the break. Offsets are UTF-16 indices into the text.

export interface LineTable {
  readonly starts: number[];
  /** Each line's content without its terminator (a trailing CR is part of the terminator). */
  readonly contents: string[];
  /** Offset just past each line's terminator. */
  readonly ends: number[];
}

export function buildLineTable(text: string): LineTable {
  const starts: number[] = [];
  const contents: string[] = [];
  const ends: number[] = [];
  let start = 0;
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    if (nl === -1) {
      starts.push(start);
      contents.push(text.slice(start));
      ends.push(text.length);
      break;
    }
    const contentEnd = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    starts.push(start);
    contents.push(text.slice(start, contentEnd));
    ends.push(nl + 1);
    start = nl + 1;
  }
  return { starts, contents, ends };
}

/** Zero-based index of the line containing `offset`. */
export function lineIndexAt(table: LineTable, offset: number): number {
  let lo = 0;
  let hi = table.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((table.starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}

export function rtrim(line: string): string {
  return line.replace(/[ \t\r\f\v]+$/u, '');
}
