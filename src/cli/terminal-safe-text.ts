// What `sluice ask` prints on a terminal that came from outside Sluice: a tool's result on the
// step line (an MCP server's error, a command's output), live command output, error messages.
// A server or a command must not set the window title (OSC), clear or repaint the screen,
// recolour what follows, ring the bell or reorder text (U+202E): such characters are shown
// as visible escapes (one-line-text.ts, untrusted-text.ts). Live command output keeps only
// its colours (SGR, `ESC [ … m`) and line structure, since a person reading test output on a
// terminal expects them; every other sequence is shown, not obeyed.
import { visibleUntrusted } from '../shared/untrusted-text';
import { oneLine } from './one-line-text';

// After ansi.ts: any escape sequence, so it can be judged whole (kept only when it is SGR).
const SEQUENCE =
  // eslint-disable-next-line no-control-regex
  /[\u001B\u009B][[\]()#;?]*(?:(?:(?:;[-a-zA-Z\d/#&.:=?%@~_]+)*|[a-zA-Z\d]+(?:;[-a-zA-Z\d/#&.:=?%@~_]*)*)?\u0007|(?:\d{1,4}(?:;\d{0,4})*)?[\dA-PR-TZcf-nq-uy=><~])/gu;
// eslint-disable-next-line no-control-regex
const SGR = /^\u001B\[[\d;]*m$/u;

/** Control and bidi characters of plain text made visible; carriage returns stay. */
function visibleKeepingReturns(text: string): string {
  return text
    .split('\r')
    .map((part) => visibleUntrusted(part))
    .join('\r');
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
