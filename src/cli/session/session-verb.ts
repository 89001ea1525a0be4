// `sluice [PROMPT]`, `sluice -c`, `sluice --resume [ID]` (also `sluice session …`): a
// conversation on this terminal that the person stays in. Off a terminal (a pipe, a script)
// there is nobody to talk to, so `sluice "PROMPT"` does what `sluice ask "PROMPT"` does, with
// -c and --resume reaching the same conversations through --conversation.
import type { ExitCode } from '../cli-io';
import { UsageError, type CliIo, type Verb } from '../cli-io';
import { defineVerb, PROJECT_OPTION } from '../define-verb';
import { drawFirstFrame, type FirstFrame } from './first-frame';
import { DEFAULT_MODEL } from '../../main/core/agent/model-catalog';

export const SESSION_OPTIONS = {
  project: PROJECT_OPTION,
  continue: {
    type: 'boolean',
    short: 'c',
    default: false,
    help: "go on with this project's last conversation (short: -c)",
  },
  resume: {
    type: 'string',
    value: '[ID]',
    help: 'go on with a conversation: its id (or the start of it), or pick from a list',
    defaultText: 'a new conversation',
  },
  mode: {
    type: 'string',
    value: 'ask|auto-edit|read-only|plan',
    help: 'how writes are approved in this session (/mode changes it)',
    defaultText: "the project's setting (ask unless changed)",
  },
  attach: {
    type: 'string',
    multiple: true,
    value: 'FILE',
    help: 'an image (PNG, JPEG, GIF, WebP) sent with the first prompt; in the session, a path to an image in a prompt attaches it',
    defaultText: 'none',
  },
  model: {
    type: 'string',
    value: 'M',
    help: 'the Claude model (/model changes it)',
    defaultText: DEFAULT_MODEL,
  },
} as const;

/** A conversation id or the start of one, as `--resume` takes it. */
const ID_START = /^[0-9a-f][0-9a-f-]{3,35}$/iu;

/** `--resume ID` takes the next word when it looks like an id; bare `--resume` picks from a list. */
export function resumeArgs(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (arg === '--') return [...out, ...args.slice(i)];
    if (arg !== '--resume') {
      out.push(arg);
      continue;
    }
    const next = args[i + 1];
    const isId = next !== undefined && ID_START.test(next);
    out.push(`--resume=${isId ? next : ''}`);
    if (isId) i += 1;
  }
  return out;
}

export interface SessionRequest {
  readonly project: string | undefined;
  readonly prompt: string;
  readonly continueLast: boolean;
  /** null: not asked; '': pick from a list; else an id or its start. */
  readonly resume: string | null;
  readonly mode: string | undefined;
  readonly model: string | undefined;
  /** Images sent with the first prompt. */
  readonly attach: readonly string[];
}

export type RunSession = (
  request: SessionRequest,
  io: CliIo,
  firstFrame: FirstFrame | null,
) => Promise<ExitCode>;

export function createSessionVerb(runSession: () => Promise<RunSession>): Verb {
  const verb = defineVerb({
    name: 'session',
    args: '[PROMPT]',
    options: SESSION_OPTIONS,
    positionals: { min: 0, max: Number.POSITIVE_INFINITY, message: 'the prompt is blank.' },
    notes: [
      'On a terminal: a conversation you stay in. Type / for commands, @ to mention a file; Esc stops a turn, Ctrl+C twice leaves.',
      'Off a terminal, it answers PROMPT once, as sluice ask does.',
    ],
    async run({ values, positionals, io }) {
      if (values.continue && values.resume !== undefined)
        throw new UsageError('-c and --resume both pick a conversation: give one of them.');
      const request: SessionRequest = {
        project: values.project,
        prompt: positionals.join(' ').trim(),
        continueLast: values.continue ?? false,
        resume: values.resume ?? null,
        mode: values.mode,
        model: values.model,
        attach: values.attach ?? [],
      };
      // The prompt is on the screen before the session's code loads (a bare --resume asks
      // which conversation first, on lines of its own).
      const onTerminal = io.stdin === process.stdin && process.stdin.isTTY && process.stdout.isTTY;
      const first =
        onTerminal && request.resume !== ''
          ? drawFirstFrame({ stdin: process.stdin, stdout: process.stdout })
          : null;
      try {
        return await (
          await runSession()
        )(request, io, first);
      } finally {
        first?.release();
      }
    },
  });
  return { ...verb, run: (args, io) => verb.run(resumeArgs(args), io) };
}
