// What a command printed, kept three ways: every chunk goes to the UI as it arrives (ANSI
// kept), the full output goes to a log file under SLUICE_HOME (bounded), and the model gets
// a capped view: the head and the tail with the number of lines cut between them, ANSI
// stripped. Memory stays bounded whatever the command prints.
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { stripAnsi } from '../../../shared/ansi';

export { stripAnsi };

export interface OutputLimits {
  /** Bytes of the start kept for the model. */
  readonly headBytes: number;
  /** Bytes of the end kept for the model. */
  readonly tailBytes: number;
  /** Bytes written to the log file at most; the rest is counted but not kept. */
  readonly logBytes: number;
}

export const DEFAULT_OUTPUT_LIMITS: OutputLimits = {
  headBytes: 12 * 1024,
  tailBytes: 12 * 1024,
  logBytes: 64 * 1024 * 1024,
};

export interface CapturedOutput {
  /** ANSI-stripped head + marker + tail, or the whole output when it fit. */
  readonly view: string;
  readonly totalBytes: number;
  readonly totalLines: number;
  /** Lines not shown in `view` (0 when it fit). */
  readonly linesCut: number;
  /** Where the full output is, when a log was kept. */
  readonly logPath: string | null;
  /** True when the log file stopped at `logBytes`. */
  readonly logTruncated: boolean;
}

function countNewlines(chunk: Buffer): number {
  let n = 0;
  let i = chunk.indexOf(10);
  while (i !== -1) {
    n += 1;
    i = chunk.indexOf(10, i + 1);
  }
  return n;
}

export class OutputCapture {
  private head = Buffer.alloc(0);
  private tail: Buffer[] = [];
  private tailSize = 0;
  private total = 0;
  private newlines = 0;
  private lastByte = -1;
  private logFd: number | null = null;
  private logged = 0;

  constructor(
    private readonly limits: OutputLimits = DEFAULT_OUTPUT_LIMITS,
    readonly logPath: string | null = null,
  ) {
    if (logPath) {
      mkdirSync(path.dirname(logPath), { recursive: true, mode: 0o700 });
      this.logFd = openSync(logPath, 'w', 0o600);
    }
  }

  get totalBytes(): number {
    return this.total;
  }

  push(chunk: Buffer): void {
    if (!chunk.length) return;
    this.total += chunk.length;
    this.newlines += countNewlines(chunk);
    this.lastByte = chunk[chunk.length - 1] ?? -1;
    if (this.logFd !== null && this.logged < this.limits.logBytes) {
      const part = chunk.subarray(0, this.limits.logBytes - this.logged);
      writeSync(this.logFd, part);
      this.logged += part.length;
    }
    let rest = chunk;
    if (this.head.length < this.limits.headBytes) {
      const room = this.limits.headBytes - this.head.length;
      this.head = Buffer.concat([this.head, rest.subarray(0, room)]);
      rest = rest.subarray(room);
    }
    if (!rest.length) return;
    this.tail.push(Buffer.from(rest.subarray(Math.max(0, rest.length - this.limits.tailBytes))));
    this.tailSize += Math.min(rest.length, this.limits.tailBytes);
    while (
      this.tail.length > 1 &&
      this.tailSize - (this.tail[0]?.length ?? 0) >= this.limits.tailBytes
    ) {
      this.tailSize -= this.tail.shift()?.length ?? 0;
    }
  }

  finish(): CapturedOutput {
    if (this.logFd !== null) {
      closeSync(this.logFd);
      this.logFd = null;
    }
    const totalLines = this.newlines + (this.total > 0 && this.lastByte !== 10 ? 1 : 0);
    const logTruncated = this.logged < this.total;
    const tailAll = Buffer.concat(this.tail);
    const tail = tailAll.subarray(Math.max(0, tailAll.length - this.limits.tailBytes));
    const base = { totalBytes: this.total, totalLines, logPath: this.logPath, logTruncated };
    if (this.total <= this.limits.headBytes + this.limits.tailBytes) {
      return {
        ...base,
        view: stripAnsi(Buffer.concat([this.head, tail]).toString('utf8')),
        linesCut: 0,
      };
    }
    // Cut at line boundaries so neither side shows half a line.
    const headEnd = this.head.lastIndexOf(10);
    const headPart = headEnd === -1 ? this.head : this.head.subarray(0, headEnd + 1);
    const tailStart = tail.indexOf(10);
    const tailPart = tailStart === -1 ? tail : tail.subarray(tailStart + 1);
    const shownLines =
      countNewlines(headPart) + countNewlines(tailPart) + (this.lastByte !== 10 ? 1 : 0);
    const linesCut = Math.max(0, totalLines - shownLines);
    const cutBytes = this.total - headPart.length - tailPart.length;
    const marker = `\n… [${linesCut} lines (${cutBytes} bytes) cut from the middle${
      this.logPath ? '; read them with read_command_output' : ''
    }] …\n`;
    return {
      ...base,
      view: stripAnsi(headPart.toString('utf8')) + marker + stripAnsi(tailPart.toString('utf8')),
      linesCut,
    };
  }
}
