// Splits a command line into every simple command it would run, with a real shell grammar
// (tree-sitter-bash): through lists, pipelines, subshells, groups, control flow, command and
// process substitution, backticks, heredocs and `sh -c '…'` / `bash -c` strings (parsed again,
// bounded depth). Anything the policy cannot judge word by word is reported as a reason to
// ask: parse errors, dynamic command names, functions, variables set before a command, inline
// interpreter code, redirections that leave the project.
import path from 'node:path';
import type { Node, Parser } from 'web-tree-sitter';

export interface SimpleCommand {
  /** The command's words after quote removal; `null` for a word only known at run time. */
  readonly words: readonly (string | null)[];
  /** Source text, for messages. */
  readonly text: string;
  /** Why no allow rule may match this command (empty: rules decide). */
  readonly unmatchable: readonly string[];
}

export interface ParsedCommandLine {
  readonly commands: readonly SimpleCommand[];
  /** Reasons that concern the whole line (parse errors, functions, redirections). */
  readonly problems: readonly string[];
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
]);
/** Wrappers whose own options are simple: `env VAR=x cmd`, `exec cmd`, `nohup cmd`. */
const TRANSPARENT = new Set(['exec', 'command', 'nohup', 'time', 'env']);
/** Flags that hand an interpreter code inline. */
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
  readonly cwd: string;
  readonly depth: number;
  readonly commands: SimpleCommand[];
  readonly problems: string[];
}

function isInside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
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
    if (target === null) {
      walk.problems.push(`a redirection goes to a file only known at run time (${node.text})`);
      return;
    }
    if (SAFE_TARGETS.has(target)) return;
    if (target.startsWith('~') || !isInside(walk.root, path.resolve(walk.cwd, target)))
      walk.problems.push(`a redirection reaches outside the project (${node.text})`);
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

function analyseCommand(node: Node, walk: Walk): void {
  const unmatchable: string[] = [];
  const words: (string | null)[] = [];
  const wordNodes: Node[] = [];
  for (let i = 0; i < node.childCount; i += 1) {
    const child = node.child(i);
    if (!child) continue;
    const field = node.fieldNameForChild(i);
    if (child.type === 'variable_assignment') {
      unmatchable.push(`it sets ${child.childForFieldName('name')?.text ?? 'a variable'} first`);
    } else if (field === 'name' || field === 'argument') {
      const wordNode = field === 'name' ? (child.namedChildren[0] ?? child) : child;
      words.push(staticWord(wordNode));
      wordNodes.push(wordNode);
    } else if (field === 'redirect' || child.type.endsWith('_redirect')) {
      checkRedirect(child, walk);
    }
  }
  // Transparent wrappers: judge the command they run.
  let start = 0;
  while (start < words.length && TRANSPARENT.has(words[start] ?? '')) {
    const wrapper = words[start];
    start += 1;
    if (wrapper === 'env') {
      while (start < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/u.test(words[start] ?? '')) {
        unmatchable.push(`env sets ${(words[start] ?? '').split('=')[0]} first`);
        start += 1;
      }
    }
    if ((words[start] ?? '').startsWith('-')) {
      unmatchable.push(`${wrapper} is given options`);
      break;
    }
  }
  const effective = words.slice(start);
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
    } else if (
      INTERPRETERS.has(base) &&
      effective.slice(1).some((w) => w === null || INLINE_CODE.test(w))
    ) {
      unmatchable.push(`${base} is given code inline`);
    } else if (base === 'source' || base === '.') {
      unmatchable.push(`${base} runs a script in this shell`);
    }
    const redirecting = REDIRECTING_OPTIONS[base];
    const option = redirecting
      ? effective.slice(1).find((w) => w !== null && redirecting.test(w))
      : undefined;
    if (option) unmatchable.push(`${base} ${option} points it at another file or folder`);
  }
  walk.commands.push({ words: effective, text: node.text, unmatchable });
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
  location: { root: string; cwd: string },
): ParsedCommandLine {
  const walk: Walk = { parser, ...location, depth: 0, commands: [], problems: [] };
  parseInto(text, walk);
  return { commands: walk.commands, problems: [...new Set(walk.problems)] };
}
