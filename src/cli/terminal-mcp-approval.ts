// The terminal prompt for one MCP tool call: the server,
// the tool, the arguments exactly as they will be sent, why the person is asked, and the
// server's description marked as untrusted; y runs it, a runs it and always allows the tool as
// it is defined now (a changed definition asks again), n rejects it with an optional reason
// for the model. The server's text is shown with control characters made visible, so a
// description cannot hide or repaint anything on the terminal.
import type { ToolCallApprovalRequest } from '../shared/approvals';
import { visibleUntrusted } from '../shared/untrusted-text';
import type { Choice } from './terminal-key-choice';

export const NO_TERMINAL_MCP_REASON =
  'there is no terminal to ask the person, so MCP tool calls are not run; run on a terminal, or mark the tool always-allowed in Settings';

export interface TerminalToolCallAnswer {
  readonly decision: { type: 'approve' } | { type: 'reject'; reason?: string };
  readonly decidedBy?: 'person' | 'mode';
  /** Approved with "always allow this tool" (bound to the definition shown). */
  readonly alwaysAllow?: true;
}

export interface McpPromptIo {
  /** Writes a question and reads one trimmed line; null once the input has ended. */
  prompt(question: string): Promise<string | null>;
  /** A question answered by one of `choices` (one key on a terminal); absent: prompt(). */
  choose?(question: string, choices: readonly Choice[]): Promise<string | null>;
  out(text: string): void;
  readonly color: boolean;
}

const MAX_TRIES = 5;
const MCP_CHOICES: readonly Choice[] = [
  { key: 'y', word: 'yes' },
  { key: 'a', word: 'always allow' },
  { key: 'n', word: 'no' },
];
const MAX_SHOWN = 8000;

/** Control characters (but newline and tab) as visible escapes; long text cut with a note. */
export function showUntrusted(text: string): string {
  const visible = visibleUntrusted(text);
  return visible.length > MAX_SHOWN
    ? `${visible.slice(0, MAX_SHOWN)}\n… (${visible.length - MAX_SHOWN} more characters not shown)`
    : visible;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}

export async function askMcpCallOnTerminal(
  request: ToolCallApprovalRequest,
  io: McpPromptIo,
): Promise<TerminalToolCallAnswer> {
  const bold = (s: string) => (io.color ? `\u001b[1m${s}\u001b[22m` : s);
  const dim = (s: string) => (io.color ? `\u001b[2m${s}\u001b[22m` : s);
  const readOnly = request.annotations.readOnlyHint === true;
  io.out(
    `\n${bold(`MCP tool ${showUntrusted(request.serverTool)} of server ${showUntrusted(request.server)}`)} ${dim(`(${request.reason})`)}\n`,
  );
  io.out(
    `  ${readOnly ? 'annotated read-only (the server says so)' : 'may change things (not annotated read-only)'}\n`,
  );
  io.out(`  Arguments:\n${indent(showUntrusted(request.arguments))}\n`);
  io.out(
    `  The server's description of this tool (untrusted):\n${indent(showUntrusted(request.description || '(none)'))}\n`,
  );
  for (let tries = 0; tries < MAX_TRIES; tries += 1) {
    const question = `Run this call? [y]es / [a]lways allow ${showUntrusted(request.serverTool)} of ${showUntrusted(request.server)} as defined now / [n]o > `;
    const answer = io.choose ? await io.choose(question, MCP_CHOICES) : await io.prompt(question);
    if (answer === null)
      return { decision: { type: 'reject', reason: 'no answer: the terminal input was closed' } };
    switch (answer.toLowerCase()) {
      case 'y':
      case 'yes':
        return { decision: { type: 'approve' } };
      case 'a':
      case 'always':
        return { decision: { type: 'approve' }, alwaysAllow: true };
      case 'n':
      case 'no': {
        const why = await io.prompt('Why? (optional, tell the model) > ');
        return { decision: { type: 'reject', ...(why ? { reason: why } : {}) } };
      }
      default:
        io.out('Please answer y, a or n.\n');
    }
  }
  return { decision: { type: 'reject', reason: 'no valid answer was given' } };
}
