// Commands that write the files they are given: `tee FILE`, `dd of=FILE`,
// `sed -i`, `perl -pi`, `truncate`. Like a redirection, a write to a project file that is not
// ignored asks under any rule: it would change the project without the diff review. And the
// new content of a redirection, where it is knowable before running (echo/printf of literals,
// a quoted here-document), so the approval card can show the write as a diff.
import path from 'node:path';
import type { Node } from 'web-tree-sitter';
import { UNKNOWN_CWD, type CwdSet } from './cd-tracking';
import { commandWords, isInside } from './shell-words';

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

/** Redirection targets that stay harmless wherever the project is. */
export const SAFE_TARGETS: ReadonlySet<string> = new Set([
  '/dev/null',
  '/dev/stdout',
  '/dev/stderr',
  '/dev/tty',
]);

/** A project file the line writes by name (a redirection, tee, sed -i, …). */
export interface ProjectWrite {
  /** Relative to the project root, `/` separators. */
  readonly path: string;
  /** The new text, when knowable before running (echo/printf of literals, a here-document). */
  readonly content: string | null;
  /** `>>`: the text is added at the end. */
  readonly append: boolean;
}

/** What the write check needs of the parser's walk. */
export interface WriteCheck {
  readonly root: string;
  readonly isIgnored: ((relative: string) => boolean) | undefined;
  readonly cwd: CwdSet;
  readonly problems: string[];
  readonly writes: ProjectWrite[];
}

/**
 * Judges a file the line writes: outside the project asks, a project file that is not
 * ignored asks (and is listed, with its new text when known), ignored output is allowed.
 * `target` is relative to every folder the command may run in (see collectCds).
 */
export function judgeWrite(
  target: string | null,
  text: string,
  walk: WriteCheck,
  write: { content: string | null; append: boolean },
): void {
  if (target === null) {
    walk.problems.push(`it writes a file only known at run time (${text})`);
    return;
  }
  if (SAFE_TARGETS.has(target)) return;
  if (target.startsWith('~')) {
    walk.problems.push(`it writes outside the project (${text})`);
    return;
  }
  const dirs = path.isAbsolute(target) ? [walk.root] : walk.cwd.dirs;
  if (dirs === null) {
    walk.problems.push(`${UNKNOWN_CWD} (${text})`);
    return;
  }
  for (const dir of dirs) {
    const absolute = path.resolve(dir, target);
    if (!isInside(walk.root, absolute)) {
      walk.problems.push(`it writes outside the project (${text})`);
      continue;
    }
    const relative = path.relative(walk.root, absolute).split(path.sep).join('/');
    if (relative === '' || walk.isIgnored?.(relative)) continue;
    walk.problems.push(
      `it writes the project file ${relative}, which no rule may allow: a change the diff review has not seen (${text})`,
    );
    if (!walk.writes.some((w) => w.path === relative))
      walk.writes.push({ path: relative, ...write });
  }
}

export function readsInside(target: string | null, walk: WriteCheck): boolean {
  if (target === null || target.startsWith('~')) return false;
  if (SAFE_TARGETS.has(target) || target === '/dev/stdin') return true;
  const dirs = path.isAbsolute(target) ? [walk.root] : walk.cwd.dirs;
  return dirs !== null && dirs.every((dir) => isInside(walk.root, path.resolve(dir, target)));
}

/** The text an `echo`/`printf`/`cat <<EOF` statement writes to its redirection, when known. */
export function redirectedText(node: Node): string | null {
  // `cat <<'EOF' > f` nests the file redirect in the here-document's node.
  const inHeredoc = node.parent?.type === 'heredoc_redirect' ? node.parent : null;
  const statement = inHeredoc ? inHeredoc.parent : node.parent;
  if (statement?.type !== 'redirected_statement') return null;
  const body = statement.childForFieldName('body');
  if (body?.type !== 'command') return null;
  const words = commandWords(body);
  const heredocs = statement.children.filter((c) => c?.type === 'heredoc_redirect');
  if (words.length === 1 && words[0] === 'cat') {
    const heredoc = inHeredoc ?? (heredocs.length === 1 ? heredocs[0] : null);
    return heredoc ? heredocText(heredoc) : null;
  }
  return heredocs.length || inHeredoc ? null : printedText(words);
}

/** A here-document's text when nothing in it expands (a quoted delimiter, or no `$`, `` ` ``, `\`). */
function heredocText(node: Node): string | null {
  const start = node.children.find((c) => c?.type === 'heredoc_start')?.text ?? '';
  const body = node.children.find((c) => c?.type === 'heredoc_body');
  if (!body) return null;
  const quoted = /['"\\]/u.test(start);
  if (!quoted && (body.namedChildCount > 0 || /[$`\\]/u.test(body.text))) return null;
  const op = node.children.find((c) => c && !c.isNamed)?.text ?? '';
  return op === '<<-' ? body.text.replace(/^\t+/gmu, '') : body.text;
}
