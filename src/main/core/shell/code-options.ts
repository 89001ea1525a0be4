// Options that make an allowed command run other code: a rule for
// `npm test` must not allow `npm test --node-options=--require=./evil.cjs`, nor a rule for
// `python3 script.py` the line `python3 -Sc 'code'`. A command with such an option asks under
// any rule and is never offered as a prefix. The table is in docs/ARCHITECTURE.md, run_command.
import path from 'node:path';

type Words = readonly (string | null)[];
/** Why the arguments run code no rule names, or null. `args` excludes the program name. */
type Check = (args: Words) => string | null;

const UNKNOWN = 'an argument only known at run time could be an option that runs code';

/** Package managers read any `--key=value` before `--` as configuration (npm: every config key). */
const PM_SAFE = new Set([
  '-s',
  '--silent',
  '-q',
  '--quiet',
  '--if-present',
  '--ignore-scripts',
  '--no-audit',
  '--no-fund',
  '--frozen-lockfile',
  '--immutable',
]);

function beforeDoubleDash(args: Words): Words {
  const end = args.indexOf('--');
  return end < 0 ? args : args.slice(0, end);
}

function packageManager(tool: string): Check {
  return (args) => {
    for (const word of beforeDoubleDash(args)) {
      if (word === null) return UNKNOWN;
      if (word.startsWith('-') && !PM_SAFE.has(word))
        return `${tool}'s option ${word} is a setting, and settings can run code (${tool} reads any --key=value before \`--\` as configuration)`;
    }
    return null;
  };
}

/** npx: its own options come before the package; later words belong to the package. */
const npx: Check = (args) => {
  for (const word of args) {
    if (word === null) return UNKNOWN;
    if (word === '--' || !word.startsWith('-')) return null;
    if (!PM_SAFE.has(word))
      return `npx's option ${word} is a setting, and settings can run code (npx reads any option before the package as configuration)`;
  }
  return null;
};

/** `-c x=y`, `--flag=x`, `--flag x`, `-fx`: does `word` name one of `options`? */
function matchesOption(word: string, options: readonly string[]): string | undefined {
  return options.find(
    (option) =>
      word === option ||
      word.startsWith(`${option}=`) ||
      (option.length === 2 && option !== '--' && word.startsWith(option) && !word.startsWith('--')),
  );
}

function optionTable(
  tool: string,
  options: readonly string[],
  why: string,
  opts: { stopAtDoubleDash?: boolean; assignments?: boolean } = {},
): Check {
  return (args) => {
    for (const word of opts.stopAtDoubleDash === false ? args : beforeDoubleDash(args)) {
      if (word === null) return UNKNOWN;
      const option = matchesOption(word, options);
      if (option) return `${tool} ${option} ${why}`;
      if (opts.assignments && /^[A-Za-z_][A-Za-z0-9_]*=/u.test(word))
        return `${tool} ${word.split('=')[0] ?? ''}=… overrides a variable, and its value can run code`;
    }
    return null;
  };
}

const GIT_GLOBAL = ['-c', '--config-env', '--exec-path', '--git-dir', '--work-tree', '-C'];
const GIT_ANYWHERE = [
  '--upload-pack',
  '--receive-pack',
  '--exec',
  '--extcmd',
  '--template',
  '--config',
];

const git: Check = (args) => {
  let sawSubcommand = false;
  for (const word of args) {
    if (word === null) return UNKNOWN;
    if (!sawSubcommand && !word.startsWith('-')) {
      sawSubcommand = true;
      continue;
    }
    const global = sawSubcommand ? undefined : matchesOption(word, GIT_GLOBAL);
    if (global) return `git ${global} sets configuration or another repository, which can run code`;
    const anywhere = matchesOption(word, GIT_ANYWHERE);
    if (anywhere) return `git ${anywhere} names a program or configuration to run`;
    if (word === '--') return null;
  }
  return null;
};

export const CODE_OPTIONS: Record<string, Check> = {
  npm: packageManager('npm'),
  pnpm: packageManager('pnpm'),
  yarn: packageManager('yarn'),
  bun: packageManager('bun'),
  npx,
  git,
  make: optionTable(
    'make',
    ['-f', '--file', '--makefile', '--eval', '-E', '-C', '--directory', '-I', '--include-dir'],
    'reads another makefile or runs text as one',
    { assignments: true },
  ),
  cargo: optionTable(
    'cargo',
    ['--config', '-Z', '--manifest-path', '-C'],
    'sets configuration or another manifest, which can run code',
  ),
  pytest: optionTable(
    'pytest',
    ['-p', '--rootdir', '-c', '--config-file', '-o', '--override-ini', '--confcutdir'],
    'loads plugins or configuration, which run code',
    { stopAtDoubleDash: false },
  ),
  go: optionTable(
    'go',
    [
      '-toolexec',
      '--toolexec',
      '-exec',
      '--exec',
      '-overlay',
      '--overlay',
      '-modfile',
      '--modfile',
      '-C',
    ],
    'runs another program or replaces source files',
  ),
};
CODE_OPTIONS['py.test'] = CODE_OPTIONS.pytest as Check;

/** Flags that hand an interpreter code inline (or from its input), per interpreter. */
const INLINE: Readonly<Record<string, (word: string) => boolean>> = {
  node: (w) =>
    /^-[a-zA-Z]*[ep][a-zA-Z]*$/u.test(w) ||
    /^--(?:eval|print|require|import|loader|experimental-loader)(?:=|$)/u.test(w) ||
    w === '-r',
  bun: (w) => /^-[a-zA-Z]*[ep]$/u.test(w) || /^--(?:eval|print|preload|require)(?:=|$)/u.test(w),
  deno: (w) => w === 'eval' || w === 'repl',
  python: (w) => /^-[bBdEhiIOPqsSuvVx]*c/u.test(w) || w === '-',
  perl: (w) => /^-[a-zA-Z0-9]*[eEMmx]/u.test(w) || w === '-',
  ruby: (w) => /^-[a-zA-Z0-9]*[er]/u.test(w) || w === '-',
  php: (w) => /^-[a-zA-Z]*[rRBEFda]/u.test(w) || /^--(?:run|process|define)/u.test(w),
  pwsh: (w) => /^[-/](?:c|e)/iu.test(w),
  lua: (w) => /^-[a-zA-Z]*[el]/u.test(w) || w === '-',
  Rscript: (w) => w === '-e' || w.startsWith('--expr'),
  osascript: (w) => w === '-e',
  shell: (w) => /^-[a-zA-Z]*c/u.test(w) || w === '-s',
};

function inlineKind(base: string): string | undefined {
  if (/^python\d*(?:\.\d+)?$/u.test(base)) return 'python';
  if (base === 'nodejs') return 'node';
  if (base === 'powershell') return 'pwsh';
  if (/^(?:sh|bash|dash|zsh|ksh|mksh|ash|fish|csh|tcsh|busybox)$/u.test(base)) return 'shell';
  return base in INLINE ? base : undefined;
}

/**
 * Why `words` (the command that runs, after wrappers) runs code no rule names: inline code
 * (`-e`, `-Sc`, `--eval=`), a module loaded first (`-r`), or a tool option from the table.
 */
export function codeRunning(words: Words): string | null {
  const name = words[0];
  if (typeof name !== 'string') return null;
  const base = path.posix.basename(name);
  const args = words.slice(1);
  const kind = inlineKind(base);
  const inline = kind ? INLINE[kind] : undefined;
  if (inline) {
    // An interpreter's options end at its script: `node app.js -e` passes -e to the script.
    for (const word of args) {
      if (word === null) return `${base} is given an argument only known at run time`;
      if (inline(word)) return `${base} is given code inline (${word})`;
      if (!word.startsWith('-') && kind !== 'deno' && kind !== 'pwsh') break;
    }
  }
  if (kind === 'python' && args[0] === '-m' && (args[1] === 'pytest' || args[1] === 'py.test'))
    return (CODE_OPTIONS.pytest as Check)(args.slice(2));
  if (base === 'find') {
    const exec = args.find((w) => w === null || /^-(?:exec|execdir|ok|okdir)$/u.test(w));
    if (exec !== undefined) return `find ${exec ?? '…'} runs other commands`;
    const writes = args.find((w) => w !== null && /^-(?:fprint|fprint0|fprintf|fls)$/u.test(w));
    if (writes) return `find ${writes} writes a file`;
  }
  return CODE_OPTIONS[base]?.(args) ?? null;
}
