// Wrappers: programs that run another command with a tweak (`timeout 60 npm
// test`, `nice -n 5 make`, `xargs rm`). They are transparent to the rules: a rule is matched
// against the command they wrap, never against the wrapper's own words (a rule `timeout 60`
// would otherwise allow `timeout 5 rm -f src/app.ts`). Each wrapper's options are read with its
// own table; an option not in it, or one that changes more than timing or priority (`env -C`,
// `env -S`, `time -o`, `ionice -p`), makes the command ask.
import path from 'node:path';

interface WrapperSpec {
  /** Options without a value. */
  readonly flags: readonly string[];
  /** Options with a value: `-n 5`, `-n5`, `--adjustment=5`. */
  readonly valued: readonly string[];
  /** Options that make the line ask, with why. */
  readonly refused?: Readonly<Record<string, string>>;
  /** Options that mean the wrapper runs no command (`command -v npm`): not a wrapper then. */
  readonly notWrapping?: readonly string[];
  /** Operands between the options and the command (`timeout`'s duration). */
  readonly operands?: RegExp;
  /** Extra option shapes without a value (`nice -10`). */
  readonly flagPattern?: RegExp;
  /** The wrapped command gets more arguments at run time (xargs reads them from its input). */
  readonly appendsArguments?: boolean;
  /** Runs this when no command follows (`xargs` alone runs `echo`). */
  readonly defaultCommand?: string;
}

/** The wrappers; the table is in docs/ARCHITECTURE.md, run_command. */
export const WRAPPERS: Readonly<Record<string, WrapperSpec>> = {
  timeout: {
    flags: ['--preserve-status', '--foreground', '-v', '--verbose'],
    valued: ['-s', '--signal', '-k', '--kill-after'],
    operands: /^\d+(?:\.\d+)?[smhd]?$/u,
  },
  nice: { flags: [], valued: ['-n', '--adjustment'], flagPattern: /^-\d+$/u },
  ionice: {
    flags: ['-t', '--ignore'],
    valued: ['-c', '--class', '-n', '--classdata'],
    refused: {
      '-p': 'ionice -p changes other processes',
      '--pid': 'ionice -p changes other processes',
      '-P': 'ionice -P changes other processes',
      '--pgid': 'ionice -P changes other processes',
      '-u': 'ionice -u changes other processes',
      '--uid': 'ionice -u changes other processes',
    },
  },
  stdbuf: { flags: [], valued: ['-i', '--input', '-o', '--output', '-e', '--error'] },
  nohup: { flags: [], valued: [] },
  setsid: { flags: ['-c', '--ctty', '-f', '--fork', '-w', '--wait'], valued: [] },
  time: {
    flags: ['-p', '--portability', '-v', '--verbose', '-q', '--quiet', '-a', '--append'],
    valued: ['-f', '--format'],
    refused: {
      '-o': 'time -o writes its report to a file',
      '--output': 'time -o writes its report to a file',
    },
  },
  command: { flags: ['-p'], valued: [], notWrapping: ['-v', '-V'] },
  exec: { flags: ['-c', '-l'], valued: ['-a'] },
  env: {
    flags: [],
    valued: [],
    refused: {
      '-i': 'env -i changes the environment first',
      '--ignore-environment': 'env -i changes the environment first',
      '-u': 'env -u changes the environment first',
      '--unset': 'env -u changes the environment first',
      '-C': 'env -C runs the command in another folder',
      '--chdir': 'env -C runs the command in another folder',
      '-S': 'env -S splits a string into a command line',
      '--split-string': 'env -S splits a string into a command line',
    },
  },
  xargs: {
    flags: [
      '-0',
      '--null',
      '-r',
      '--no-run-if-empty',
      '-t',
      '--verbose',
      '-x',
      '--exit',
      '-p',
      '--interactive',
      '-o',
      '--open-tty',
    ],
    valued: [
      '-n',
      '--max-args',
      '-L',
      '--max-lines',
      '-P',
      '--max-procs',
      '-s',
      '--max-chars',
      '-d',
      '--delimiter',
      '-E',
      '--eof',
      '-I',
      '--replace',
      '-a',
      '--arg-file',
      '--process-slot-var',
    ],
    appendsArguments: true,
    defaultCommand: 'echo',
  },
};

export interface Unwrapped {
  /** The words of the command that actually runs (the input when no wrapper is there). */
  readonly words: readonly (string | null)[];
  /** Wrapper names, outermost first. */
  readonly wrappers: readonly string[];
  /** Why no allow rule may match (a wrapper option it does not judge, …). */
  readonly problems: readonly string[];
  /** A wrapper adds arguments at run time: the last word is an unknown one (null). */
  readonly appendsArguments: boolean;
}

type Step = { next: number } | { problem: string } | { notWrapping: true };

/** Reads one wrapper's options and operands from `words[at]` on; `at` is after its name. */
function readWrapper(
  name: string,
  spec: WrapperSpec,
  words: readonly (string | null)[],
  at: number,
): Step {
  let i = at;
  while (i < words.length) {
    const word = words[i];
    if (word === undefined) break;
    if (word === null) return { problem: `${name} is given an argument only known at run time` };
    if (word === '--') return { next: i + 1 };
    if (name === 'env' && /^[A-Za-z_][A-Za-z0-9_]*=/u.test(word))
      return { problem: `env sets ${word.split('=')[0] ?? ''} first` };
    if (!word.startsWith('-') || word === '-') break;
    if (spec.notWrapping?.includes(word)) return { notWrapping: true };
    const flag = word.startsWith('--') ? (word.split('=')[0] ?? word) : word;
    const refused = spec.refused?.[flag] ?? spec.refused?.[word.slice(0, 2)];
    if (refused) return { problem: refused };
    if (spec.flags.includes(word) || spec.flagPattern?.test(word)) {
      i += 1;
      continue;
    }
    if (spec.valued.includes(flag) && word.startsWith('--') && word.includes('=')) {
      i += 1;
      continue;
    }
    if (spec.valued.includes(word)) {
      if (words[i + 1] === null)
        return { problem: `${name} ${word} is given a value only known at run time` };
      i += 2;
      continue;
    }
    // A short option with its value joined: `-n10`, `-oL`, `-sKILL`.
    if (!word.startsWith('--') && spec.valued.includes(word.slice(0, 2))) {
      i += 1;
      continue;
    }
    return { problem: `${name} is given an option Sluice does not judge (${word})` };
  }
  if (spec.operands) {
    const operand = words[i];
    if (operand === null || operand === undefined || !spec.operands.test(operand))
      return { problem: `${name} is not followed by the operand it expects` };
    i += 1;
  }
  return { next: i };
}

/**
 * The command a (possibly nested) wrapper runs: `timeout 60 nice npm test` → `npm test`.
 * A wrapper followed by no command is judged as itself (`env` alone prints the environment),
 * except xargs, which runs echo.
 */
export function unwrapCommand(words: readonly (string | null)[]): Unwrapped {
  const wrappers: string[] = [];
  const problems: string[] = [];
  let appendsArguments = false;
  let start = 0;
  let current = words;
  for (;;) {
    const first = current[start];
    const name = typeof first === 'string' ? path.posix.basename(first) : null;
    const spec = name === null ? undefined : WRAPPERS[name];
    if (name === null || !spec) break;
    const step = readWrapper(name, spec, current, start + 1);
    if ('notWrapping' in step) break;
    if ('problem' in step) {
      problems.push(step.problem);
      break;
    }
    if (step.next >= current.length) {
      if (!spec.defaultCommand) break;
      current = [...current, spec.defaultCommand];
    }
    wrappers.push(name);
    if (spec.appendsArguments) appendsArguments = true;
    start = step.next;
  }
  const rest = current.slice(start);
  return {
    words: appendsArguments ? [...rest, null] : rest,
    wrappers,
    problems,
    appendsArguments,
  };
}

/** Wrapper names: never a rule's whole prefix (they would allow whatever they wrap). */
export const WRAPPER_NAMES: ReadonlySet<string> = new Set(Object.keys(WRAPPERS));
