// The CLI's view of the outside world, injected so commands are tested without a process.
import type { BackgroundIndexRequest, BackgroundIndexStart } from './background-index';
import { jsonLine, terminalSafeIo, type TerminalStream } from './terminal-safe-text';
import type { VerbDescription } from './verb-help';

export interface CliIo {
  readonly stdout: TerminalStream;
  readonly stderr: TerminalStream;
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /**
   * Starts the detached indexer after a quick answer (background-index.ts). Absent (an
   * embedding, most tests): the verb finishes the index itself before it returns.
   */
  readonly startBackgroundIndex?: (
    request: BackgroundIndexRequest,
  ) => Promise<BackgroundIndexStart>;
  /**
   * Told by a verb whose work is done but for what it started detached (the background index
   * after a quick answer): the process may end as soon as its output is out (bin/sluice.js).
   */
  readonly mayEndPromptly?: () => void;
}

/** The process's io: it also tells bin/sluice.js whether the verb let it end promptly. */
export interface ProcessIo extends CliIo {
  readonly endsPromptly: () => boolean;
}

export const ExitCode = { Ok: 0, Failure: 1, Usage: 2 } as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A usage error: the CLI prints it with the verb's usage and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** What main() runs once a verb's module is loaded; usage and help come from its option table. */
export interface Verb extends VerbDescription {
  run(args: string[], io: CliIo): Promise<ExitCode>;
}

/** What `sluice --help` shows of a verb without loading it. */
export interface VerbInfo {
  readonly name: string;
  /** One line. */
  readonly summary: string;
}

/** The process's streams, both behind the terminal-safe boundary (terminal-safe-text.ts). */
export function processIo(): ProcessIo {
  let promptly = false;
  return terminalSafeIo({
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
    startBackgroundIndex: async (request) =>
      (await import('./background-index')).startBackgroundIndex(request),
    mayEndPromptly: () => {
      promptly = true;
    },
    endsPromptly: () => promptly,
  });
}

/** One `--json` line: exact text, with hidden and reordering characters \u-escaped. */
export function writeJsonLine(io: CliIo, value: unknown): void {
  io.stdout.write(jsonLine(value));
}
