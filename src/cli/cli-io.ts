// The CLI's view of the outside world, injected so commands are tested without a process.
import { jsonLine, terminalSafeIo } from './terminal-safe-text';
export interface CliIo {
  readonly stdout: { write(text: string): unknown; isTTY?: boolean };
  readonly stderr: { write(text: string): unknown; isTTY?: boolean };
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
}

export const ExitCode = { Ok: 0, Failure: 1, Usage: 2 } as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A usage error: the CLI prints it with the verb's usage and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** What main() runs once a verb's module is loaded. */
export interface Verb {
  run(args: string[], io: CliIo): Promise<ExitCode>;
}

export interface VerbInfo {
  readonly name: string;
  /** One or more usage lines, shown by `sluice help` and after a usage error. */
  readonly usage: string;
  readonly summary: string;
}

/** A verb with its code already loaded (the verb table prefers a lazy `load`). */
export interface CliCommand extends VerbInfo, Verb {}

/** The process's streams, both behind the terminal-safe boundary (terminal-safe-text.ts). */
export function processIo(): CliIo {
  return terminalSafeIo({
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
  });
}

/** One `--json` line: exact text, with hidden and reordering characters \u-escaped. */
export function writeJsonLine(io: CliIo, value: unknown): void {
  io.stdout.write(jsonLine(value));
}
