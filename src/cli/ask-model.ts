// The model a `sluice ask` run talks to, live or in propose mode: the options both forms take,
// the --model flag, checked before anything is opened, and the client, whose key and endpoint
// come from the environment.
import type Anthropic from '@anthropic-ai/sdk';
import { createAnthropicClient } from '../main/core/agent/anthropic-client';
import { DEFAULT_MAX_ROUNDS } from '../main/core/agent/agent-loop';
import { DEFAULT_MODEL } from '../main/core/agent/model-catalog';
import { DEFAULT_PROPOSAL_TIMEOUT_MS } from '../main/core/proposals/run-proposal';
import { MAX_PARALLEL } from '../main/core/runs/run-queue';
import { UsageError, type CliIo } from './cli-io';
import { JSON_OPTION, PROJECT_OPTION } from './define-verb';
import { describeVerb } from './verb-help';
import { isModelName } from '../shared/model-name';
import { WORKTREE_NAME } from '../main/core/git/worktrees';
import {
  MAX_IMAGE_BYTES,
  MAX_IMAGE_SIDE,
  MAX_IMAGES_PER_TURN,
  sizeWords,
} from '../shared/image-attachments';

/** The options of every form of `ask`; propose mode adds its own (background runs). */
export const ASK_OPTIONS = {
  project: PROJECT_OPTION,
  mode: {
    type: 'string',
    value: 'ask|auto-edit|read-only|plan|propose',
    help: 'how writes are approved; plan: explore read-only, then approve a plan; propose: a background run in a private copy',
    defaultText: "the project's setting (ask unless changed)",
  },
  model: { type: 'string', value: 'M', help: 'the Claude model', defaultText: DEFAULT_MODEL },
  'max-turns': {
    type: 'string',
    value: 'N',
    help: 'the most model rounds in the turn (1-1000)',
    defaultText: String(DEFAULT_MAX_ROUNDS),
  },
  conversation: {
    type: 'string',
    value: 'ID',
    help: 'continue this conversation (its id is printed after each turn)',
    defaultText: 'a new conversation',
  },
  worktree: {
    type: 'string',
    value: 'NAME',
    optionalValue: WORKTREE_NAME,
    help: 'work in a git worktree on a new branch sluice/NAME, live or propose; the next word is NAME when it is one word of letters, digits, ".", "_" or "-" and a prompt follows it (or comes on stdin); bare --worktree or --worktree=: a made-up name',
    defaultText: 'the project itself',
  },
  json: { ...JSON_OPTION, help: 'print every event as a JSON line (NDJSON)' },
} as const;

/** A live turn takes these besides ASK_OPTIONS; propose mode refuses them. */
export const LIVE_ONLY_OPTIONS = {
  attach: {
    type: 'string',
    multiple: true,
    value: 'FILE',
    help: `an image sent with the prompt: PNG, JPEG, GIF or WebP (read by its bytes), at most ${sizeWords(MAX_IMAGE_BYTES)} and ${MAX_IMAGE_SIDE} px a side, ${MAX_IMAGES_PER_TURN} a prompt; a path inside the project or anywhere you choose`,
    defaultText: 'none',
  },
} as const;

/** `--mode propose` takes these besides ASK_OPTIONS; live mode refuses them. */
export const PROPOSE_ONLY_OPTIONS = {
  timeout: {
    type: 'string',
    value: 'SECONDS',
    help: "propose mode: the run's time limit",
    defaultText: String(DEFAULT_PROPOSAL_TIMEOUT_MS / 1000),
  },
  'allow-command': {
    type: 'string',
    multiple: true,
    value: 'CMD',
    help: 'propose mode: a command the run may run in its copy, e.g. "npm test"',
    defaultText: "only what the project's command rules allow",
  },
  'allow-network': {
    type: 'boolean',
    default: false,
    help: 'propose mode: the allowed commands may use the network',
  },
  parallel: {
    type: 'string',
    value: 'N',
    help: `propose mode: background runs at once on this machine (1-${MAX_PARALLEL})`,
    defaultText: 'the setting, else half the cores',
  },
  executor: {
    type: 'string',
    value: 'local|container',
    help: 'propose mode: where the run executes (container: Docker or Podman, DOCKER_HOST too)',
    defaultText: 'local',
  },
  image: {
    type: 'string',
    value: 'IMAGE',
    help: 'propose mode with --executor container: the image (never pulled)',
    defaultText: "the project's devcontainer.json, else the Settings image",
  },
} as const;

export const PROPOSE_OPTIONS = { ...ASK_OPTIONS, ...PROPOSE_ONLY_OPTIONS } as const;

/** `sluice ask`'s usage and help: every flag of both modes, from the tables the parsers use. */
export const ASK_HELP = describeVerb({
  name: 'ask',
  args: '[PROMPT]',
  options: { ...ASK_OPTIONS, ...LIVE_ONLY_OPTIONS, ...PROPOSE_ONLY_OPTIONS },
  notes: [
    'A proposed write on a terminal: y apply, n reject (why, optional), e edit it in $EDITOR',
    '(its diff and evidence are shown, then asked again), h hunk by hunk, a always allow a path.',
    'Hunk by hunk: y keep, n drop (why, optional), s split into its changes, e edit the hunk,',
    'q drop the rest; what you kept is shown with its evidence and asked once more.',
    'On a terminal each answer is one key, no Enter (a reason is typed as a line); Ctrl+C stops',
    'the turn and rejects the change.',
    'A plan (--mode plan) is answered as a line: a approve and go on in ask mode, A approve and',
    'go on in auto-edit, e edit it in $EDITOR (then the mode), n reject with feedback for Claude.',
  ],
});

/** Refuses a --model that cannot be a model name (before it reaches the API or the DB). */
export function checkModelFlag(model: string | undefined): void {
  if (model !== undefined && !isModelName(model))
    throw new UsageError(`--model "${model}" is not a model name.`);
}

/** A client from ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL; `maxRetries` only when given (tests). */
export function createEnvClient(io: CliIo, maxRetries: number | undefined): Anthropic {
  return createAnthropicClient({
    apiKey: io.env.ANTHROPIC_API_KEY ?? '',
    baseURL: io.env.ANTHROPIC_BASE_URL,
    ...(maxRetries !== undefined ? { maxRetries } : {}),
  });
}
