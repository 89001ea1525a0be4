// A verb's usage lines and `--help` text, generated from the option table its parser uses
// (define-verb.ts), so a flag the parser takes is always in its usage and help. A verb of
// several forms (`sluice rules add path`, `sluice mcp approve`) lists each form with its own
// flags; `sluice rules add path --help` shows that form alone.

/** What help needs of one option (define-verb.ts' VerbOption is this plus parseArgs' fields). */
export interface HelpOption {
  readonly type: 'string' | 'boolean';
  readonly multiple?: boolean | undefined;
  readonly default?: string | boolean | string[] | boolean[] | undefined;
  readonly help: string;
  readonly value?: string | undefined;
  readonly defaultText?: string | undefined;
  /**
   * The value may be left out (`--worktree [NAME]`): the next word is taken as the value only
   * when it matches this and is not the prompt (define-verb.ts, resolveOptionalValues).
   */
  readonly optionalValue?: RegExp | undefined;
}

/** `--name VALUE`, or `--name [VALUE]` when the value may be left out. */
function flagText(name: string, o: HelpOption): string {
  if (o.type !== 'string') return `--${name}`;
  const value = o.value ?? 'VALUE';
  return `--${name} ${o.optionalValue ? `[${value}]` : value}`;
}

export interface VerbForm<Name extends string = string> {
  /** The words after the verb that pick this form: "add command". */
  readonly words: string;
  /** Its positionals, written before the flags in usage: "NAME", "WORD…". */
  readonly args?: string;
  /** What comes after the flags in usage: "-- COMMAND [ARG…]". */
  readonly tail?: string;
  /** The flags this form takes (the parser refuses the others through checkForm). */
  readonly options: readonly Name[];
  /** Those of them the form needs (shown without brackets; the verb checks them). */
  readonly required?: readonly Name[];
  readonly summary: string;
}

export interface VerbTable<O extends Readonly<Record<string, HelpOption>>> {
  /** The verb as typed: "def". */
  readonly name: string;
  /** A verb without forms: its positionals, before the flags in usage ("SYMBOL"). */
  readonly args?: string;
  /** A verb without forms: the flags it needs (shown without brackets; the verb checks them). */
  readonly required?: readonly (keyof O & string)[];
  readonly options: O;
  readonly forms?: readonly VerbForm<keyof O & string>[];
  /** Lines said after the options (the keys a verb's questions take). */
  readonly notes?: readonly string[];
}

export interface VerbDescription {
  /** The table usage and help come from (the one the verb's parser uses). */
  readonly table: {
    readonly name: string;
    readonly args?: string;
    readonly options: Readonly<Record<string, HelpOption>>;
    readonly forms?: readonly VerbForm[];
    readonly notes?: readonly string[];
  };
  /** The usage line(s) of the form `args` pick, or of every form. */
  usage(args: readonly string[]): string;
  /** The full help: usage, the forms (when none is picked), every flag with its default. */
  help(args: readonly string[]): string;
}

/** The flags main() answers for every verb, listed in each verb's help. */
export const COMMON_FLAGS: readonly (readonly [string, string])[] = [
  ['-h, --help', 'print this help and exit'],
  ['-V, --version', "print Sluice's version and exit"],
];

function flagToken(name: string, o: HelpOption, required: boolean): string {
  const text = flagText(name, o);
  if (required) return o.multiple ? `${text}…` : text;
  return o.multiple ? `[${text}]…` : `[${text}]`;
}

/** "(default: …)" as the table says it: its words, else parseArgs' default, else off/none. */
export function defaultOf(o: HelpOption): string {
  if (o.defaultText !== undefined) return o.defaultText;
  if (o.type === 'boolean') return o.default === true ? 'on' : 'off';
  if (o.default !== undefined)
    return Array.isArray(o.default) ? o.default.join(', ') : String(o.default);
  return 'none';
}

/** The words before any flag (a string flag's value skipped), up to `--`. */
function leadingWords(args: readonly string[], options: Readonly<Record<string, HelpOption>>) {
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--') break;
    if (arg.startsWith('--')) {
      const name = arg.slice(2).split('=')[0] ?? '';
      if (options[name]?.type === 'string' && !arg.includes('=')) i++;
    } else if (!arg.startsWith('-') || arg === '-') words.push(arg);
  }
  return words;
}

export function describeVerb<O extends Readonly<Record<string, HelpOption>>>(
  table: VerbTable<O>,
): VerbDescription {
  const forms: readonly VerbForm<keyof O & string>[] = table.forms ?? [
    {
      words: '',
      options: Object.keys(table.options),
      ...(table.required ? { required: table.required } : {}),
      summary: '',
      args: table.args ?? '',
    },
  ];
  const line = (form: VerbForm<keyof O & string>): string =>
    [
      'sluice',
      table.name,
      form.words,
      form.args ?? '',
      ...form.options.map((name) =>
        flagToken(name, table.options[name] as HelpOption, form.required?.includes(name) ?? false),
      ),
      form.tail ?? '',
    ]
      .filter(Boolean)
      .join(' ');
  /** The forms the words name (the longest match: `add` may have several), or none. */
  const picked = (args: readonly string[]): readonly VerbForm<keyof O & string>[] => {
    if (!table.forms) return forms;
    const words = leadingWords(args, table.options).join(' ');
    const matches = table.forms.filter(
      (f) => f.words && (words === f.words || words.startsWith(`${f.words} `)),
    );
    const longest = Math.max(...matches.map((f) => f.words.length));
    return matches.filter((f) => f.words.length === longest);
  };
  const usage = (args: readonly string[]): string => {
    const chosen = picked(args);
    return (chosen.length ? chosen : forms).map(line).join('\n');
  };
  return {
    table,
    usage,
    help(args) {
      const chosen = picked(args);
      const out = [`Usage: ${usage(args).split('\n').join('\n       ')}`];
      const summaries = [...new Set(chosen.map((f) => f.summary).filter(Boolean))];
      if (summaries.length) out.push('', ...summaries);
      if (!chosen.length) {
        out.push('', 'Forms:');
        const said = new Set<string>();
        for (const f of forms) {
          const text = `  sluice ${table.name}${f.words ? ` ${f.words}` : ''}: ${f.summary}`;
          if (!said.has(text)) out.push(text);
          said.add(text);
        }
      }
      const names = chosen.length
        ? [...new Set(chosen.flatMap((f) => f.options))]
        : Object.keys(table.options);
      const rows: [string, string][] = names.map((name) => {
        const o = table.options[name] as HelpOption;
        const flag = flagText(name, o);
        const repeat = o.multiple ? ' (repeatable)' : '';
        return [flag, `${o.help}${repeat} (default: ${defaultOf(o)})`];
      });
      rows.push(...COMMON_FLAGS.map(([flag, text]) => [flag, text] as [string, string]));
      const width = Math.max(...rows.map(([flag]) => flag.length));
      out.push('', 'Options:', ...rows.map(([flag, text]) => `  ${flag.padEnd(width)}  ${text}`));
      if (table.notes?.length) out.push('', ...table.notes);
      return `${out.join('\n')}\n`;
    },
  };
}
