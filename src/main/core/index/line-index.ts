// 1-based line/column of source offsets. TypeScript's own line map scans the text a
// character at a time (it also honours U+2028/U+2029 and lone CR); the index only counts
// LF and CRLF line breaks, which `indexOf` finds several times faster.
export class LineIndex {
  private starts: number[] | undefined;

  constructor(private readonly text: string) {}

  private lineStarts(): number[] {
    if (this.starts) return this.starts;
    const starts = [0];
    for (let at = this.text.indexOf('\n'); at !== -1; at = this.text.indexOf('\n', at + 1))
      starts.push(at + 1);
    this.starts = starts;
    return starts;
  }

  at(offset: number): { line: number; column: number } {
    const starts = this.lineStarts();
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] as number) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - (starts[low] as number) + 1 };
  }
}

const bySourceFile = new WeakMap<object, LineIndex>();

/** One LineIndex per parsed file, shared by everything that extracts from it. */
export function lineIndexOf(sf: { readonly text: string }): LineIndex {
  let index = bySourceFile.get(sf);
  if (!index) bySourceFile.set(sf, (index = new LineIndex(sf.text)));
  return index;
}
