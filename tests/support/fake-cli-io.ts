// A CliIo that records what a verb writes, for tests that run verbs through main(): no
// terminal, empty stdin, and the environment and working folder the test names.
import os from 'node:os';
import { Readable } from 'node:stream';
import type { CliIo } from '../../src/cli/cli-io';

export interface RecordingCliIo extends CliIo {
  out(): string;
  err(): string;
  /** stdout as JSON lines (for `--json` output). */
  lines(): unknown[];
}

export function fakeCliIo(options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): RecordingCliIo {
  let out = '';
  let err = '';
  return {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    stdin: Readable.from([]),
    env: options.env ?? {},
    cwd: options.cwd ?? '/',
    out: () => out,
    err: () => err,
    lines: () =>
      out
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as unknown),
  };
}

/** The CLI suites' shape of it: the io, and what it has printed so far on each stream. */
export function cliRun(env: NodeJS.ProcessEnv, cwd = os.tmpdir()) {
  const io = fakeCliIo({ env, cwd });
  return { io, stdout: io.out, stderr: io.err };
}
