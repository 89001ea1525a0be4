// Approvals on a terminal (issue 5 item 9): a coloured unified diff, then y (apply) / n (reject
// with a reason) / e (edit the proposed text in $VISUAL or $EDITOR) / h (hunk by hunk) /
// a (always allow this path or a glob). Without a terminal nobody can answer, so the proposal
// is rejected and the model is told why (auto-edit mode never gets here for ordinary paths).
// Streams and the editor are injected, so tests drive it with fake streams.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { ApprovalRequest, Decision, Hunk, ToolCallApprovalRequest } from '../shared/approvals';
import type {
  CommandApprovalRequest,
  CommandDecision,
  NetworkGrant,
} from '../shared/command-approvals';
import {
  askMcpCallOnTerminal,
  NO_TERMINAL_MCP_REASON,
  type TerminalToolCallAnswer,
} from './terminal-mcp-approval';
import { renderEvidence } from './evidence-lines';
import { visibleUntrusted } from '../shared/untrusted-text';
import { outsideLine } from './terminal-safe-text';
import { askNetworkGrant, describeGrant, describeRequestNetwork } from './command-network-prompt';
import { describeCommandWrite, paint, renderDiffLines } from './diff-lines';
import { childStdio } from '../main/core/process/child-descriptors';

export { describeCommandWrite, renderDiffLines } from './diff-lines';

export interface TerminalApprovalOptions {
  readonly input: NodeJS.ReadableStream;
  readonly output: { write(text: string): unknown };
  /** True when a person is at the terminal (stdin and stdout are TTYs). */
  readonly interactive: boolean;
  readonly color?: boolean;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Opens `initial` in an editor and returns the saved text. Default: $VISUAL / $EDITOR. */
  readonly editText?: (initial: string, fileName: string) => Promise<string>;
}

export interface TerminalAnswer {
  readonly decision: Decision;
  /** Set when the person chose "always allow": save this allow rule before deciding. */
  readonly alwaysAllowGlob?: string;
  /** Who decided: 'mode' when no person could be asked (no terminal). Default 'person'. */
  readonly decidedBy?: 'person' | 'mode';
}

export interface TerminalApprover {
  ask(request: ApprovalRequest): Promise<TerminalAnswer>;
  /** run_command's prompt; absent: commands are rejected as if no terminal were there. */
  askCommand?(request: CommandApprovalRequest): Promise<TerminalCommandAnswer>;
  /** An MCP tool call's prompt; absent: MCP calls are rejected as if no terminal were there. */
  askToolCall?(request: ToolCallApprovalRequest): Promise<TerminalToolCallAnswer>;
  close(): void;
}

export interface TerminalCommandAnswer {
  readonly decision: CommandDecision;
  readonly decidedBy?: 'person' | 'mode';
}

export const NO_TERMINAL_COMMAND_REASON =
  'there is no terminal to ask the person, so commands are not run; run on a terminal, or add an allow rule for the command (sluice rules add command --allow WORD…, or Settings)';

export const NO_TERMINAL_REASON =
  'there is no terminal to ask the person, so writes are rejected; run on a terminal, or use --mode auto-edit (protected paths still need a person)';

const MAX_TRIES = 5;

function hunkText(hunk: Hunk, color: boolean): string {
  return renderDiffLines(
    [`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`, ...hunk.lines],
    color,
  );
}

/**
 * Reads answers line by line; null once the input has ended. It listens to the input only
 * while a prompt waits (detach() between approvals), so the process can exit and an editor
 * can own the terminal; lines already read stay buffered.
 */
class LineReader {
  private readonly lines: string[] = [];
  private readonly waiters: Array<(line: string | null) => void> = [];
  private ended = false;
  private detaching = false;
  private rl: ReturnType<typeof createInterface> | null = null;

  constructor(private readonly input: NodeJS.ReadableStream) {}

  private attach(): void {
    if (this.rl || this.ended) return;
    const rl = createInterface({ input: this.input, terminal: false });
    rl.on('line', (line) => {
      const waiter = this.waiters.shift();
      if (waiter) waiter(line);
      else this.lines.push(line);
    });
    rl.on('close', () => {
      this.rl = null;
      if (this.detaching) return;
      this.ended = true;
      for (const waiter of this.waiters.splice(0)) waiter(null);
    });
    this.rl = rl;
  }

  next(): Promise<string | null> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.ended) return Promise.resolve(null);
    this.attach();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  detach(): void {
    if (!this.rl) return;
    this.detaching = true;
    this.rl.close();
    this.detaching = false;
  }
}

/**
 * Waits one turn of the event loop. The turn's events reach the printer through promise
 * callbacks, so after this the step line of the call being asked about ("→ Calling …") is
 * printed, and the card starts below it instead of the step landing after the question.
 */
function afterPendingSteps(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export function createTerminalApprover(options: TerminalApprovalOptions): TerminalApprover {
  const color = options.color ?? false;
  const c = paint(color);
  const out = (text: string): void => void options.output.write(text);
  const reader = options.interactive ? new LineReader(options.input) : null;
  const editText =
    options.editText ??
    ((initial: string, fileName: string) => editInEditor(initial, fileName, options.env ?? {}));
  let chain: Promise<unknown> = Promise.resolve();
  let queued = 0;

  const prompt = async (question: string): Promise<string | null> => {
    out(question);
    const line = (await reader?.next()) ?? null;
    return line === null ? null : line.trim();
  };

  const closedAnswer: TerminalAnswer = {
    decision: { type: 'reject', reason: 'no answer: the terminal input was closed' },
  };

  async function reason(question: string): Promise<string | undefined> {
    const text = await prompt(question);
    return text ? text : undefined;
  }

  async function hunkByHunk(request: ApprovalRequest): Promise<TerminalAnswer> {
    const chosen: string[] = [];
    for (const [index, hunk] of request.hunks.entries()) {
      out(`\n${hunkText(hunk, color)}\n`);
      let answer: string | null = null;
      for (let tries = 0; tries < MAX_TRIES; tries += 1) {
        answer = await prompt(
          `Apply hunk ${hunk.id} (${index + 1}/${request.hunks.length})? [y]es / [n]o / [q]uit (reject the rest) > `,
        );
        if (answer === null) return closedAnswer;
        answer = answer.toLowerCase();
        if (['y', 'n', 'q'].includes(answer)) break;
        out('Please answer y, n or q.\n');
      }
      if (answer === 'y') chosen.push(hunk.id);
      else if (answer === 'q') break;
      else if (answer !== 'n')
        return { decision: { type: 'reject', reason: 'no valid answer was given' } };
    }
    if (chosen.length === request.hunks.length) return { decision: { type: 'approve' } };
    const why = await reason(
      chosen.length
        ? 'Why were the other hunks rejected? (optional, tell the model) > '
        : 'Why reject it? (optional, tell the model) > ',
    );
    if (chosen.length === 0)
      return { decision: { type: 'reject', ...(why ? { reason: why } : {}) } };
    return {
      decision: { type: 'approve_hunks', hunkIds: chosen, ...(why ? { reason: why } : {}) },
    };
  }

  async function askOne(request: ApprovalRequest): Promise<TerminalAnswer> {
    if (!reader)
      return { decision: { type: 'reject', reason: NO_TERMINAL_REASON }, decidedBy: 'mode' };
    out(
      `\n${c.bold(`${request.isNewFile ? 'New file' : 'Change to'} ${outsideLine(request.path)}`)} ${c.dim(`(${request.reason})`)}\n`,
    );
    if (request.description) out(`${visibleUntrusted(request.description)}\n`);
    if (request.coarseDiff)
      out(
        c.dim(
          '(The diff was too large to compute line by line within the time bound; it is shown as one replaced block.)\n',
        ),
      );
    out(`${renderDiffLines(request.unifiedDiff.replace(/\n$/u, '').split('\n'), color)}\n`);
    if (request.evidence) out(renderEvidence(request.evidence, color));
    const always = request.protectedPath ? '' : ' / [a]lways allow';
    for (let tries = 0; tries < MAX_TRIES; tries += 1) {
      const answer = await prompt(`Apply? [y]es / [n]o / [e]dit / [h]unk by hunk${always} > `);
      if (answer === null) return closedAnswer;
      switch (answer.toLowerCase()) {
        case 'y':
        case 'yes':
          return { decision: { type: 'approve' } };
        case 'n':
        case 'no': {
          const why = await reason('Why? (optional, tell the model) > ');
          return { decision: { type: 'reject', ...(why ? { reason: why } : {}) } };
        }
        case 'e':
        case 'edit': {
          try {
            reader.detach();
            const content = await editText(request.after, request.path);
            return {
              decision: content === request.after ? { type: 'approve' } : { type: 'edit', content },
            };
          } catch (error) {
            out(
              `The editor failed: ${outsideLine(error instanceof Error ? error.message : String(error))}\n`,
            );
            continue;
          }
        }
        case 'h':
          return hunkByHunk(request);
        case 'a':
          if (!request.protectedPath) {
            const glob = await prompt(`Always allow edits to (path or glob) [${request.path}] > `);
            if (glob === null) return closedAnswer;
            return { decision: { type: 'approve' }, alwaysAllowGlob: glob || request.path };
          }
          break;
        default:
          break;
      }
      out(`Please answer y, n, e, h${always ? ' or a' : ''}.\n`);
    }
    return { decision: { type: 'reject', reason: 'no valid answer was given' } };
  }

  const closedCommand: TerminalCommandAnswer = {
    decision: { type: 'reject', reason: 'no answer: the terminal input was closed' },
  };

  async function askCommandOne(request: CommandApprovalRequest): Promise<TerminalCommandAnswer> {
    if (!reader)
      return {
        decision: { type: 'reject', reason: NO_TERMINAL_COMMAND_REASON },
        decidedBy: 'mode',
      };
    out(`\n${c.bold('Run a command')} ${c.dim(`(${request.reason})`)}\n`);
    if (request.description) out(`${visibleUntrusted(request.description)}\n`);
    out(`  ${c.cyan('$')} ${visibleUntrusted(request.command)}\n`);
    const sandbox = request.sandboxed
      ? `sandboxed${request.sandboxName ? ` (${request.sandboxName})` : ''}: ${request.sandboxDetail} · `
      : '';
    out(
      c.dim(
        `  in ${outsideLine(request.cwd || '.')} · ${sandbox}${describeRequestNetwork(request)} · timeout ${request.timeoutSeconds} s\n`,
      ),
    );
    // Said once: not sandboxed, why, and what that means.
    if (!request.sandboxed)
      out(
        `  ${c.red('NOT SANDBOXED')} (${request.sandboxDetail}): it runs with your full rights, files and network.\n`,
      );
    for (const write of request.proposedWrites ?? []) out(describeCommandWrite(write, color));
    const prefixes = request.suggestedPrefixes
      .map((p) => `"${outsideLine(p.join(' '))}"`)
      .join(', ');
    const always = prefixes ? ` / [a]lways allow ${prefixes}` : '';
    // Inside the sandbox the person may set this run's network ("w"); outside it cannot be limited.
    const networkKey = request.sandboxed ? ' / [w] network for this run' : '';
    let grant: NetworkGrant | undefined;
    const withGrant = (): { network?: NetworkGrant } => (grant ? { network: grant } : {});
    for (let tries = 0; tries < MAX_TRIES; tries += 1) {
      const chosen = grant ? ` (${describeGrant(grant)} for this run)` : '';
      const answer = await prompt(
        `Run it${chosen}? [y]es once${always} / [e]dit${networkKey} / [n]o > `,
      );
      if (answer === null) return closedCommand;
      switch (answer.toLowerCase()) {
        case 'y':
        case 'yes':
          return { decision: { type: 'run_once', ...withGrant() } };
        case 'a':
          if (prefixes) return { decision: { type: 'always_allow', ...withGrant() } };
          break;
        case 'w':
          if (request.sandboxed) {
            const picked = await askNetworkGrant(prompt);
            if (picked === null) return closedCommand;
            if (picked) {
              grant = picked;
              continue;
            }
            out('Please answer o, h (then the hosts) or f.\n');
            continue;
          }
          break;
        case 'e':
        case 'edit': {
          const command = await prompt('Command to run instead > ');
          if (command === null) return closedCommand;
          if (command) return { decision: { type: 'edit', command, ...withGrant() } };
          break;
        }
        case 'n':
        case 'no': {
          const why = await reason('Why? (optional, tell the model) > ');
          return { decision: { type: 'reject', ...(why ? { reason: why } : {}) } };
        }
        default:
          break;
      }
      out(`Please answer y, e, n${always ? ', a' : ''}${networkKey ? ' or w' : ''}.\n`);
    }
    return { decision: { type: 'reject', reason: 'no valid answer was given' } };
  }

  // One prompt at a time: the proposals, commands and MCP calls of a turn are asked in order,
  // and stdin is let go once none is waiting.
  const serial = <T>(run: () => Promise<T>): Promise<T> => {
    queued += 1;
    const next = chain.then(afterPendingSteps).then(run);
    chain = next
      .catch(() => undefined)
      .finally(() => {
        queued -= 1;
        if (queued === 0) reader?.detach();
      });
    return next;
  };

  const askToolCallOne = (request: ToolCallApprovalRequest): Promise<TerminalToolCallAnswer> =>
    reader
      ? askMcpCallOnTerminal(request, { prompt, out, color })
      : Promise.resolve({
          decision: { type: 'reject', reason: NO_TERMINAL_MCP_REASON },
          decidedBy: 'mode',
        });

  return {
    askCommand: (request) => serial(() => askCommandOne(request)),
    askToolCall: (request) => serial(() => askToolCallOne(request)),
    ask: (request) => serial(() => askOne(request)),
    close() {
      reader?.detach();
    },
  };
}

/** Opens the text in $VISUAL / $EDITOR (default vi) and returns what was saved. */
export async function editInEditor(
  initial: string,
  fileName: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<string> {
  const editor = (env.VISUAL || env.EDITOR || 'vi').trim();
  const [command, ...args] = editor.split(/\s+/u);
  if (!command) throw new Error('no editor is set: set $EDITOR');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sluice-edit-'));
  const file = path.join(dir, path.basename(fileName) || 'proposal.txt');
  try {
    await writeFile(file, initial, { mode: 0o600 });
    await new Promise<void>((resolve, reject) => {
      const child = spawn(command, [...args, file], {
        stdio: childStdio(['inherit', 'inherit', 'inherit']),
      });
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`${command} exited with code ${code ?? 'null'}`)),
      );
    });
    return await readFile(file, 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
