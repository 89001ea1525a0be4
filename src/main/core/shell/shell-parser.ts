// Splits a command line into every simple command it would run, with a real shell grammar
// (tree-sitter-bash): through lists, pipelines, subshells, groups, control flow, command and
// process substitution, backticks, heredocs and `sh -c '…'` / `bash -c` strings (parsed again,
// bounded depth). Anything the policy cannot judge word by word is reported as a reason to
// ask: parse errors, dynamic command names, functions, variables set before a command, inline
// interpreter code, redirections that leave the project.
import path from 'node:path';
import type { Node, Parser } from 'web-tree-sitter';
import { collectCds, type CwdSet } from './cd-tracking';
import { codeRunning } from './code-options';
import { unwrapCommand } from './command-wrappers';
import {
  judgeWrite,
  readsInside,
  redirectedText,
  writtenFiles,
  type ProjectWrite,
} from './command-writes';
import { commandWords, staticWord } from './shell-words';

export type { ProjectWrite } from './command-writes';
export { staticWord } from './shell-words';

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

interface Walk {
  readonly parser: Parser;
  readonly root: string;
  readonly isIgnored: ((relative: string) => boolean) | undefined;
  /** Every folder a command may run in (see collectCds); a `sh -c` string gets its own copy. */
  readonly cwd: CwdSet;
  readonly depth: number;
  readonly commands: SimpleCommand[];
  readonly problems: string[];
  readonly writes: ProjectWrite[];
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
        // A child shell: its cds start from ours and do not change our folder.
        const dirs = walk.cwd.dirs;
        parseInto(inner, { ...walk, depth: walk.depth + 1, cwd: { dirs: dirs && [...dirs] } });
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
