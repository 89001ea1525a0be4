// Splits a command line into every simple command it would run, with a real shell grammar
// (tree-sitter-bash): through lists, pipelines, subshells, groups, control flow, command and
// process substitution, backticks, heredocs and `sh -c '…'` / `bash -c` strings (parsed again,
// bounded depth). Anything the policy cannot judge word by word is reported as a reason to
// ask: parse errors, dynamic command names, functions, variables set before a command, inline
// interpreter code, redirections that leave the project.
import path from 'node:path';
import type { Node, Parser } from 'web-tree-sitter';
import { codeRunning } from './code-options';
import { unwrapCommand } from './command-wrappers';
import { printedText, writtenFiles } from './command-writes';

export interface SimpleCommand {
  /**
   * The words of the command that runs, after quote removal and past any wrapper (`timeout 60
   * npm test` → `npm test`); `null` for a word only known at run time.
   */
  readonly words: readonly (string | null)[];
  /** The words as written, wrappers included (deny rules match these too). */
  readonly allWords: readonly (string | null)[];
  /** Source text, for messages. */
  readonly text: string;
  /** Why no allow rule may match this command (empty: rules decide). */
  readonly unmatchable: readonly string[];
}

/** A project file the line writes by name (a redirection, tee, sed -i, …). */
export interface ProjectWrite {
  /** Relative to the project root, `/` separators. */
  readonly path: string;
  /** The new text, when knowable before running (echo/printf of literals, a here-document). */
  readonly content: string | null;
  /** `>>`: the text is added at the end. */
  readonly append: boolean;
}

export interface ParsedCommandLine {
  readonly commands: readonly SimpleCommand[];
  /** Reasons that concern the whole line (parse errors, functions, redirections). */
  readonly problems: readonly string[];
  /** Project files that are not ignored and that the line writes: each is a reason to ask. */
  readonly writes: readonly ProjectWrite[];
}

export interface CommandLocation {
  /** Realpath of the project root. */
  readonly root: string;
  /** The absolute folder the line starts in, inside the root. */
  readonly cwd: string;
  /**
   * Whether a project path (relative, `/` separators) is ignored (build output, logs): writes
   * there stay allowed. Absent: nothing is ignored, so every project write asks.
   */
  readonly isIgnored?: ((relative: string) => boolean) | undefined;
}

/** Shells whose `-c STRING` is parsed again. */
const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'busybox']);
/** Programs that run code given to them; as the first word they never match an allow rule alone. */
export const INTERPRETERS = new Set([
  ...SHELLS,
  'fish',
  'csh',
  'tcsh',
  'node',
  'nodejs',
  'deno',
  'bun',
  'python',
  'python2',
  'python3',
  'perl',
  'ruby',
  'php',
  'lua',
  'Rscript',
  'osascript',
  'pwsh',
  'powershell',
  'awk',
  'gawk',
  'mawk',
  'nawk',
  'sed',
  'eval',
  'source',
  '.',
  'exec',
  'env',
  'command',
  'builtin',
  'xargs',
  'sudo',
  'doas',
  'su',
  'nohup',
  'time',
  'nice',
  'timeout',
  'setsid',
  'stdbuf',
  'ionice',
]);
/** Flags that hand code inline to an interpreter code-options.ts has no table for (`su -c`). */
const INLINE_CODE = /^-(?:[a-zA-Z]*[ecp]|-eval|-print|-command)$/u;
/** Redirection targets that stay harmless wherever the project is. */
const SAFE_TARGETS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty']);

/**
 * Options that turn a rule's command into another one: `git log --output=package.json` writes
 * a file (a rule for `git log` would let it rewrite the project's scripts), `npm test --prefix
 * ../other` runs another folder's scripts. A line with one asks.
 */
const REDIRECTING_OPTIONS: Readonly<Record<string, RegExp>> = {
  git: /^--output(?:-directory)?(?:=|$)/u,
  npm: /^(?:--prefix|-C|--script-shell|--userconfig|--globalconfig)(?:=|$)/u,
  pnpm: /^(?:--prefix|--dir|-C)(?:=|$)/u,
  yarn: /^(?:--cwd)(?:=|$)/u,
};

export const MAX_NESTING = 3;

function unescapeWord(text: string): string {
  return text.replace(/\\\n/gu, '').replace(/\\(.)/gsu, '$1');
}

/** The word's value after quote removal, or null when it depends on the run. */
export function staticWord(node: Node): string | null {
  switch (node.type) {
    case 'word':
    case 'number':
      return unescapeWord(node.text);
    case 'raw_string':
      return node.text.slice(1, -1);
    case 'string': {
      let out = '';
      for (const child of node.namedChildren) {
        if (!child) continue;
        if (child.type !== 'string_content') return null;
        out += child.text.replace(/\\([$`"\\\n])/gu, (_m, c: string) => (c === '\n' ? '' : c));
      }
      return out;
    }
    case 'concatenation': {
      let out = '';
      for (const child of node.namedChildren) {
        if (!child) continue;
        const part = staticWord(child);
        if (part === null) return null;
        out += part;
      }
      return out;
    }
    default:
      return null;
  }
}

interface Walk {
  readonly parser: Parser;
  readonly root: string;
  readonly isIgnored: ((relative: string) => boolean) | undefined;
  /** Every folder a command may run in (`cd` adds to it); shared with nested `sh -c` walks. */
  readonly cwd: { dirs: string[] | null };
  readonly depth: number;
  readonly commands: SimpleCommand[];
  readonly problems: string[];
  readonly writes: ProjectWrite[];
}

function isInside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** At most this many folders are followed through `cd`s; past it the folder is unknown. */
const MAX_CWDS = 32;

/** Why the folder a relative path is resolved in is not known. */
const UNKNOWN_CWD =
  'an earlier cd goes to a folder only known at run time (a variable, `-`, home), so where a relative path lands is not known';

/**
 * Judges a file the line writes: outside the project asks, a project file that is not
 * ignored asks (and is listed, with its new text when known), ignored output is allowed.
 * `target` is relative to every folder the command may run in (see collectCds).
 */
function judgeWrite(
  target: string | null,
  text: string,
  walk: Walk,
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
      return;
    }
    const relative = path.relative(walk.root, absolute).split(path.sep).join('/');
    if (relative === '' || walk.isIgnored?.(relative)) continue;
    walk.problems.push(
      `it writes the project file ${relative}, which no rule may allow: a change the diff review has not seen (${text})`,
    );
    if (!walk.writes.some((w) => w.path === relative)) walk.writes.push({ path: relative, ...write });
  }
}

function readsInside(target: string | null, walk: Walk): boolean {
  if (target === null || target.startsWith('~')) return false;
  if (SAFE_TARGETS.has(target) || target === '/dev/stdin') return true;
  const dirs = path.isAbsolute(target) ? [walk.root] : walk.cwd.dirs;
  return dirs !== null && dirs.every((dir) => isInside(walk.root, path.resolve(dir, target)));
}

/** The text an `echo`/`printf`/`cat <<EOF` statement writes to its redirection, when known. */
function redirectedText(node: Node): string | null {
  const statement = node.parent;
  if (statement?.type !== 'redirected_statement') return null;
  const body = statement.childForFieldName('body');
  if (body?.type !== 'command') return null;
  const words = commandWords(body);
  if (words.length === 1 && words[0] === 'cat') {
    const heredoc = statement.children.find((c) => c?.type === 'heredoc_redirect');
    return heredoc ? heredocText(heredoc) : null;
  }
  return printedText(words);
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

function checkRedirect(node: Node, walk: Walk): void {
  const destination = node.childForFieldName('destination');
  if (!destination) return;
  if (node.type === 'file_redirect') {
    const op = node.children.find((c) => c && !c.isNamed)?.text ?? '';
    // The line runs under /bin/sh (dash on Debian), not bash: there `a &>f b` is `a &` then
    // `>f b`, so `b` runs as a command the bash grammar saw as a file name.
    if (op === '&>' || op === '&>>') {
      walk.problems.push(
        `\`${op}\` is bash syntax; /bin/sh reads it as "run in the background, then redirect" (${node.text}); write \`> file 2>&1\``,
      );
      return;
    }
    // Words after a redirection's target are the command's words to a shell but belong to the
    // redirection in this grammar, so no rule would see them.
    if (node.childrenForFieldName('destination').length > 1) {
      walk.problems.push(`words follow a redirection's target (${node.text})`);
      return;
    }
    if (op.endsWith('&') && /^\d+$|^-$/u.test(destination.text)) return;
    const target = staticWord(destination);
    // Reading a file changes nothing; every other operator opens it for writing.
    if (op === '<' || op === '<&') {
      if (!readsInside(target, walk))
        walk.problems.push(`a redirection reads from outside the project (${node.text})`);
      return;
    }
    judgeWrite(target, node.text, walk, {
      content: op === '>' || op === '>>' || op === '>|' ? redirectedText(node) : null,
      append: op === '>>',
    });
  }
}

/** Quote removal of a here-document's delimiter word, as the shell does it. */
function heredocDelimiter(text: string): string {
  return text.replace(
    /\\(.)|'([^']*)'|"((?:[^"\\]|\\.)*)"/gsu,
    (_m, escaped?: string, single?: string, double?: string) =>
      escaped ?? single ?? double?.replace(/\\([$`"\\\n])/gu, '$1') ?? '',
  );
}

/**
 * A here-document whose body the grammar ends at another line than the shell would: the
 * lines in between would run as commands no rule saw (`<<E"O"F` ends at the line `EOF`).
 */
function checkHeredoc(node: Node, walk: Walk): void {
  const start = node.children.find((c) => c?.type === 'heredoc_start');
  if (!start) return;
  const op = node.children.find((c) => c && !c.isNamed)?.text ?? '';
  const strip = (line: string): string => (op === '<<-' ? line.replace(/^\t+/u, '') : line);
  const delimiter = heredocDelimiter(start.text);
  const end = node.children.find((c) => c?.type === 'heredoc_end');
  const body = node.children.find((c) => c?.type === 'heredoc_body')?.text ?? '';
  if (!end || strip(end.text) !== delimiter || body.split('\n').some((l) => strip(l) === delimiter))
    walk.problems.push(
      `a here-document's end (${start.text}) is not certain: the shell may end it at another line than the parser`,
    );
}

/** The static words of a command node (name and arguments), null where only known at run time. */
function commandWords(node: Node): (string | null)[] {
  const words: (string | null)[] = [];
  for (let i = 0; i < node.childCount; i += 1) {
    const child = node.child(i);
    const field = node.fieldNameForChild(i);
    if (!child || (field !== 'name' && field !== 'argument')) continue;
    words.push(staticWord(field === 'name' ? (child.namedChildren[0] ?? child) : child));
  }
  return words;
}

/**
 * Every folder the line's commands may run in: the starting folder and each `cd` target,
 * resolved from every folder found so far. Order and success are not followed (a cd in a
 * loop, a subshell or one that fails still counts), so the set only over-approximates; a
 * target only known at run time (a variable, `-`, no argument: home) makes it unknown.
 */
function collectCds(rootNode: Node, walk: Walk): void {
  const targets: (string | null)[] = [];
  const stack: Node[] = [rootNode];
  while (stack.length) {
    const node = stack.pop() as Node;
    if (node.type === 'command') {
      const words = unwrapCommand(commandWords(node)).words;
      const first = words[0] === 'builtin' ? 1 : 0;
      const name = words[first];
      if (name === 'cd' || name === 'pushd' || name === 'popd' || name === 'chdir') {
        const args = words.slice(first + 1).filter((w) => w === null || !/^-[LPe@]+$/u.test(w));
        targets.push(name === 'popd' || args[0] === '-' ? null : (args[0] ?? null));
      }
    }
    for (const child of node.children) if (child) stack.push(child);
  }
  for (const target of targets) {
    const dirs = walk.cwd.dirs;
    if (dirs === null) return;
    if (target === null || target.startsWith('~')) {
      walk.cwd.dirs = null;
      return;
    }
    const found = new Set(dirs);
    // Resolved from every folder known so far, twice: `cd a; cd b` in any order.
    for (let round = 0; round < 2; round += 1)
      for (const dir of [...found]) found.add(path.resolve(dir, target));
    walk.cwd.dirs = found.size > MAX_CWDS ? null : [...found];
  }
}

function analyseCommand(node: Node, walk: Walk): void {
  const unmatchable: string[] = [];
  for (let i = 0; i < node.childCount; i += 1) {
    const child = node.child(i);
    if (!child) continue;
    const field = node.fieldNameForChild(i);
    if (child.type === 'variable_assignment') {
      unmatchable.push(`it sets ${child.childForFieldName('name')?.text ?? 'a variable'} first`);
    } else if (field === 'redirect' || child.type.endsWith('_redirect')) {
      checkRedirect(child, walk);
    }
  }
  const allWords = commandWords(node);
  // Wrappers are transparent: rules judge the command they run (command-wrappers.ts).
  const unwrapped = unwrapCommand(allWords);
  unmatchable.push(...unwrapped.problems);
  const effective = unwrapped.words;
  const name = effective[0];
  if (name === null) unmatchable.push('its command name is only known at run time');
  if (name !== undefined && name !== null) {
    const base = path.posix.basename(name);
    if (SHELLS.has(base) && effective[1] === '-c') {
      const inner = effective[2];
      if (inner === null || inner === undefined) {
        unmatchable.push(`${base} -c runs a string only known at run time`);
      } else if (walk.depth >= MAX_NESTING) {
        unmatchable.push(`${base} -c is nested more than ${MAX_NESTING} deep`);
      } else {
        parseInto(inner, { ...walk, depth: walk.depth + 1 });
        return;
      }
    } else if (base === 'eval') {
      unmatchable.push('eval runs text as code');
    } else if (base === 'source' || base === '.') {
      unmatchable.push(`${base} runs a script in this shell`);
    }
    const code = codeRunning(effective);
    if (code) unmatchable.push(code);
    else if (
      INTERPRETERS.has(base) &&
      effective.slice(1).some((w) => w === null || INLINE_CODE.test(w))
    )
      unmatchable.push(`${base} is given code inline`);
    const redirecting = REDIRECTING_OPTIONS[base];
    const option = redirecting
      ? effective.slice(1).find((w) => w !== null && redirecting.test(w))
      : undefined;
    if (option) unmatchable.push(`${base} ${option} points it at another file or folder`);
    const written = writtenFiles(effective);
    for (const target of written?.targets ?? [])
      judgeWrite(target, `${written?.via ?? base} ${target ?? '…'}`, walk, {
        content: null,
        append: false,
      });
  }
  walk.commands.push({ words: effective, allWords, text: node.text, unmatchable });
}

function visit(node: Node, walk: Walk): void {
  if (node.type === 'ERROR' || node.isMissing) {
    walk.problems.push(`the shell grammar cannot parse "${node.text.slice(0, 80)}"`);
  }
  switch (node.type) {
    case 'command':
      analyseCommand(node, walk);
      break;
    case 'function_definition':
      walk.problems.push(
        `it defines a shell function (${node.childForFieldName('name')?.text ?? '?'})`,
      );
      break;
    case 'declaration_command':
    case 'unset_command':
      walk.problems.push(`it changes shell variables (${node.text.slice(0, 60)})`);
      break;
    case 'file_redirect':
      checkRedirect(node, walk);
      break;
    case 'heredoc_redirect':
      checkHeredoc(node, walk);
      break;
    default:
      break;
  }
  // Arguments of a command are walked too: `$(…)`, backticks and `<(…)` inside them run.
  for (const child of node.children) if (child) visit(child, walk);
}

function parseInto(text: string, walk: Walk): void {
  const tree = walk.parser.parse(text);
  if (!tree) {
    walk.problems.push('the shell grammar could not parse the command');
    return;
  }
  try {
    collectCds(tree.rootNode, walk);
    visit(tree.rootNode, walk);
  } finally {
    tree.delete();
  }
}

/**
 * Every simple command of `text`, for a command run in `cwd` (absolute) inside `root`.
 * Commands nested in a `command` node (substitutions in its arguments) are listed as well.
 */
export function parseCommandLine(
  parser: Parser,
  text: string,
  location: CommandLocation,
): ParsedCommandLine {
  const walk: Walk = {
    parser,
    root: location.root,
    isIgnored: location.isIgnored,
    cwd: { dirs: [location.cwd] },
    depth: 0,
    commands: [],
    problems: [],
    writes: [],
  };
  parseInto(text, walk);
  return { commands: walk.commands, problems: [...new Set(walk.problems)], writes: walk.writes };
}
