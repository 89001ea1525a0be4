// A real terminal for e2e tests: a command run in a detached tmux session on its own socket,
// keys sent as a person types them (`tmux send-keys`), and the screen read back. After the
// command ends the shell prints its exit code and the terminal's mode (`stty -a`), so a test
// can prove the program left the terminal as it found it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

let sessions = 0;

export interface TmuxTerminal {
  /** The screen and its scrollback, lines joined where tmux wrapped them. */
  screen(): Promise<string>;
  /** Waits until the screen matches, else throws with what it shows. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Text typed as is, one key per character (no Enter unless the text has one). */
  type(text: string): Promise<void>;
  /** tmux key names: 'Enter', 'C-c', 'C-d'. */
  press(...keys: string[]): Promise<void>;
  /** After the command: its exit code and the terminal's flags it left (icanon, echo, isig). */
  finished(timeoutMs?: number): Promise<{ exitCode: number; flags: string[] }>;
  close(): Promise<void>;
}

/** True when tmux can be run here. */
export async function hasTmux(): Promise<boolean> {
  try {
    await run('tmux', ['-V']);
    return true;
  } catch {
    return false;
  }
}

function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** Runs `argv` in a new tmux session with `env` added to the environment, in `cwd`. */
export async function startInTmux(
  argv: readonly string[],
  options: { env: Record<string, string>; cwd: string },
): Promise<TmuxTerminal> {
  sessions += 1;
  const socket = `sluice-e2e-${process.pid}-${sessions}`;
  const tmux = (...args: string[]) =>
    run('tmux', ['-L', socket, ...args], { env: { ...process.env, ...options.env } });
  // The flags after the command are read by the same shell, before anything else touches
  // the terminal; the shell then waits so the screen stays readable.
  const script = [
    `${argv.map(shellQuote).join(' ')}`,
    'echo "EXIT=$?"',
    `echo "STTY: $(stty -a | tr ' ;' '\\n\\n' | grep -xE -- '-?(icanon|echo|isig)' | tr '\\n' ' ')"`,
    'sleep 600',
  ].join('; ');
  await tmux(
    'new-session',
    '-d',
    '-s',
    'main',
    '-x',
    '200',
    '-y',
    '50',
    '-c',
    options.cwd,
    ...Object.entries(options.env).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
    'bash',
    '--norc',
    '--noprofile',
    '-c',
    script,
  );
  // Trailing blanks of each line dropped: "> " at the end of a question reads ">".
  const screen = async () =>
    (await tmux('capture-pane', '-p', '-J', '-S', '-500', '-t', 'main')).stdout.replace(
      / +$/gmu,
      '',
    );
  const waitFor = async (pattern: RegExp, timeoutMs = 60_000): Promise<string> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const shown = await screen();
      if (pattern.test(shown)) return shown;
      if (Date.now() > until)
        throw new Error(`the terminal never showed ${String(pattern)}; it shows:\n${shown}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  return {
    screen,
    waitFor,
    type: async (text) => void (await tmux('send-keys', '-t', 'main', '-l', text)),
    press: async (...keys) => void (await tmux('send-keys', '-t', 'main', ...keys)),
    async finished(timeoutMs) {
      const shown = await waitFor(/STTY: .*$/mu, timeoutMs);
      const exitCode = Number(/EXIT=(\d+)/u.exec(shown)?.[1] ?? 'NaN');
      const flags = (/STTY: (.*)$/mu.exec(shown)?.[1] ?? '').trim().split(/\s+/u);
      return { exitCode, flags };
    },
    async close() {
      await tmux('kill-server').catch(() => undefined);
    },
  };
}
