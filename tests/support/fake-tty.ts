// A terminal for the approval prompts' tests: an input that says it is a TTY, records every
// setRawMode call and knows whether it is raw now, and a person who answers only once a
// question is on the screen (the output ends with "> "), typing one scripted answer each
// time: a key press in raw mode, a line (with its Enter) in cooked mode.
import { PassThrough } from 'node:stream';

export interface FakeTtyInput extends PassThrough {
  readonly isTTY: true;
  readonly isRaw: boolean;
  setRawMode(mode: boolean): FakeTtyInput;
}

export interface FakeTerminal {
  readonly input: FakeTtyInput;
  readonly output: { write(text: string): boolean };
  /** Everything written to the screen. */
  shown(): string;
  /** Every setRawMode call, in order. */
  readonly rawCalls: boolean[];
  /** Whether the terminal was raw when each answer was typed, in order. */
  readonly rawWhenTyped: boolean[];
  /** Answers not typed yet. */
  pending(): number;
}

export interface FakeTerminalOptions {
  /** setRawMode throws (a terminal that refuses raw mode). */
  readonly refuseRaw?: boolean;
}

/**
 * `answers` are typed in order, one per question shown: in raw mode each is sent as typed (a
 * key: "y", "\r", "\u0003"); in cooked mode each is sent with a newline after it.
 */
export function fakeTerminal(answers: string[], options: FakeTerminalOptions = {}): FakeTerminal {
  let raw = false;
  const rawCalls: boolean[] = [];
  const rawWhenTyped: boolean[] = [];
  const input = Object.assign(new PassThrough(), {
    isTTY: true as const,
    setRawMode(mode: boolean) {
      if (options.refuseRaw) throw new Error('setRawMode EIO');
      rawCalls.push(mode);
      raw = mode;
      return input;
    },
  });
  Object.defineProperty(input, 'isRaw', { get: () => raw });
  let shown = '';
  const typeNext = (): void => {
    const answer = answers.shift();
    if (answer === undefined) return;
    rawWhenTyped.push(raw);
    input.write(raw ? answer : `${answer}\n`);
  };
  return {
    input: input as unknown as FakeTtyInput,
    output: {
      write(text: string) {
        shown += text;
        if (text.endsWith('> ')) setImmediate(typeNext);
        return true;
      },
    },
    shown: () => shown,
    rawCalls,
    rawWhenTyped,
    pending: () => answers.length,
  };
}
