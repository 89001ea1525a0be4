// Composition root of the `sluice` command: picks the verb and maps failures to exit codes
// (0 done, 1 failure, 2 usage). Contract: never throws; always resolves to an exit code.
import { commands } from './commands';
import { type CliIo, ExitCode, UsageError, processIo } from './cli-io';

function helpText(): string {
  const lines = ['Usage: sluice <verb> [options]', '', 'Verbs:'];
  for (const command of commands) lines.push(`  ${command.usage.split('\n').join('\n  ')}`);
  lines.push('', 'Environment: ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL, SLUICE_HOME.');
  return `${lines.join('\n')}\n`;
}

export async function main(argv: string[], io: CliIo = processIo()): Promise<ExitCode> {
  const [verb, ...rest] = argv;
  if (!verb || verb === 'help' || verb === '--help' || verb === '-h') {
    io.stdout.write(helpText());
    return verb ? ExitCode.Ok : ExitCode.Usage;
  }
  const command = commands.find((c) => c.name === verb);
  if (!command) {
    io.stderr.write(`sluice: unknown verb "${verb}".\n\n${helpText()}`);
    return ExitCode.Usage;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`sluice ${verb}: ${error.message}\nUsage: ${command.usage}\n`);
      return ExitCode.Usage;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`sluice ${verb}: ${message}\n`);
    return ExitCode.Failure;
  }
}
