// `sluice hooks`' flags and forms: the table its parser checks each form against (checkForm)
// and its usage and `--help` are generated from.
import {
  DEFAULT_HOOK_TIMEOUT_SECONDS,
  HOOK_EVENTS,
  MAX_HOOK_TIMEOUT_SECONDS,
} from '../../shared/hooks';
import { PROJECT_OPTION, type VerbOptions, type VerbTable } from '../define-verb';

/** The tool a sample call is about when `--tool` is not given (as Settings' field starts). */
export const SAMPLE_TOOL = 'run_command';

export const HOOKS_TABLE = {
  name: 'hooks',
  options: {
    project: PROJECT_OPTION,
    json: { type: 'boolean', help: 'print the result as JSON lines' },
    matcher: {
      type: 'string',
      value: 'PATTERN',
      help: 'the tools the hook is for, e.g. "edit_file|Bash" (PreToolUse and PostToolUse)',
      defaultText: 'every tool',
    },
    command: {
      type: 'string',
      value: 'CMD',
      help: 'the command the hook runs; it reads the event as JSON on stdin, exit 2 blocks',
      defaultText: 'none: add needs one',
    },
    timeout: {
      type: 'string',
      value: 'SECONDS',
      help: `how long the hook may run (1-${MAX_HOOK_TIMEOUT_SECONDS})`,
      defaultText: String(DEFAULT_HOOK_TIMEOUT_SECONDS),
    },
    everywhere: {
      type: 'boolean',
      help: 'the hook runs in every project, not only this one',
    },
    all: { type: 'boolean', help: 'approve every project hook not approved as it is now' },
    yes: {
      type: 'boolean',
      help: 'approve what is shown without asking (needed where there is no terminal)',
    },
    tool: {
      type: 'string',
      value: 'NAME',
      help: 'the tool of the sample call (PreToolUse and PostToolUse)',
      defaultText: SAMPLE_TOOL,
    },
    input: {
      type: 'string',
      value: 'JSON',
      help: 'the sample call\'s input, a JSON object, e.g. \'{"command":"npm test"}\'',
      defaultText: '{}',
    },
    prompt: {
      type: 'string',
      value: 'TEXT',
      help: 'the sample prompt (UserPromptSubmit)',
      defaultText: 'an empty prompt',
    },
  },
  forms: [
    {
      words: 'list',
      options: ['project', 'json'],
      summary:
        "List your hooks and the project's (.sluice/hooks.json) with their trust and the file's problems (also: sluice hooks).",
    },
    {
      words: 'add',
      args: 'EVENT',
      options: ['matcher', 'command', 'timeout', 'everywhere', 'project', 'json'],
      required: ['command'],
      summary: 'Add a hook of yours, for this project or (--everywhere) every project.',
    },
    {
      words: 'remove',
      args: 'ID',
      options: ['project', 'json'],
      summary:
        "Remove a hook of yours by the id list prints (a project's hook is removed from its file).",
    },
    {
      words: 'approve',
      args: '[ID]',
      options: ['all', 'yes', 'project', 'json'],
      summary:
        'Approve a project hook (or --all of them) exactly as it is now; each is shown first, and a change asks again.',
    },
    {
      words: 'test',
      args: 'EVENT',
      options: ['tool', 'input', 'prompt', 'project', 'json'],
      summary: "Run the event's matching hooks with a sample input and print each run.",
    },
  ],
  notes: [
    `EVENT: ${HOOK_EVENTS.join(', ')}.`,
    'Project hooks (.sluice/hooks.json) run only once approved as they are, always confined; yours run as your commands do.',
  ],
} as const satisfies VerbTable<VerbOptions>;
