// A yes/no question on the terminal, answered by a line: only "y" or "yes" is yes; anything
// else, or the input ending, is no. The question goes to stderr so `--json` stdout stays clean.
import { createInterface } from 'node:readline';
import type { CliIo } from './cli-io';

/** Whether a person is there to ask: stdin and stderr are both a terminal. */
export function canAskOnTerminal(io: CliIo): boolean {
  return io.stdin.isTTY === true && io.stderr.isTTY === true;
}

export async function askYesNo(io: CliIo, question: string): Promise<boolean> {
  io.stderr.write(question);
  const rl = createInterface({ input: io.stdin, terminal: false });
  const line = await new Promise<string | null>((resolve) => {
    rl.once('line', resolve);
    rl.once('close', () => resolve(null));
  });
  rl.close();
  return /^y(es)?$/iu.test(line?.trim() ?? '');
}
