// The CLI's one terminal-safe printer. Anything that did not come from Sluice
// itself (file names and paths, command output, diffs, model text, MCP text, a tool's error
// message) must not set the window title or the clipboard (OSC 52), move the cursor, clear or
// repaint the screen, ring the bell or reorder text (U+202E): such characters are shown as
// visible escapes (`\u001b[5A`), the one rule of src/shared/untrusted-text.ts. Two ways in:
//
// - a value: `outsideLine` (one line of a listing: newlines and tabs shown too),
//   `outsideText` (a block: newlines and tabs stay), `terminalCommandOutput` (live command
//   output: colours, newlines, tabs and carriage returns stay, every other sequence shown);
// - the boundary: `terminalSafeIo` wraps the process's stdout and stderr (cli-io.ts
//   processIo), so whatever a verb or main() writes passes the same rule as live command
//   output: Sluice's own colours (SGR) stay, every other control is shown. A value escaped
//   first has nothing left for the boundary to change.
//
// `--json` output is `jsonLine`: the exact text, JSON-escaped, with the invisible and
// reordering characters (C1 controls, DEL, bidi and zero-width) escaped as \u sequences too,
// which JSON reads back as the same characters.
import { visibleUntrusted } from '../shared/untrusted-text';
import { oneLine } from './one-line-text';

export { oneLine as outsideLine, wordsLine } from './one-line-text';

// After ansi.ts: any escape sequence, so it can be judged whole (kept only when it is SGR).
const SEQUENCE =
  // eslint-disable-next-line no-control-regex
  /[\u001B\u009B][[\]()#;?]*(?:(?:(?:;[-a-zA-Z\d/#&.:=?%@~_]+)*|[a-zA-Z\d]+(?:;[-a-zA-Z\d/#&.:=?%@~_]*)*)?\u0007|(?:\d{1,4}(?:;\d{0,4})*)?[\dA-PR-TZcf-nq-uy=><~])/gu;
// eslint-disable-next-line no-control-regex
const SGR = /^\u001B\[[\d;]*m$/u;
/** What JSON.stringify leaves raw that a terminal or an editor would hide or obey. */
const JSON_HIDDEN =
  /[\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/gu;

/** Control and bidi characters of plain text made visible; carriage returns stay. */
function visibleKeepingReturns(text: string): string {
  return text
    .split('\r')
    .map((part) => visibleUntrusted(part))
    .join('\r');
}

/**
 * A block of outside text (a file's content, a tool's result): newlines and tabs stay, a
 * CRLF line end is shown as a newline; any other carriage return is shown, not obeyed.
 */
export function outsideText(text: string): string {
  return visibleUntrusted(text.replace(/\r\n/gu, '\n'));
}

/** One line of outside text for the step list: every control and bidi character visible. */
export function stepLineText(text: string): string {
  return oneLine(text);
}

/**
 * Live command output for a terminal: colours, newlines, tabs and carriage returns stay;
 * every other control, escape sequence and bidi character is made visible.
 */
export function terminalCommandOutput(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(SEQUENCE)) {
    const at = match.index ?? 0;
    out += visibleKeepingReturns(text.slice(last, at));
    out += SGR.test(match[0]) ? match[0] : visibleUntrusted(match[0]);
    last = at + match[0].length;
  }
  return out + visibleKeepingReturns(text.slice(last));
}

/** One `--json` line: exact text, with hidden and reordering characters \u-escaped. */
export function jsonLine(value: unknown): string {
  return `${JSON.stringify(value).replace(
    JSON_HIDDEN,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )}\n`;
}

/** An output stream the CLI writes text to: the process's stdout or stderr, or a test's sink. */
export interface TerminalStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** Anything carrying the two output streams (cli-io.ts CliIo). */
interface OutputStreams {
  readonly stdout: TerminalStream;
  readonly stderr: TerminalStream;
}

/**
 * The stream with every string written through terminalCommandOutput; everything else about
 * it (isTTY, events, what the MCP server's transport uses) is the stream's own.
 */
export function terminalSafeStream<S extends TerminalStream>(stream: S): S {
  return new Proxy(stream, {
    get(target, property) {
      if (property === 'write')
        return (chunk: unknown, ...rest: unknown[]) =>
          (target.write as (...args: unknown[]) => unknown)(
            typeof chunk === 'string' ? terminalCommandOutput(chunk) : chunk,
            ...rest,
          );
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The io with both output streams behind the boundary. */
export function terminalSafeIo<Io extends OutputStreams>(io: Io): Io {
  return {
    ...io,
    stdout: terminalSafeStream(io.stdout),
    stderr: terminalSafeStream(io.stderr),
  };
}
