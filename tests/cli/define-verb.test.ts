// defineVerb: one parse for every verb; every parse or count failure is a usage error (exit 2).
// The verb table: `--help`/`-h`/`--version` on every registered verb, each checked against the
// option table its parser uses (every flag in the usage line and the help, each with its
// default, and accepted by the parser).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExitCode, UsageError } from '../../src/cli/cli-io';
import {
  ANY_POSITIONALS,
  defineVerb,
  parseVerbArgs,
  resolveOptionalValues,
  type VerbOptions,
} from '../../src/cli/define-verb';
import { verbs } from '../../src/cli/commands';
import type { HelpOption, VerbForm } from '../../src/cli/verb-help';
import { fakeCliIo } from '../support/fake-cli-io';
import { main } from '../../src/cli/main';
import { LIVE_ONLY_OPTIONS } from '../../src/cli/ask-model';

const VERSION = (
  JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as {
    version: string;
  }
).version;

function fakeIo() {
  return fakeCliIo();
}

const echo = defineVerb({
  name: 'echo',
  args: 'WORD [WORD]',
  options: {
    name: { type: 'string', value: 'N', help: 'a name', defaultText: '-' },
    loud: { type: 'boolean', default: false, help: 'shout' },
  },
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
    await expect(echo.run(['a', '--bogus'], fakeIo())).rejects.toThrow('unknown option "--bogus"');
  });

  it('refuses any positional when the verb declares none', async () => {
    const none = defineVerb({ name: 'none', options: {}, run: async () => ExitCode.Ok });
    await expect(none.run(['x'], fakeIo())).rejects.toBeInstanceOf(UsageError);
    expect(await none.run([], fakeIo())).toBe(0);
  });

  it('usage and help - generated from the table, every flag with its default', () => {
    expect(echo.usage([])).toBe('sluice echo WORD [WORD] [--name N] [--loud]');
    const help = echo.help([]);
    expect(help).toMatch(/^ {2}--name N +a name \(default: -\)$/m);
    expect(help).toMatch(/^ {2}--loud +shout \(default: off\)$/m);
    expect(help).toMatch(/^ {2}-h, --help +print this help and exit$/m);
  });
});

/** What a form's line in the usage and the help must show for `name`. */
function flagText(name: string, o: HelpOption): string {
  if (o.type !== 'string') return `--${name}`;
  return `--${name} ${o.optionalValue ? `[${o.value}]` : o.value}`;
}

describe('verb table', () => {
  it('sluice --help, -h and help - one line per verb, no verb module loaded', async () => {
    for (const args of [['--help'], ['-h'], ['help']]) {
      const io = fakeIo();
      expect(await main(args, io)).toBe(0);
      for (const verb of verbs)
        expect(io.out()).toMatch(new RegExp(`^ {2}${verb.name} +${escape(verb.summary)}$`, 'm'));
    }
  });

  it('sluice with no verb - the list on a terminal (exit 0), a usage error without one (exit 2)', async () => {
    const piped = fakeIo();
    expect(await main([], piped)).toBe(2);
    expect(piped.err()).toContain('Verbs:');
    const tty = fakeIo();
    (tty.stdout as { isTTY?: boolean }).isTTY = true;
    expect(await main([], tty)).toBe(0);
    expect(tty.out()).toContain('Verbs:');
  });

  it("sluice --version and -V - package.json's version", async () => {
    for (const flag of ['--version', '-V']) {
      const io = fakeIo();
      expect(await main([flag], io)).toBe(0);
      expect(io.out()).toBe(`sluice ${VERSION}\n`);
    }
  });

  it('every verb answers --help, -h and --version (exit 0), its help from its own table', async () => {
    for (const entry of verbs) {
      const verb = await entry.load();
      const { table } = verb;
      expect(table.name).toBe(entry.name);
      const outputs: string[] = [];
      for (const flag of ['--help', '-h']) {
        const io = fakeIo();
        expect(await main([entry.name, flag], io), `${entry.name} ${flag}`).toBe(0);
        outputs.push(io.out());
      }
      expect(outputs[0]).toBe(outputs[1]);
      const help = outputs[0] ?? '';
      expect(help.startsWith(`${entry.summary}\n\nUsage: sluice ${entry.name}`)).toBe(true);
      for (const [name, option] of Object.entries(table.options)) {
        // Every flag: one line with its value, what it does and its default; and in the usage.
        const line = new RegExp(`^ {2}${escape(flagText(name, option))} +\\S.*\\(default: .+\\)$`);
        expect(
          help.split('\n').filter((l) => line.test(l)),
          `${entry.name} --${name}`,
        ).toHaveLength(1);
        expect(verb.usage([]), `${entry.name} usage`).toContain(`--${name}`);
        // A string flag with no parser default says its default in words.
        if (option.type === 'string' && option.default === undefined)
          expect(option.defaultText, `${entry.name} --${name}`).toBeTruthy();
      }
      const version = fakeIo();
      expect(await main([entry.name, '--version'], version)).toBe(0);
      expect(version.out()).toBe(`sluice ${VERSION}\n`);
    }
  });

  it('a form of a verb answers --help with its own usage and only its flags', async () => {
    for (const entry of verbs) {
      const verb = await entry.load();
      for (const form of (verb.table.forms ?? []) as readonly VerbForm[]) {
        const io = fakeIo();
        const args = [entry.name, ...form.words.split(' '), '--help'];
        expect(await main(args, io), args.join(' ')).toBe(0);
        const usage = io.out().split('\nOptions:')[0] ?? '';
        expect(usage).toContain(`sluice ${entry.name} ${form.words}`);
        const flags = io.out().split('\nOptions:\n')[1] ?? '';
        const shown = [...flags.matchAll(/^ {2}--([a-z-]+)/gm)].map((m) => m[1]);
        const same = (verb.table.forms ?? []).filter((f) => f.words === form.words);
        expect(new Set(shown), args.join(' ')).toEqual(new Set(same.flatMap((f) => f.options)));
      }
    }
  });

  it('every flag the help shows - accepted by the parser of its verb and form', async () => {
    for (const entry of verbs) {
      const verb = await entry.load();
      const forms = verb.table.forms ?? [{ words: '', options: Object.keys(verb.table.options) }];
      for (const form of forms)
        for (const name of form.options) {
          const option = verb.table.options[name] as HelpOption;
          const flag = option.type === 'string' ? [`--${name}`, 'x'] : [`--${name}`];
          // ask's flags are parsed by propose mode, but for those of a live turn only.
          const mode =
            name !== 'mode' && entry.name === 'ask' && !(name in LIVE_ONLY_OPTIONS)
              ? ['--mode', 'propose']
              : [];
          const words = form.words ? form.words.split(' ') : [];
          const io = fakeIo();
          const args = [entry.name, ...words, ...mode, ...flag, '--zz-unknown'];
          expect(await main(args, io), args.join(' ')).toBe(2);
          // parseArgs stops at the first unknown option: it got past the documented one.
          expect(io.err(), args.join(' ')).toContain('unknown option "--zz-unknown"');
          expect(io.err()).toContain(`Usage: sluice ${entry.name}`);
          expect(io.err()).toContain(`Run sluice ${entry.name} --help for every option.`);
        }
    }
  });

  it('every flag that takes a value - takes it as --flag VALUE and as --flag=VALUE alike', async () => {
    for (const entry of verbs) {
      const verb = await entry.load();
      const options = verb.table.options as VerbOptions;
      for (const [name, option] of Object.entries(options)) {
        if (option.type !== 'string') continue;
        const parse = (args: string[]) =>
          parseVerbArgs(options, resolveOptionalValues(options, args, true), ANY_POSITIONALS);
        const spaced = parse([`--${name}`, 'v1', 'the prompt']);
        const joined = parse([`--${name}=v1`, 'the prompt']);
        const label = `${entry.name} --${name}`;
        expect(spaced.values[name], label).toEqual(option.multiple ? ['v1'] : 'v1');
        expect(joined.values, label).toEqual(spaced.values);
        expect(spaced.positionals, label).toEqual(['the prompt']);
      }
    }
  });

  it("README's CLI section - holds every verb's generated usage lines", async () => {
    const readme = readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');
    for (const entry of verbs)
      for (const line of (await entry.load()).usage([]).split('\n'))
        expect(readme, line).toContain(`\n${line}\n`);
  });

  it('a flag after "--" is an argument, not a request for help', async () => {
    const io = fakeIo();
    // The tool named "--help" does not exist: a usage error, before any project is opened.
    expect(await main(['tool', '--', '--help'], io)).toBe(2);
    expect(io.err()).toContain('unknown tool "--help"');
    expect(io.out()).toBe('');
  });

  it("sluice help VERB - the verb's help; an unknown verb - exit 2", async () => {
    const io = fakeIo();
    expect(await main(['help', 'def'], io)).toBe(0);
    expect(io.out()).toContain('Usage: sluice def SYMBOL');
    const unknown = fakeIo();
    expect(await main(['nope'], unknown)).toBe(2);
    expect(unknown.err()).toContain('unknown verb "nope"');
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('resolveOptionalValues - a flag whose value may be left out', () => {
  const options: VerbOptions = {
    worktree: { type: 'string', value: 'NAME', optionalValue: /^[a-z0-9-]+$/u, help: 'w' },
    model: { type: 'string', value: 'M', help: 'm' },
    json: { type: 'boolean', help: 'j' },
  };
  const resolve = (args: string[], terminal = true) =>
    parseVerbArgs(options, resolveOptionalValues(options, args, terminal), ANY_POSITIONALS);

  it('the next word is the value when it is a name and a prompt follows', () => {
    expect(resolve(['--worktree', 'currency', 'Add a currency param'])).toEqual({
      values: { worktree: 'currency' },
      positionals: ['Add a currency param'],
    });
    expect(resolve(['--worktree', 'currency', '--json', 'Add it'])).toMatchObject({
      values: { worktree: 'currency', json: true },
      positionals: ['Add it'],
    });
    expect(resolve(['--worktree', 'w', '--', '--weird prompt']).values.worktree).toBe('w');
  });

  it('the next word is the prompt when it is not a name, or nothing follows it on a terminal', () => {
    expect(resolve(['--worktree', 'Add a currency param'])).toEqual({
      values: { worktree: '' },
      positionals: ['Add a currency param'],
    });
    expect(resolve(['--worktree', 'fix'])).toEqual({
      values: { worktree: '' },
      positionals: ['fix'],
    });
    expect(resolve(['--worktree', '--model', 'm1', 'go'])).toMatchObject({
      values: { worktree: '', model: 'm1' },
      positionals: ['go'],
    });
    // A string flag's value is not a prompt.
    expect(resolve(['--worktree', 'fix', '--model', 'm1'])).toMatchObject({
      values: { worktree: '' },
      positionals: ['fix'],
    });
  });

  it('with the prompt on stdin - the single word is the name', () => {
    expect(resolve(['--worktree', 'currency'], false)).toEqual({
      values: { worktree: 'currency' },
      positionals: [],
    });
  });

  it('--flag=VALUE and --flag= - left as given', () => {
    expect(resolve(['--worktree=x', 'y z']).values.worktree).toBe('x');
    expect(resolve(['--worktree=', 'fix', 'more']).values.worktree).toBe('');
  });
});
