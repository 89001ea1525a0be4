// One way to declare a `sluice` verb: its option table (what parseArgs parses AND what
// `--help` and the usage lines print, so the two cannot drift), its forms when it has several
// (`sluice rules add command`), a positional count, and a run that receives typed values.
// Any parse or count failure is a UsageError, which main() prints with the verb's usage line
// and maps to exit 2. Adding a flag is one entry in the verb's table: parser, usage and help
// follow from it.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError, type CliIo, type ExitCode, type Verb } from './cli-io';
import { oneLine } from './one-line-text';
import { describeVerb, type VerbForm, type VerbTable } from './verb-help';

export type { VerbForm, VerbTable };

type ParseArgsOption = NonNullable<ParseArgsConfig['options']>[string];

/** One flag: what parseArgs needs, plus what `--help` says of it. */
export type VerbOption = ParseArgsOption & {
  /** What the flag does, one short line. */
  readonly help: string;
  /** A string flag's value as usage shows it: DIR, N, SECONDS. */
  readonly value?: string;
  /** The default in words, when parseArgs' `default` does not say it ("the project's setting"). */
  readonly defaultText?: string;
  /** The value may be left out; the next word is it only when it matches (resolveOptionalValues). */
  readonly optionalValue?: RegExp;
};

/** A verb's option table: `{ name: { type, help, value?, default?, defaultText?, multiple? } }`. */
export type VerbOptions = Readonly<Record<string, VerbOption>>;

export type VerbValues<O extends VerbOptions> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; strict: true; allowPositionals: true }>
>['values'];

export interface PositionalRule {
  readonly min: number;
  readonly max: number;
  /** The usage error when the count is wrong or one of them is blank. */
  readonly message: string;
}

export interface VerbSpec<O extends VerbOptions> extends VerbTable<O> {
  /** Positional arguments allowed; none when omitted. */
  readonly positionals?: PositionalRule;
  run(input: { values: VerbValues<O>; positionals: string[]; io: CliIo }): Promise<ExitCode>;
}

/** The --project flag every project verb takes; its default is found by project-context.ts. */
export const PROJECT_OPTION = {
  type: 'string',
  value: 'DIR',
  help: 'the project folder',
  defaultText: "the enclosing git repository's root, else the current folder",
} as const satisfies VerbOption;

/** --json: one JSON value a line on stdout instead of text. */
export const JSON_OPTION = {
  type: 'boolean',
  default: false,
  help: 'print JSON lines on stdout instead of text',
} as const satisfies VerbOption;

/** --kind: one of a fixed list of kinds, which `--help` lists after what the flag keeps. */
export function kindOption(kinds: readonly string[], keeps: string, defaultText: string) {
  return {
    type: 'string',
    value: 'KIND',
    help: `${keeps}: ${kinds.join(', ')}`,
    defaultText,
  } as const satisfies VerbOption;
}

/** The table as parseArgs takes it: the help fields left out. */
function parserOptions(options: VerbOptions): NonNullable<ParseArgsConfig['options']> {
  const out: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, o] of Object.entries(options))
    out[name] = {
      type: o.type,
      ...(o.multiple !== undefined ? { multiple: o.multiple } : {}),
      ...(o.short !== undefined ? { short: o.short } : {}),
      ...(o.default !== undefined ? { default: o.default } : {}),
    } as ParseArgsOption;
  return out;
}

/** parseArgs' own messages, said the way the rest of the CLI speaks. */
function usageMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string } | null)?.code;
  const flag = /'(-[^']*)'/u.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && flag)
    return `unknown option "${oneLine(flag)}" (a word starting with "-" that is not an option goes after "--").`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    return `unexpected argument "${oneLine(/'([^']*)'/u.exec(message)?.[1] ?? '')}".`;
  return oneLine(message);
}

/** Whether a positional word comes after `from` (a string flag's value skipped; all after `--`). */
function positionalAfter(options: VerbOptions, args: readonly string[], from: number): boolean {
  for (let i = from; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--') return i + 1 < args.length;
    if (arg.startsWith('--')) {
      const o = options[arg.slice(2).split('=')[0] ?? ''];
      if (o?.type === 'string' && !o.optionalValue && !arg.includes('=')) i++;
    } else if (!arg.startsWith('-') || arg === '-') return true;
  }
  return false;
}

/**
 * A flag whose value may be left out, given bare (`--worktree`), takes the next word as its
 * value when that word matches the flag's pattern and is not the prompt: a positional follows
 * it, or the prompt comes from stdin (not a terminal). Otherwise the value is empty. Given as
 * `--flag=VALUE` it is left as it is.
 */
export function resolveOptionalValues(
  options: VerbOptions,
  args: readonly string[],
  stdinIsTerminal: boolean,
): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--') return [...out, ...args.slice(i)];
    const o = arg.startsWith('--') ? options[arg.slice(2)] : undefined;
    if (!o?.optionalValue) {
      out.push(arg);
      continue;
    }
    const next = args[i + 1];
    const isValue =
      next !== undefined &&
      !next.startsWith('-') &&
      o.optionalValue.test(next) &&
      (positionalAfter(options, args, i + 2) || !stdinIsTerminal);
    out.push(`${arg}=${isValue ? next : ''}`);
    if (isValue) i++;
  }
  return out;
}

/** Parses a verb's arguments; a failure is a UsageError (exit 2). */
export function parseVerbArgs<O extends VerbOptions>(
  options: O,
  args: string[],
  rule?: PositionalRule,
): { values: VerbValues<O>; positionals: string[] } {
  let parsed: { values: VerbValues<O>; positionals: string[] };
  try {
    parsed = parseArgs({
      args,
      options: parserOptions(options),
      strict: true,
      allowPositionals: rule !== undefined,
    }) as { values: VerbValues<O>; positionals: string[] };
  } catch (error) {
    throw new UsageError(usageMessage(error));
  }
  const { positionals } = parsed;
  if (
    rule &&
    (positionals.length < rule.min ||
      positionals.length > rule.max ||
      positionals.some((p) => !p.trim()))
  )
    throw new UsageError(rule.message);
  return { values: parsed.values, positionals: positionals.map((p) => p.trim()) };
}

/** A flag's whole number from `min` to `max`; undefined when the flag is absent. */
export function parseWholeFlag(
  raw: string | undefined,
  flag: string,
  min: number,
  max: number,
): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max} (got "${raw}").`);
  return value;
}

export function defineVerb<const O extends VerbOptions>(spec: VerbSpec<O>): Verb {
  return {
    ...describeVerb(spec),
    async run(args, io) {
      const given = resolveOptionalValues(spec.options, args, io.stdin.isTTY === true);
      const { values, positionals } = parseVerbArgs(spec.options, given, spec.positionals);
      return spec.run({ values, positionals, io });
    },
  };
}

/** Any number of positionals, checked by the verb itself (only a blank one is refused here). */
export const ANY_POSITIONALS: PositionalRule = {
  min: 0,
  max: Number.POSITIVE_INFINITY,
  message: 'an argument is blank.',
};

/**
 * A verb of several forms (`sluice rules add command`, `sluice mcp approve NAME`): refuses an
 * option the form does not take, then words past the most it takes (none counted when absent).
 */
export function checkForm(form: {
  /** "rules add command": how the error names the form. */
  readonly name: string;
  readonly values: Readonly<Record<string, unknown>>;
  readonly options: readonly string[];
  readonly words: readonly string[];
  readonly most: number | undefined;
}): void {
  for (const [option, value] of Object.entries(form.values))
    if (value !== undefined && value !== false && !form.options.includes(option))
      throw new UsageError(`--${option} does not go with "${form.name}".`);
  if (form.most !== undefined && form.words.length > form.most)
    throw new UsageError(`unexpected argument "${oneLine(form.words[form.most] ?? '')}".`);
}
