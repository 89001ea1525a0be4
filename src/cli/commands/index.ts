// Every `sluice` verb: its name, usage and summary here (help needs nothing else), its code in
// its own file, loaded only when that verb runs, so `sluice --help` or `sluice def` never pays
// for TypeScript, the SDK or another verb's imports. Adding a verb: write
// `commands/<verb>.ts` with `export default defineVerb({...})` and add one entry here.
import type { CliCommand, Verb, VerbInfo } from '../cli-io';

export interface LazyVerb extends VerbInfo {
  load(): Promise<Verb>;
}

/** A lazy entry, or (discouraged: its imports load with every verb) an eager CliCommand. */
export type VerbEntry = LazyVerb | CliCommand;

const lazy = (info: VerbInfo, load: () => Promise<{ default: Verb }>): LazyVerb => ({
  ...info,
  load: async () => (await load()).default,
});

export const verbs: readonly VerbEntry[] = [
  lazy(
    {
      name: 'ask',
      usage:
        'sluice ask [PROMPT] --project DIR [--mode ask|auto-edit|read-only|propose] [--model M] [--max-turns N] [--timeout SECONDS (propose)] [--conversation ID] [--json]',
      summary: 'Ask Claude about (or to change) a project; streams the answer.',
    },
    () => import('./ask'),
  ),
  lazy(
    {
      name: 'tool',
      usage: 'sluice tool NAME --project DIR --input JSON [--yes] [--json]',
      summary: 'Run one tool through the sandbox and print its result.',
    },
    () => import('./tool'),
  ),
  lazy(
    {
      name: 'checkpoints',
      usage: 'sluice checkpoints --project DIR [--conversation ID] [--json]',
      summary: 'List the changes Sluice applied in a project (newest first).',
    },
    () => import('./checkpoints'),
  ),
  lazy(
    {
      name: 'undo',
      usage: 'sluice undo ID --project DIR [--turn] [--force] [--json]',
      summary: 'Undo one applied change (or, with --turn, every change of a turn).',
    },
    () => import('./undo'),
  ),
  lazy(
    {
      name: 'check',
      usage: 'sluice check --project DIR [--proposal ID] [--timeout SECONDS] [--json]',
      summary: "Print a project's errors, or those a change set would introduce and fix.",
    },
    () => import('./check'),
  ),
  lazy(
    {
      name: 'index',
      usage: 'sluice index --project DIR [--json]',
      summary: 'Build or refresh the symbol index and print its statistics.',
    },
    () => import('./index-verb'),
  ),
  lazy(
    {
      name: 'def',
      usage: 'sluice def SYMBOL --project DIR [--from FILE] [--kind KIND] [--json]',
      summary: 'Print where a symbol (TS/JS, Python, Go, Rust, Java) is defined.',
    },
    () => import('./def'),
  ),
  lazy(
    {
      name: 'importers',
      usage: 'sluice importers TARGET --project DIR [--json]   TARGET: file path or file#symbol',
      summary: 'Print every import of a file or of one of its symbols.',
    },
    () => import('./importers'),
  ),
  lazy(
    {
      name: 'serve',
      usage: 'sluice serve --project DIR [--port P]',
      summary: 'Browser mode: the Sluice UI on 127.0.0.1, behind a token.',
    },
    () => import('./serve'),
  ),
  lazy(
    {
      name: 'proposals',
      usage: 'sluice proposals --project DIR [--json]',
      summary: 'List the change sets that runs in propose mode left for review.',
    },
    () => import('./proposals'),
  ),
  lazy(
    {
      name: 'proposal',
      usage:
        'sluice proposal show|apply|reject ID [--project DIR] [--files PATH…] [--hunks PATH:N,M…] [--revision R] [--reason TEXT] [--json]',
      summary: 'Show, apply (all, by file or by hunk) or reject one change set.',
    },
    () => import('./proposal'),
  ),
  lazy(
    {
      name: 'mcp',
      usage: [
        'sluice mcp [serve] --project DIR',
        'sluice mcp list [--project DIR] [--tools] [--json]',
        'sluice mcp add NAME [--env KEY=VALUE]… [--timeout SECONDS] -- COMMAND [ARG…]',
        'sluice mcp add NAME --url URL [--header "Name: value"]… [--timeout SECONDS]',
        'sluice mcp add --from FILE [NAME…]        import a Claude Code style .mcp.json',
        'sluice mcp remove NAME',
        'sluice mcp approve NAME --project DIR [--hash PREFIX]',
        'sluice mcp allow SERVER TOOL --project DIR [--hash PREFIX]',
        'sluice mcp deny SERVER [TOOL] [--project DIR]',
        'sluice mcp reset SERVER [TOOL] [--project DIR]',
      ].join('\n'),
      summary:
        "Serve the project over MCP (stdio), or manage your MCP servers and the project's suggested ones.",
    },
    () => import('./mcp'),
  ),
  lazy(
    {
      name: 'rules',
      usage:
        'sluice rules [list | add command WORD… | add path GLOB | add network HOST… | remove ID | mode ask|auto-edit|read-only | tests [--on|--off] [--command CMD] [--deadline SECONDS]] --project DIR [--allow|--ask|--deny] [--tool T] [--prefix "WORD…"] [--json]',
      summary:
        "List, add or remove the project's approval rules, set its approval mode, or switch its tests before approval.",
    },
    () => import('./rules'),
  ),
  lazy(
    {
      name: 'audit',
      usage:
        'sluice audit --project DIR [--limit N (1-1000, default 50)] [--kind file|command|mcp] [--json]',
      summary: 'Print the approval decisions (file writes, commands, MCP calls), newest first.',
    },
    () => import('./audit'),
  ),
];
