// What every approval prompt on a terminal shares: a question and its answer (one key on a
// terminal that can be put in raw mode, else a line), text said while a question waits (the
// question is asked again under it, never buried), reasons, and the person's editor. One kit
// per approver; prompts run one at a time.
import type { ProposalEvidence } from '../shared/diagnostics';
import type { ApprovalRequest, Decision } from '../shared/approvals';
import type { LineReader } from './line-reader';
import { paint } from './diff-lines';
import { RawModeError, type KeyReader } from './key-reader';
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
  /** Asks and waits for a line (trimmed); null once the input has ended. */
  prompt(question: string): Promise<string | null>;
  /**
   * Asks a question answered by one of `choices`. On a terminal in raw mode: one key press,
   * echoed as its word, Enter taking `defaultKey` when given; the key is returned. Elsewhere a
   * line, as prompt() reads it (so "yes" answers too). Null once the input has ended.
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
  readonly color: boolean;
  readonly output: { write(text: string): unknown };
  readonly editText: (initial: string, fileName: string) => Promise<string>;
  readonly checkDecision?: CheckDecision | undefined;
}

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
  const readLine = async (): Promise<string | null> => {
    const line = ended ? null : await reader.next();
    return line === null ? null : line.trim();
  };
  const prompt = async (question: string): Promise<string | null> => {
    out(question);
    waiting = question;
    try {
      return await readLine();
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
      (options.interrupt ?? raiseInterrupt)();
      // As at a line prompt: the interrupt's listener decides (the turn is stopped and the
      // change rejected, or the process ends); this question is never answered.
      return await new Promise<never>(() => undefined);
    } catch (error) {
      if (!(error instanceof RawModeError)) throw error;
      keys = undefined;
      return readLine();
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
