// Composition root of the `sluice` command: picks the verb, loads only that verb's code, and
// maps failures to exit codes (0 done, 1 failure, 2 usage). Contract: never throws; always
// resolves to an exit code. Keep this file's static imports light: they load for every verb.
import { verbs, type VerbEntry } from './commands';
import { type CliIo, ExitCode, UsageError, processIo } from './cli-io';

function helpText(): string {
  const lines = ['Usage: sluice <verb> [options]', '', 'Verbs:'];
  for (const verb of verbs) lines.push(`  ${verb.usage.split('\n').join('\n  ')}`);
  lines.push('', 'Environment: ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL, SLUICE_HOME.');
  return `${lines.join('\n')}\n`;
}

async function loadVerb(entry: VerbEntry) {
  return 'load' in entry ? entry.load() : entry;
}

export async function main(argv: string[], io: CliIo = processIo()): Promise<ExitCode> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    io.stdout.write(helpText());
    return name ? ExitCode.Ok : ExitCode.Usage;
  }
  const entry = verbs.find((c) => c.name === name);
  if (!entry) {
    io.stderr.write(`sluice: unknown verb "${name}".\n\n${helpText()}`);
    return ExitCode.Usage;
  }
  try {
    const verb = await loadVerb(entry);
    return await verb.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`sluice ${name}: ${error.message}\nUsage: ${entry.usage}\n`);
      return ExitCode.Usage;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`sluice ${name}: ${message}\n`);
    return ExitCode.Failure;
  }
}
