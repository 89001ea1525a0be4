// Every `sluice` verb: its name and one-line summary here (`sluice --help` needs nothing else),
// its code, option table and forms in its own file, loaded only when that verb runs (or asked
// for its `--help`), so `sluice --help` or `sluice def` never pays for TypeScript, the SDK or
// another verb's imports. Adding a verb: write `commands/<verb>.ts` with
// `export default defineVerb({ name, args, options, run })` (its usage and `--help` are
// generated from that table) and add one entry here.
import type { Verb, VerbInfo } from '../cli-io';

export interface LazyVerb extends VerbInfo {
  load(): Promise<Verb>;
}

const lazy = (info: VerbInfo, load: () => Promise<{ default: Verb }>): LazyVerb => ({
  ...info,
  load: async () => (await load()).default,
});

export const verbs: readonly LazyVerb[] = [
  lazy(
    {
      name: 'session',
      summary: 'A conversation on this terminal (also: sluice, sluice "PROMPT", sluice -c).',
    },
    () => import('./session'),
  ),
  lazy(
    { name: 'ask', summary: 'Ask Claude about (or to change) a project; streams the answer.' },
    () => import('./ask'),
  ),
  lazy(
    {
      name: 'conversations',
      summary: "List the project's conversations, newest first; --search finds one again.",
    },
    () => import('./conversations'),
  ),
  lazy(
    { name: 'tool', summary: 'Run one tool through the sandbox and print its result.' },
    () => import('./tool'),
  ),
  lazy(
    {
      name: 'checkpoints',
      summary: 'List the changes Sluice applied in a project (newest first).',
    },
    () => import('./checkpoints'),
  ),
  lazy(
    { name: 'undo', summary: 'Undo one applied change (or, with --turn, every change of a turn).' },
    () => import('./undo'),
  ),
  lazy(
    {
      name: 'check',
      summary: "Print a project's errors, or those a change set would introduce and fix.",
    },
    () => import('./check'),
  ),
  lazy(
    { name: 'index', summary: 'Build or refresh the symbol index and print its statistics.' },
    () => import('./index-verb'),
  ),
  lazy(
    { name: 'def', summary: 'Print where a symbol (TS/JS, Python, Go, Rust, Java) is defined.' },
    () => import('./def'),
  ),
  lazy(
    { name: 'importers', summary: 'Print every import of a file or of one of its symbols.' },
    () => import('./importers'),
  ),
  lazy(
    { name: 'serve', summary: 'Browser mode: the Sluice UI on 127.0.0.1, behind a token.' },
    () => import('./serve'),
  ),
  lazy(
    {
      name: 'proposals',
      summary: 'List the change sets that runs in propose mode left for review.',
    },
    () => import('./proposals'),
  ),
  lazy(
    {
      name: 'proposal',
      summary: 'Show, apply (all, by file or by hunk) or reject one change set.',
    },
    () => import('./proposal'),
  ),
  lazy(
    {
      name: 'mcp',
      summary:
        "Serve the project over MCP (stdio), or manage your MCP servers and the project's suggested ones.",
    },
    () => import('./mcp'),
  ),
  lazy(
    {
      name: 'rules',
      summary:
        "List, add or remove the project's approval rules, set its approval mode, or switch its tests before approval.",
    },
    () => import('./rules'),
  ),
  lazy(
    {
      name: 'hooks',
      summary:
        "List, add, remove, approve or test your hooks and the project's (.sluice/hooks.json).",
    },
    () => import('./hooks'),
  ),
  lazy(
    {
      name: 'audit',
      summary: 'Print the approval decisions (file writes, commands, MCP calls), newest first.',
    },
    () => import('./audit'),
  ),
  lazy(
    {
      name: 'diff',
      summary:
        "The working tree against HEAD, marking Sluice's changes and yours; revert a file or hunks to HEAD.",
    },
    () => import('./diff'),
  ),
  lazy(
    {
      name: 'commit',
      summary:
        'Commit with your identity and hooks; without --message the model drafts the message for you to edit.',
    },
    () => import('./commit'),
  ),
  lazy(
    {
      name: 'worktrees',
      summary: 'List, merge, apply or remove the worktrees `sluice ask --worktree` made.',
    },
    () => import('./worktrees'),
  ),
];
