// Single key presses from a terminal, for questions answered by one key. The terminal is in raw
// mode only while a key is awaited, and is put back as it was when the key arrives, when the
// input fails or ends, when the wait is let go, and if the process exits or is signalled
// (SIGINT, SIGTERM, SIGHUP) meanwhile: a person is never left with a terminal that does not
// echo. In raw mode Ctrl+C is a byte, not a signal; what it means is the caller's to say.

/** A terminal input that may be put in raw mode (a tty.ReadStream, or a test's fake). */
export type KeyInput = NodeJS.ReadableStream & {
  readonly isTTY?: boolean;
  readonly isRaw?: boolean;
  setRawMode?(mode: boolean): unknown;
};

export type KeyPress =
  /** One printable character as typed (a following Enter is taken as part of it). */
  | { readonly kind: 'key'; readonly key: string }
  | { readonly kind: 'enter' }
  /** Ctrl+C. */
  | { readonly kind: 'interrupt' }
  /** Ctrl+D, or the input ended. */
  | { readonly kind: 'end' }
  /** Several characters and Enter in one piece: a word typed ahead, or sent by a script. */
  | { readonly kind: 'line'; readonly text: string }
  /** Anything else: an arrow or function key, another control key, several keys at once. */
  | { readonly kind: 'other' };

/** The process, as far as the raw-mode guard uses it (injected by tests). */
export interface SignalHost {
  readonly pid: number;
  /** `event`: 'exit' or a signal's name. */
  on(event: string, listener: (signal: NodeJS.Signals) => void): unknown;
  off(event: string, listener: (signal: NodeJS.Signals) => void): unknown;
  listenerCount(event: string): number;
  kill(pid: number, signal: NodeJS.Signals): unknown;
}

/** The terminal refused raw mode: questions are answered a line at a time instead. */
export class RawModeError extends Error {
  override readonly name = 'RawModeError';
}

const GUARDED_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** A key reader when `input` is a terminal that can be put in raw mode; else undefined. */
export function keyReaderFor(input: KeyInput): KeyReader | undefined {
  return input.isTTY === true && typeof input.setRawMode === 'function'
    ? new KeyReader(input)
    : undefined;
}

/** What one chunk of raw input was; a chunk is one key unless keys came faster than read. */
export function decodeKey(chunk: string | Buffer): KeyPress {
  const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
  if (text.includes('\u0003')) return { kind: 'interrupt' };
  if (text.startsWith('\u0004')) return { kind: 'end' };
  if (/^(?:\r\n?|\n)$/u.test(text)) return { kind: 'enter' };
  const typed = text.replace(/(?:\r\n?|\n)$/u, '');
  // eslint-disable-next-line no-control-regex
  if (typed === '' || /[\u0000-\u001f\u007f-\u009f]/u.test(typed)) return { kind: 'other' };
  const chars = Array.from(typed);
  if (chars.length === 1) return { kind: 'key', key: typed };
  return typed === text ? { kind: 'other' } : { kind: 'line', text: typed };
}

/**
 * Reads one key press at a time. Contract: `next()` resolves with the key (or rejects when raw
 * mode cannot be set or the input fails); between calls the terminal is as it was before and
 * the input is paused, so an editor can own the terminal and the process can exit.
 */
export class KeyReader {
  private stop: (() => void) | null = null;
  private ended = false;

  constructor(
    private readonly input: KeyInput,
    private readonly host: SignalHost = process,
  ) {}

  next(): Promise<KeyPress> {
    if (this.ended) return Promise.resolve({ kind: 'end' });
    this.release();
    const { input, host } = this;
    return new Promise<KeyPress>((resolve, reject) => {
      const wasRaw = input.isRaw === true;
      const restore = (): void => {
        if (wasRaw) return;
        try {
          input.setRawMode?.(false);
        } catch {
          // The terminal is gone: there is nothing left to restore.
        }
      };
      const finish = (): void => {
        input.off('data', onData);
        input.off('end', onEnd);
        input.off('error', onError);
        host.off('exit', restore);
        for (const signal of GUARDED_SIGNALS) host.off(signal, onSignal);
        input.pause();
        restore();
        if (this.stop === finish) this.stop = null;
      };
      const onData = (chunk: string | Buffer): void => {
        finish();
        const press = decodeKey(chunk);
        if (press.kind === 'end') this.ended = true;
        resolve(press);
      };
      const onEnd = (): void => {
        finish();
        this.ended = true;
        resolve({ kind: 'end' });
      };
      const onError = (error: unknown): void => {
        finish();
        reject(error instanceof Error ? error : new Error(String(error)));
      };
      // A signal that arrives while raw: the terminal is put back first; with no other
      // listener the signal is raised again, so it does what it would have done.
      const onSignal = (signal: NodeJS.Signals): void => {
        finish();
        if (host.listenerCount(signal) === 0) host.kill(host.pid, signal);
      };
      try {
        input.setRawMode?.(true);
      } catch (error) {
        reject(new RawModeError(error instanceof Error ? error.message : String(error)));
        return;
      }
      this.stop = finish;
      input.on('data', onData);
      input.on('end', onEnd);
      input.on('error', onError);
      host.on('exit', restore);
      for (const signal of GUARDED_SIGNALS) host.on(signal, onSignal);
      input.resume();
    });
  }

  /** Stops waiting (the pending key is never answered) and puts the terminal back. */
  release(): void {
    this.stop?.();
  }
}
