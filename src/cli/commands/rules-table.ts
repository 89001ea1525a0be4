// `sluice rules`' flags and forms: the table its parser checks each form against
// (checkForm) and its usage and `--help` are generated from.
import { PROJECT_OPTION, type VerbOptions, type VerbTable } from '../define-verb';

const ACTION = 'one of --allow, --ask, --deny';

export const RULES_TABLE = {
  name: 'rules',
  options: {
    project: PROJECT_OPTION,
    json: { type: 'boolean', help: 'print the result as one JSON line' },
    allow: { type: 'boolean', help: `the rule allows (${ACTION})` },
    ask: { type: 'boolean', help: `the rule asks (${ACTION})` },
    deny: { type: 'boolean', help: `the rule denies (${ACTION})` },
    tool: {
      type: 'string',
      value: 'T',
      help: 'the file tool a path rule is for: write, read, …',
      defaultText: 'write',
    },
    prefix: {
      type: 'string',
      value: '"WORD…"',
      help: 'a network rule only for commands starting with these words',
      defaultText: 'every command',
    },
    on: { type: 'boolean', help: 'tests before approval: switch them on for this project' },
    off: { type: 'boolean', help: 'tests before approval: switch them off for this project' },
    command: {
      type: 'string',
      value: 'CMD',
      help: 'tests before approval: the runner command to use',
      defaultText: 'the one the project names (package.json, pytest, go test)',
    },
    deadline: {
      type: 'string',
      value: 'SECONDS',
      help: 'tests before approval: the live deadline',
      defaultText: '60',
    },
  },
  forms: [
    {
      words: 'list',
      options: ['project', 'json'],
      summary: "List the project's approval mode and rules (also: sluice rules).",
    },
    {
      words: 'add command',
      args: 'WORD…',
      options: ['project', 'allow', 'ask', 'deny', 'json'],
      summary: 'Add a command rule: commands starting with these words.',
    },
    {
      words: 'add path',
      args: 'GLOB',
      options: ['project', 'allow', 'ask', 'deny', 'tool', 'json'],
      summary: 'Add a file path rule: paths matching the glob, e.g. "src/**".',
    },
    {
      words: 'add network',
      args: 'HOST…',
      options: ['project', 'prefix', 'json'],
      summary: 'Let allowed commands reach these hosts.',
    },
    {
      words: 'remove',
      args: 'ID',
      options: ['project', 'json'],
      summary: 'Remove a rule by the id list prints.',
    },
    {
      words: 'mode',
      args: 'ask|clean|auto-edit|read-only|plan',
      options: ['project', 'json'],
      summary:
        "Set the project's approval mode (clean: ask, but apply without asking a write whose evidence is clean; plan: explore read-only and approve a plan before any write).",
    },
    {
      words: 'tests',
      options: ['project', 'on', 'off', 'command', 'deadline', 'json'],
      summary: 'Show or change tests before approval for the project.',
    },
  ],
} as const satisfies VerbTable<VerbOptions>;
