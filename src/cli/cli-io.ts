// The CLI's view of the outside world, injected so commands are tested without a process.
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
