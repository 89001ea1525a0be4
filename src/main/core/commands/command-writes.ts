// Commands that write the files they are given (issue 22 item 7): `tee FILE`, `dd of=FILE`,
// `sed -i`, `perl -pi`, `truncate`. Like a redirection, a write to a project file that is not
// ignored asks under any rule: it would change the project without the diff review. And the
// new content of a redirection, where it is knowable before running (echo/printf of literals,
// a quoted here-document), so the approval card can show the write as a diff.
import path from 'node:path';

type Words = readonly (string | null)[];

export interface WrittenFiles {
  /** The files it writes, as given (null: only known at run time). */
  readonly targets: readonly (string | null)[];
  /** How, for messages: "tee", "sed -i". */
  readonly via: string;
}

/** Operands of `args`: words not starting with `-`, skipping the values of `valued` options. */
function operands(args: Words, valued: readonly string[]): (string | null)[] {
  const out: (string | null)[] = [];
  let optionsEnded = false;
  for (let i = 0; i < args.length; i += 1) {
    const word = args[i];
    if (word === undefined) continue;
    if (word === null || optionsEnded || !word.startsWith('-') || word === '-') {
      out.push(word);
    } else if (word === '--') {
      optionsEnded = true;
    } else if (valued.includes(word)) {
      i += 1;
    }
  }
  return out;
}

const IN_PLACE_SED = /^(?:-[a-zA-Z]*i|--in-place(?:=|$))/u;
const IN_PLACE_PERL = /^-[a-zA-Z0-9]*i/u;

/** The files `words` (a command after its wrappers) writes by name, or null when none. */
export function writtenFiles(words: Words): WrittenFiles | null {
  const name = words[0];
  if (typeof name !== 'string') return null;
  const base = path.posix.basename(name);
  const args = words.slice(1);
  switch (base) {
    case 'tee':
      return { via: 'tee', targets: operands(args, ['--output-error']) };
    case 'dd': {
      const targets = args
        .filter((w) => w === null || w.startsWith('of='))
        .map((w) => (w === null ? null : w.slice(3)));
      return targets.length ? { via: 'dd of=', targets } : null;
    }
    case 'truncate':
      return { via: 'truncate', targets: operands(args, ['-s', '--size', '-r', '--reference']) };
    case 'sed':
    case 'gsed':
      // Every operand may be a file; the script word is counted too (it asks at worst).
      return args.some((w) => w === null || IN_PLACE_SED.test(w))
        ? { via: 'sed -i', targets: operands(args, ['-e', '--expression', '-f', '--file']) }
        : null;
    case 'perl':
      return args.some((w) => w === null || IN_PLACE_PERL.test(w))
        ? { via: 'perl -i', targets: operands(args, ['-e', '-E', '-I', '-M', '-m']) }
        : null;
    default:
      return null;
  }
}

const PRINTF_ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', '\\': '\\' };

/**
 * What `echo`/`printf` prints when every word is known and no option or format changes it,
 * else null (the write is still judged; only the diff is not shown).
 */
export function printedText(words: Words): string | null {
  if (words.some((w) => w === null)) return null;
  const [name, ...args] = words as readonly string[];
  if (name === 'echo') {
    const noNewline = args[0] === '-n';
    const rest = noNewline ? args.slice(1) : args;
    if (rest.some((w) => /^-[neE]+$/u.test(w) || w.includes('\\'))) return null;
    return rest.join(' ') + (noNewline ? '' : '\n');
  }
  if (name === 'printf' && args.length === 1) {
    const format = args[0] ?? '';
    if (/%(?!%)/u.test(format) || /\\[^nt\\]/u.test(format)) return null;
    return format
      .replace(/\\([nt\\])/gu, (_m, c: string) => PRINTF_ESCAPES[c] ?? c)
      .replace(/%%/gu, '%');
  }
  return null;
}
