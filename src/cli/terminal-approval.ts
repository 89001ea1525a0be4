// Approvals on a terminal: a proposed write (terminal-write-prompt.ts), a command
// (terminal-command-prompt.ts), an MCP call (terminal-mcp-approval.ts) and a plan
// (terminal-plan-prompt.ts), asked one at a time. Ctrl+C at a question stops the turn: that
// question, and those of the turn already waiting behind it, are rejected without asking.
// Without a terminal nobody can answer, so the proposal is rejected and the model is told why
// (auto-edit mode never gets here for ordinary paths). Streams and the editor are injected,
// so tests drive it with fake streams.
import type { ApprovalRequest, ToolCallApprovalRequest } from '../shared/approvals';
import type { CommandApprovalRequest } from '../shared/command-approvals';
import {
  askMcpCallOnTerminal,
  NO_TERMINAL_MCP_REASON,
  type TerminalToolCallAnswer,
} from './terminal-mcp-approval';
import { keyReaderFor } from './key-reader';
import { LineReader } from './line-reader';
import { editInEditor } from './terminal-editor';
import {
  createPromptKit,
  PromptInterruptedError,
  type CheckDecision,
  type PromptKit,
} from './terminal-prompt';
import { askCommandOnTerminal } from './terminal-command-prompt';
import { askWriteOnTerminal } from './terminal-write-prompt';
import type { PlanRequest } from '../shared/plans';
import {
  askPlanOnTerminal,
  NO_TERMINAL_PLAN_REASON,
  type TerminalPlanAnswer,
} from './terminal-plan-prompt';
import type { TerminalAnswer, TerminalCommandAnswer, WriteAskContext } from './terminal-answers';

export type { TerminalAnswer, TerminalCommandAnswer, WriteAskContext } from './terminal-answers';

export { describeCommandWrite, renderDiffLines } from './diff-lines';
export { editInEditor } from './terminal-editor';

export interface TerminalApprovalOptions {
  readonly input: NodeJS.ReadableStream;
  readonly output: { write(text: string): unknown };
  /** True when a person is at the terminal (stdin and stdout are TTYs). */
  readonly interactive: boolean;
  readonly color?: boolean;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Opens `initial` in an editor and returns the saved text. Default: $VISUAL / $EDITOR. */
  readonly editText?: (initial: string, fileName: string) => Promise<string>;
  /** Checks what a decision other than the proposal would write; absent: said unchecked. */
  readonly checkDecision?: CheckDecision | undefined;
  /** Ctrl+C at a question answered by one key; default: SIGINT to this process. */
  readonly interrupt?: () => void;
}

export interface TerminalApprover {
  ask(request: ApprovalRequest, context?: WriteAskContext): Promise<TerminalAnswer>;
  /** Says `text` (a check that finished); a question waiting is asked again under it. */
  interject?(text: string): void;
  /** run_command's prompt; absent: commands are rejected as if no terminal were there. */
  askCommand?(request: CommandApprovalRequest): Promise<TerminalCommandAnswer>;
  /** An MCP tool call's prompt; absent: MCP calls are rejected as if no terminal were there. */
  askToolCall?(request: ToolCallApprovalRequest): Promise<TerminalToolCallAnswer>;
  /** A plan's prompt (plan mode); absent: plans are rejected as if no terminal were there. */
  askPlan?(request: PlanRequest): Promise<TerminalPlanAnswer>;
  close(): void;
}

export const NO_TERMINAL_COMMAND_REASON =
  'there is no terminal to ask the person, so commands are not run; run on a terminal, or add an allow rule for the command (sluice rules add command --allow WORD…, or Settings)';

export const STOPPED_REASON = 'the person stopped the turn (Ctrl+C) instead of answering';

export const NO_TERMINAL_REASON =
  'there is no terminal to ask the person, so writes are rejected; run on a terminal, or use --mode auto-edit (protected paths still need a person)';

/**
 * Waits one turn of the event loop. The turn's events reach the printer through promise
 * callbacks, so after this the step line of the call being asked about ("→ Calling …") is
 * printed, and the card starts below it instead of the step landing after the question.
 */
function afterPendingSteps(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export function createTerminalApprover(options: TerminalApprovalOptions): TerminalApprover {
  const reader = options.interactive ? new LineReader(options.input) : null;
  const kit: PromptKit | null = reader
    ? createPromptKit({
        reader,
        // On a terminal a choice is one key press; a pipe still answers a line at a time.
        keys: keyReaderFor(options.input),
        ...(options.interrupt ? { interrupt: options.interrupt } : {}),
        color: options.color ?? false,
        output: options.output,
        editText:
          options.editText ??
          ((initial, fileName) => editInEditor(initial, fileName, options.env ?? {})),
        checkDecision: options.checkDecision,
      })
    : null;
  let chain: Promise<unknown> = Promise.resolve();
  let queued = 0;
  // Questions are numbered as they come; Ctrl+C stops every one numbered up to then.
  let asked = 0;
  let stoppedThrough = 0;

  // One prompt at a time: the proposals, commands and MCP calls of a turn are asked in order,
  // and stdin is let go once none is waiting. `stopped` answers a question Ctrl+C stopped.
  const serial = <T>(run: () => Promise<T>, stopped: T): Promise<T> => {
    queued += 1;
    asked += 1;
    const number = asked;
    const next = chain.then(afterPendingSteps).then(async () => {
      if (number <= stoppedThrough) return stopped;
      try {
        return await run();
      } catch (error) {
        if (!(error instanceof PromptInterruptedError)) throw error;
        stoppedThrough = asked;
        return stopped;
      }
    });
    chain = next
      .catch(() => undefined)
      .finally(() => {
        queued -= 1;
        if (queued === 0) kit?.release();
      });
    return next;
  };

  const stopped = { decision: { type: 'reject', reason: STOPPED_REASON } } as const;
  return {
    ask: (request, context = { modelReads: true }) =>
      serial(
        async () =>
          kit
            ? askWriteOnTerminal(request, kit, context)
            : { decision: { type: 'reject', reason: NO_TERMINAL_REASON }, decidedBy: 'mode' },
        stopped,
      ),
    askCommand: (request) =>
      serial(
        async () =>
          kit
            ? askCommandOnTerminal(request, kit)
            : {
                decision: { type: 'reject', reason: NO_TERMINAL_COMMAND_REASON },
                decidedBy: 'mode',
              },
        stopped,
      ),
    askToolCall: (request) =>
      serial(
        async () =>
          kit
            ? askMcpCallOnTerminal(request, kit)
            : { decision: { type: 'reject', reason: NO_TERMINAL_MCP_REASON }, decidedBy: 'mode' },
        stopped,
      ),
    askPlan: (request) =>
      serial(
        async () =>
          kit
            ? askPlanOnTerminal(request, kit)
            : {
                decision: { type: 'reject', feedback: NO_TERMINAL_PLAN_REASON },
                decidedBy: 'mode',
              },
        { decision: { type: 'reject', feedback: STOPPED_REASON } },
      ),
    interject: (text) => (kit ? kit.interject(text) : options.output.write(`\n${text}`)),
    close() {
      kit?.release();
    },
  };
}
