// What every approval prompt on a terminal shares: a question and its answer (one key on a
// terminal that can be put in raw mode, else a line), text said while a question waits (the
// question is asked again under it, never buried), reasons, and the person's editor. One kit
// per approver; prompts run one at a time. Ctrl+C at a question stops the turn: the question
// ends with PromptInterruptedError, which the approver takes as the change rejected.
import type { ProposalEvidence } from '../shared/diagnostics';
import type { ApprovalRequest, Decision } from '../shared/approvals';
import type { LineReader } from './line-reader';
import { paint } from './diff-lines';
import { RawModeError, type KeyReader, type SignalHost } from './key-reader';
import { chooseKey, type Choice } from './terminal-key-choice';

export type { Choice } from './terminal-key-choice';

/** The evidence of exactly what a decision would write, as far as it got; or why not. */
export type DecisionCheck =
  | { readonly evidence: ProposalEvidence | null; readonly complete: boolean }
  | { readonly refused: string };

/** Checks what a decision on a waiting write would write (the engine's selection checks). */
export type CheckDecision = (
  request: ApprovalRequest,
  decision: Decision,
  wait: 'first' | 'complete',
) => Promise<DecisionCheck>;

export interface PromptKit {
  readonly reader: LineReader;
  readonly color: boolean;
  readonly c: ReturnType<typeof paint>;
  out(text: string): void;
  /**
   * Asks and waits for a line (trimmed); null once the input has ended. Throws
   * PromptInterruptedError when Ctrl+C's signal comes meanwhile and something listens for it.
   */
  prompt(question: string): Promise<string | null>;
  /**
   * Asks a question answered by one of `choices`. On a terminal in raw mode: one key press,
   * echoed as its word, Enter taking `defaultKey` when given; the key is returned. Elsewhere a
   * line, as prompt() reads it (so "yes" answers too). Null once the input has ended.
   * Ctrl+C raises the interrupt, then throws PromptInterruptedError.
   */
  choose(question: string, choices: readonly Choice[], defaultKey?: string): Promise<string | null>;
  /** Says `text`; a question waiting is asked again under it. */
  interject(text: string): void;
  /** An optional reason; undefined when the person gives none. */
  reason(question: string): Promise<string | undefined>;
  /** The person's editor on `initial`; the terminal is let go (cooked) while it runs. */
  editText(initial: string, fileName: string): Promise<string>;
  /** Stops reading the terminal: lines and keys, raw mode off. */
  release(): void;
  readonly checkDecision?: CheckDecision | undefined;
}

export interface PromptKitOptions {
  readonly reader: LineReader;
  /** Single key presses, when the input is a terminal that can be put in raw mode. */
  readonly keys?: KeyReader | undefined;
  /** Ctrl+C at a key question (raw mode makes it a byte): default, SIGINT to this process. */
  readonly interrupt?: () => void;
  /** Where Ctrl+C's signal arrives while a line is awaited (cooked mode); default the process. */
  readonly signals?: InterruptSignals;
  readonly color: boolean;
  readonly output: { write(text: string): unknown };
  readonly editText: (initial: string, fileName: string) => Promise<string>;
  readonly checkDecision?: CheckDecision | undefined;
}

/** The process as far as a line prompt watches it for SIGINT (injected by tests). */
export type InterruptSignals = Pick<SignalHost, 'on' | 'off' | 'listenerCount'>;

/**
 * Ctrl+C at a question: the turn it came from is being stopped (the interrupt's listener does
 * that), so the question has no answer. Contract: the approver answers it as rejected.
 */
export class PromptInterruptedError extends Error {
  override readonly name = 'PromptInterruptedError';

  constructor() {
    super('the question was stopped with Ctrl+C');
  }
}

/** Ctrl+C's signal came before the line. */
const INTERRUPTED = Symbol('interrupted');

/**
 * Ctrl+C as the terminal would have sent it outside raw mode: SIGINT's listeners run now (a
 * signal sent to itself could arrive after the process ran out of work); with none, the
 * signal ends the process as it would have.
 */
function raiseInterrupt(): void {
  if (process.listenerCount('SIGINT') > 0) process.emit('SIGINT', 'SIGINT');
  else process.kill(process.pid, 'SIGINT');
}

export function createPromptKit(options: PromptKitOptions): PromptKit {
  const out = (text: string): void => void options.output.write(text);
  const { reader } = options;
  let keys = options.keys;
  let ended = false;
  let waiting: string | null = null;
  const signals: InterruptSignals = options.signals ?? process;
  const readLine = async (): Promise<string | null> => {
    const line = ended ? null : await reader.next();
    return line === null ? null : line.trim();
  };
  /**
   * A line, or Ctrl+C's signal first. Watched only when something else listens for SIGINT
   * (the turn's stop): with no listener the signal ends the process, as it would have.
   */
  const lineOrInterrupt = async (): Promise<string | null> => {
    if (signals.listenerCount('SIGINT') === 0) return readLine();
    let onSignal = (): void => undefined;
    const interrupted = new Promise<typeof INTERRUPTED>((resolve) => {
      onSignal = () => resolve(INTERRUPTED);
    });
    signals.on('SIGINT', onSignal);
    try {
      const line = await Promise.race([readLine(), interrupted]);
      if (line !== INTERRUPTED) return line;
      // The line asked for is not taken: a later question reads its own.
      reader.cancel();
      out('\n');
      throw new PromptInterruptedError();
    } finally {
      signals.off('SIGINT', onSignal);
    }
  };
  const prompt = async (question: string): Promise<string | null> => {
    out(question);
    waiting = question;
    try {
      return await lineOrInterrupt();
    } finally {
      waiting = null;
    }
  };
  const choose = async (
    question: string,
    choices: readonly Choice[],
    defaultKey?: string,
  ): Promise<string | null> => {
    if (!keys || ended) return prompt(question);
    // The line reader lets go of the input, so the key is read only here.
    reader.detach();
    out(question);
    waiting = question;
    try {
      const answer = await chooseKey(keys, { out, question, choices, defaultKey });
      if (answer.kind === 'key') return answer.key;
      if (answer.kind === 'end') ended = true;
      if (answer.kind !== 'interrupt') return null;
      waiting = null;
      // As at a line prompt: the interrupt's listener stops the turn (with none, the process
      // ends); this question ends unanswered, and its change is rejected.
      (options.interrupt ?? raiseInterrupt)();
      throw new PromptInterruptedError();
    } catch (error) {
      if (!(error instanceof RawModeError)) throw error;
      keys = undefined;
      return lineOrInterrupt();
    } finally {
      waiting = null;
    }
  };
  const release = (): void => {
    reader.detach();
    keys?.release();
  };
  return {
    reader,
    color: options.color,
    c: paint(options.color),
    out,
    prompt,
    choose,
    interject(text) {
      out(`\n${text}`);
      if (waiting !== null) out(waiting);
    },
    async reason(question) {
      const text = await prompt(question);
      return text ? text : undefined;
    },
    editText(initial, fileName) {
      release();
      return options.editText(initial, fileName);
    },
    release,
    checkDecision: options.checkDecision,
  };
}

export const MAX_TRIES = 5;

export const CLOSED_REASON = 'no answer: the terminal input was closed';
