// defineVerb: one parse for every verb; every parse or count failure is a usage error (exit 2).
import { describe, expect, it } from 'vitest';
import { ExitCode, UsageError } from '../../src/cli/cli-io';
import { defineVerb } from '../../src/cli/define-verb';
import { verbs } from '../../src/cli/commands';
import { fakeCliIo } from '../support/fake-cli-io';
import { main } from '../../src/cli/main';

function fakeIo() {
  return fakeCliIo();
}

const echo = defineVerb({
  options: { name: { type: 'string' }, loud: { type: 'boolean', default: false } },
  positionals: { min: 1, max: 2, message: 'give one or two WORDs.' },
  async run({ values, positionals, io }) {
    io.stdout.write(`${values.loud ? 'LOUD ' : ''}${values.name ?? '-'} ${positionals.join('|')}`);
    return ExitCode.Ok;
  },
});

describe('defineVerb', () => {
  it('passes typed values and trimmed positionals to run', async () => {
    const io = fakeIo();
    expect(await echo.run(['--name', 'x', ' a ', 'b', '--loud'], io)).toBe(0);
    expect(io.out()).toBe('LOUD x a|b');
  });

  it('unknown flags, a missing value, and a wrong or blank positional count - UsageError', async () => {
    for (const args of [['a', '--bogus'], ['a', '--name'], [], ['a', 'b', 'c'], ['  ']]) {
      await expect(echo.run(args, fakeIo())).rejects.toBeInstanceOf(UsageError);
    }
    await expect(echo.run([], fakeIo())).rejects.toThrow('give one or two WORDs.');
  });

  it('refuses any positional when the verb declares none', async () => {
    const none = defineVerb({ options: {}, run: async () => ExitCode.Ok });
    await expect(none.run(['x'], fakeIo())).rejects.toBeInstanceOf(UsageError);
    expect(await none.run([], fakeIo())).toBe(0);
  });
});

describe('verb table', () => {
  it('help lists every verb without loading any verb module', async () => {
    const io = fakeIo();
    expect(await main(['--help'], io)).toBe(0);
    // A usage of several lines (sluice mcp) is printed line by line, each indented.
    for (const verb of verbs)
      for (const line of verb.usage.split('\n')) expect(io.out()).toContain(`  ${line}`);
  });

  it('every lazy entry loads a runnable verb - and a usage error exits 2 with its usage', async () => {
    for (const verb of verbs) {
      if (!('load' in verb)) continue;
      expect(typeof (await verb.load()).run).toBe('function');
      const io = fakeIo();
      expect(await main([verb.name, '--no-such-flag'], io)).toBe(2);
      expect(io.err()).toContain(`Usage: ${verb.usage}`);
    }
  });
});
