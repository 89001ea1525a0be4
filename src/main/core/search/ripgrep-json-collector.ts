// Turns ripgrep's `--json` output into a capped SearchOutcome. Works on raw bytes: only
// `begin` lines and the lines it keeps are decoded and parsed; every other match is counted
// by its prefix, so a search with thousands of hits costs little more than rg itself.
import { cutLine, type SearchFileHits, type SearchQuery } from './search-engine';

const NEWLINE = 0x0a;
/** One JSON line over this is dropped rather than held in memory (a huge minified line). */
export const MAX_JSON_LINE_BYTES = 32 * 1024 * 1024;
const BEGIN = Buffer.from('{"type":"begin"');
const MATCH = Buffer.from('{"type":"match"');
const CONTEXT = Buffer.from('{"type":"context"');

interface RgText {
  text?: string;
  bytes?: string;
}

function decode(value: RgText | undefined): string {
  if (!value) return '';
  if (typeof value.text === 'string') return value.text;
  return value.bytes ? Buffer.from(value.bytes, 'base64').toString('utf8') : '';
}

function hasPrefix(buf: Buffer, start: number, end: number, prefix: Buffer): boolean {
  return (
    end - start >= prefix.length &&
    buf.compare(prefix, 0, prefix.length, start, start + prefix.length) === 0
  );
}

interface CurrentFile {
  path: string;
  counted: boolean;
  matched: boolean;
  hits: SearchFileHits | null;
}

export class RipgrepJsonCollector {
  readonly files: SearchFileHits[] = [];
  shownMatches = 0;
  totalMatches = 0;
  totalFiles = 0;
  private current: CurrentFile | null = null;
  // Context after a kept match is kept; context before one waits here (raw JSON lines).
  private trailingLeft = 0;
  private leading: string[] = [];
  /** Pieces of a line still waiting for its newline (joined once, so long lines stay linear). */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Set while dropping a line longer than MAX_JSON_LINE_BYTES. */
  private skipping = false;
  /** Lines dropped for their size (each may have been a match). */
  oversizedLines = 0;

  constructor(
    private readonly query: SearchQuery,
    /** Files the workspace ignores (e.g. by a nested .sluiceignore) are dropped from results and totals. */
    private readonly isIgnored: (relative: string) => boolean,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    let end = chunk.indexOf(NEWLINE);
    if (end === -1) {
      this.hold(chunk);
      return;
    }
    if (this.pending.length || this.skipping) {
      if (!this.skipping) {
        const joined = Buffer.concat([...this.pending, chunk.subarray(0, end)]);
        this.line(joined, 0, joined.length);
      }
      this.pending = [];
      this.pendingBytes = 0;
      this.skipping = false;
      start = end + 1;
      end = chunk.indexOf(NEWLINE, start);
    }
    for (; end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      this.line(chunk, start, end);
      start = end + 1;
    }
    if (start < chunk.length) this.hold(chunk.subarray(start));
  }

  end(): void {
    if (this.pending.length && !this.skipping) {
      const joined = Buffer.concat(this.pending);
      this.line(joined, 0, joined.length);
    }
    this.pending = [];
    this.pendingBytes = 0;
  }

  private hold(piece: Buffer): void {
    if (this.skipping) return;
    this.pendingBytes += piece.length;
    if (this.pendingBytes > MAX_JSON_LINE_BYTES) {
      this.pending = [];
      this.pendingBytes = 0;
      this.skipping = true;
      this.oversizedLines++;
      return;
    }
    // Copy: the stream may reuse the chunk's memory.
    this.pending.push(Buffer.from(piece));
  }

  private keep(file: CurrentFile, json: string, kind: 'match' | 'context'): void {
    const data = JSON.parse(json).data;
    const { text, cut } = cutLine(decode(data.lines), this.query.maxLineChars);
    if (!file.hits) {
      file.hits = { path: file.path, lines: [] };
      this.files.push(file.hits);
    }
    file.hits.lines.push({ line: data.line_number, text, cut, kind });
  }

  private line(buf: Buffer, start: number, end: number): void {
    if (hasPrefix(buf, start, end, BEGIN)) {
      const filePath = decode(JSON.parse(buf.toString('utf8', start, end)).data.path).replace(
        /^\.\//,
        '',
      );
      this.current = {
        path: filePath,
        counted: !this.isIgnored(filePath),
        matched: false,
        hits: null,
      };
      this.trailingLeft = 0;
      this.leading = [];
      return;
    }
    const current = this.current;
    if (!current || !current.counted) return;
    if (hasPrefix(buf, start, end, MATCH)) {
      this.totalMatches++;
      if (!current.matched) this.totalFiles++;
      current.matched = true;
      if (this.shownMatches >= this.query.maxMatches) {
        this.trailingLeft = 0;
        return;
      }
      this.shownMatches++;
      for (const context of this.leading) this.keep(current, context, 'context');
      this.leading = [];
      this.keep(current, buf.toString('utf8', start, end), 'match');
      this.trailingLeft = this.query.contextLines;
    } else if (hasPrefix(buf, start, end, CONTEXT)) {
      if (this.trailingLeft > 0) {
        this.trailingLeft--;
        this.keep(current, buf.toString('utf8', start, end), 'context');
      } else if (this.shownMatches < this.query.maxMatches) {
        this.leading.push(buf.toString('utf8', start, end));
        if (this.leading.length > this.query.contextLines) this.leading.shift();
      }
    }
  }
}
