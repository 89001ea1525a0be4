// The CLI's view of the outside world, injected so commands are tested without a process.
import type { VerbDescription } from './verb-help';

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

export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
  };
}

export function writeJsonLine(io: CliIo, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value)}\n`);
}
