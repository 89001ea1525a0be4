// `sluice mcp`'s flags and forms, in a file of their own: the serve form (mcp-serve.ts) and the
// managing forms (mcp-manage.ts) parse with this table, and `sluice mcp --help` prints it
// without loading either.
import { PROJECT_OPTION, type VerbOptions, type VerbTable } from '../define-verb';

/** The three `add` forms (a command, an HTTP URL, a .mcp.json file) are one verb to a person. */
const ADD_SUMMARY =
  'Add (or replace) one of your servers: a command, an HTTP URL, or a .mcp.json file.';

export const MCP_TABLE = {
  name: 'mcp',
  options: {
    project: {
      ...PROJECT_OPTION,
      help: 'serve: the project served; list, approve, allow, deny, reset: the project whose .mcp.json servers are included',
      defaultText: `serve: ${PROJECT_OPTION.defaultText}; the others: none (your own servers only)`,
    },
    json: { type: 'boolean', help: 'print the list as one JSON line' },
    tools: {
      type: 'boolean',
      help: 'start the servers and list their tools (needs --project)',
    },
    env: {
      type: 'string',
      multiple: true,
      value: 'KEY=VALUE',
      help: "a variable in the server's environment",
      defaultText: 'none',
    },
    header: {
      type: 'string',
      multiple: true,
      value: '"Name: value"',
      help: 'an HTTP header sent to a --url server',
      defaultText: 'none',
    },
    url: {
      type: 'string',
      value: 'URL',
      help: 'an HTTP (streamable) server instead of a command',
      defaultText: 'none: a command after --',
    },
    timeout: {
      type: 'string',
      value: 'SECONDS',
      help: "a tool call's time limit (1-3600)",
      defaultText: '120',
    },
    from: {
      type: 'string',
      value: 'FILE',
      help: 'import the servers of a Claude Code style .mcp.json (only the NAMEs given, if any)',
      defaultText: 'none',
    },
    hash: {
      type: 'string',
      value: 'PREFIX',
      help: 'approve only if the entry hash (or tool definition) still starts so, as list showed it',
      defaultText: 'ask on the terminal; refused without one',
    },
  },
  forms: [
    {
      words: 'serve',
      options: ['project'],
      summary:
        "Serve the project's read tools and reviewed edits over MCP on stdio (sluice mcp --project DIR does the same).",
    },
    {
      words: 'list',
      options: ['project', 'tools', 'json'],
      summary: "List your MCP servers and, with --project, the project's suggested ones.",
    },
    {
      words: 'add',
      args: 'NAME',
      tail: '-- COMMAND [ARG…]',
      options: ['env', 'timeout'],
      summary: ADD_SUMMARY,
    },
    {
      words: 'add',
      args: 'NAME',
      options: ['url', 'header', 'timeout'],
      required: ['url'],
      summary: ADD_SUMMARY,
    },
    {
      words: 'add',
      tail: '[NAME…]',
      options: ['from'],
      required: ['from'],
      summary: ADD_SUMMARY,
    },
    {
      words: 'remove',
      args: 'NAME',
      options: [],
      summary: 'Remove one of your servers and its settings.',
    },
    {
      words: 'approve',
      args: 'NAME',
      options: ['project', 'hash'],
      summary: "Approve a project's suggested server exactly as its entry is now.",
    },
    {
      words: 'allow',
      args: 'SERVER TOOL',
      options: ['project', 'hash'],
      summary: 'Always allow one tool, as it is defined now.',
    },
    {
      words: 'deny',
      args: 'SERVER [TOOL]',
      options: ['project'],
      summary: 'Deny one tool, or every tool of a server.',
    },
    {
      words: 'reset',
      args: 'SERVER [TOOL]',
      options: ['project'],
      summary: "Make a tool (or a server's tools) ask again.",
    },
  ],
} as const satisfies VerbTable<VerbOptions>;

/** The flags a form takes (every `add` form's, for add). */
export function mcpFormOptions(words: string): readonly string[] | undefined {
  const forms = MCP_TABLE.forms.filter((f) => f.words === words);
  return forms.length ? [...new Set(forms.flatMap((f) => f.options))] : undefined;
}
