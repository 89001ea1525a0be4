// Composition root of the `sluice` command: picks the verb, loads only that verb's code, and
// maps failures to exit codes (0 done, 1 failure, 2 usage). Contract: never throws; always
// resolves to an exit code. Keep this file's static imports light: they load for every verb.
// `--help`/`-h` and `--version`/`-V` are answered here for every verb (before a `--`), from
// the verb's own option table (its `help()`), so no verb can forget them.
import { verbs, type LazyVerb } from './commands';
import { type CliIo, ExitCode, UsageError, processIo } from './cli-io';
import { oneLine } from './one-line-text';
import { COMMON_FLAGS } from './verb-help';
import { SLUICE_VERSION } from './version';

export { processIo } from './cli-io';

function helpText(): string {
  const width = Math.max(...verbs.map((v) => v.name.length));
  const lines = [
    'Usage: sluice VERB [options]   (sluice VERB --help: that verb’s forms and every flag)',
    '',
    'Verbs:',
    ...verbs.map((v) => `  ${v.name.padEnd(width)}  ${v.summary}`),
    '',
    'Options:',
    ...COMMON_FLAGS.map(([flag, text]) => `  ${flag.padEnd(13)}  ${text}`),
    '',
    "--project defaults to the enclosing git repository's root, else the current folder.",
    'Environment: ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL, SLUICE_HOME.',
  ];
  return `${lines.join('\n')}\n`;
}

/** True when one of `flags` comes before any `--` (after it, every word is an argument). */
function asks(args: readonly string[], flags: readonly string[]): boolean {
  for (const arg of args) {
    if (arg === '--') return false;
    if (flags.includes(arg)) return true;
  }
  return false;
}

const HELP = ['--help', '-h'];
const VERSION = ['--version', '-V'];

export async function main(argv: string[], io: CliIo = processIo()): Promise<ExitCode> {
  // `sluice`, `sluice "PROMPT"`, `sluice -c`: the session, on a terminal (off one, ask).
  if (startsSession(argv, io)) return main(['session', ...argv], io);
  const [first, ...after] = argv;
  const [name, rest] = first === 'help' && after.length ? [after[0], ['--help']] : [first, after];
  if (!name || name === 'help' || HELP.includes(name)) {
    // A bare `sluice` off a terminal is a script that forgot its verb: a usage error.
    if (!name && !io.stdout.isTTY) {
      io.stderr.write(helpText());
      return ExitCode.Usage;
    }
    io.stdout.write(helpText());
    return ExitCode.Ok;
  }
  if (VERSION.includes(name)) {
    io.stdout.write(`sluice ${SLUICE_VERSION}\n`);
    return ExitCode.Ok;
  }
  const entry = verbs.find((c) => c.name === name);
  if (!entry) {
    io.stderr.write(
      `sluice: unknown verb "${oneLine(name)}"; sluice --help lists them. To send it to Claude as a prompt: sluice -- ${oneLine(name)}\n`,
    );
    return ExitCode.Usage;
  }
  if (asks(rest, VERSION)) {
    io.stdout.write(`sluice ${SLUICE_VERSION}\n`);
    return ExitCode.Ok;
  }
  let verb;
  try {
    verb = await loadVerb(entry);
    if (asks(rest, HELP)) {
      io.stdout.write(`${entry.summary}\n\n${verb.help(rest)}`);
      return ExitCode.Ok;
    }
    return await verb.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      const usage = verb?.usage(rest) ?? `sluice ${name} …`;
      io.stderr.write(
        `sluice ${name}: ${error.message}\nUsage: ${usage.split('\n').join('\n       ')}\nRun sluice ${name} --help for every option.\n`,
      );
      return ExitCode.Usage;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`sluice ${name}: ${message}\n`);
    return ExitCode.Failure;
  }
}

const SESSION_FLAGS = ['-c', '--continue', '--resume', '--mode', '--model', '--project', '--'];

/**
 * Whether the arguments open the session rather than name a verb: nothing at all on a
 * terminal, a prompt of several words (one word that is not a verb is more likely a typo,
 * and is refused as one), or one of the session's own flags first.
 */
function startsSession(argv: readonly string[], io: CliIo): boolean {
  const [first] = argv;
  if (first === undefined) return Boolean(io.stdin.isTTY && io.stdout.isTTY);
  if (first === 'help' || verbs.some((v) => v.name === first)) return false;
  if (first.startsWith('-')) return SESSION_FLAGS.includes(first.split('=')[0] ?? '');
  return argv.length > 1 || /\s/u.test(first);
}

function loadVerb(entry: LazyVerb) {
  return entry.load();
}
