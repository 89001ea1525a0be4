// One way to declare a `sluice` verb's arguments: node:util parseArgs (strict), a positional
// count, and a run that receives typed values. Any parse or count failure is a UsageError,
// which main() prints with the verb's usage and maps to exit 2.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError, type CliIo, type ExitCode, type Verb } from './cli-io';
import { oneLine } from './one-line-text';

/** parseArgs' option table: `{ name: { type: 'string' | 'boolean', default?, short?, multiple? } }`. */
export type VerbOptions = NonNullable<ParseArgsConfig['options']>;

export type VerbValues<O extends VerbOptions> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; strict: true; allowPositionals: true }>
>['values'];

export interface PositionalRule {
  readonly min: number;
  readonly max: number;
  /** The usage error when the count is wrong or one of them is blank. */
  readonly message: string;
}

export interface VerbSpec<O extends VerbOptions> {
  readonly options: O;
  /** Positional arguments allowed; none when omitted. */
  readonly positionals?: PositionalRule;
  run(input: { values: VerbValues<O>; positionals: string[]; io: CliIo }): Promise<ExitCode>;
}

/** Parses a verb's arguments; a failure is a UsageError (exit 2). */
export function parseVerbArgs<O extends VerbOptions>(
  options: O,
  args: string[],
  rule?: PositionalRule,
): { values: VerbValues<O>; positionals: string[] } {
  let parsed: { values: VerbValues<O>; positionals: string[] };
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: rule !== undefined });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
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
    async run(args, io) {
      const { values, positionals } = parseVerbArgs(spec.options, args, spec.positionals);
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
    if (value !== undefined && !form.options.includes(option))
      throw new UsageError(`--${option} does not go with "${form.name}".`);
  if (form.most !== undefined && form.words.length > form.most)
    throw new UsageError(`unexpected argument "${oneLine(form.words[form.most] ?? '')}".`);
}
