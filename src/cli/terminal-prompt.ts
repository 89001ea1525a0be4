// What every approval prompt on a terminal shares: a question and its answer line, text said
// while a question waits (the question is asked again under it, never buried), reasons, and
// the person's editor. One kit per approver; prompts run one at a time.
import type { ProposalEvidence } from '../shared/diagnostics';
import type { ApprovalRequest, Decision } from '../shared/approvals';
import type { LineReader } from './line-reader';
import { paint } from './diff-lines';

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
  /** Says `text`; a question waiting is asked again under it. */
  interject(text: string): void;
  /** An optional reason; undefined when the person gives none. */
  reason(question: string): Promise<string | undefined>;
  editText(initial: string, fileName: string): Promise<string>;
  readonly checkDecision?: CheckDecision | undefined;
}

export interface PromptKitOptions {
  readonly reader: LineReader;
  readonly color: boolean;
  readonly output: { write(text: string): unknown };
  readonly editText: (initial: string, fileName: string) => Promise<string>;
  readonly checkDecision?: CheckDecision | undefined;
}

export function createPromptKit(options: PromptKitOptions): PromptKit {
  const out = (text: string): void => void options.output.write(text);
  let waiting: string | null = null;
  const prompt = async (question: string): Promise<string | null> => {
    out(question);
    waiting = question;
    try {
      const line = await options.reader.next();
      return line === null ? null : line.trim();
    } finally {
      waiting = null;
    }
  };
  return {
    reader: options.reader,
    color: options.color,
    c: paint(options.color),
    out,
    prompt,
    interject(text) {
      out(`\n${text}`);
      if (waiting !== null) out(waiting);
    },
    async reason(question) {
      const text = await prompt(question);
      return text ? text : undefined;
    },
    editText: options.editText,
    checkDecision: options.checkDecision,
  };
}

export const MAX_TRIES = 5;

export const CLOSED_REASON = 'no answer: the terminal input was closed';
