// `sluice mcp list|add|remove|approve|allow|deny|reset`: what Settings → MCP
// servers does, for a person who lives in the terminal. The app DB under SLUICE_HOME is the
// same one Settings uses; the ProjectMcpServers and the repository do the work (validation, entry
// hashes, identity keys, pins), so the rules are theirs. Only `list --tools` and `allow` start
// servers (to read the tools' current definitions); they stop when the command ends. Server
// text (descriptions, entries, notices) is printed with control characters made visible.
import { existsSync } from 'node:fs';
import { askYesNo } from '../terminal-yes-no';
import type { McpServerView } from '../../shared/contract/mcp-service';
import { personServerKey } from '../../main/core/mcp-client/mcp-config';
import { ProjectMcpServers } from '../../main/core/mcp-client/project-mcp-servers';
import { appDatabasePath, openAppDatabase } from '../../main/core/store/app-database';
import type { WritableDb } from '../../main/core/store/database-handles';
import { createMcpRepository, type McpRepository } from '../../main/core/mcp-client/mcp-repository';
import { projectIdFor } from '../../main/core/store/project-id';
import { PROJECT_MCP_FILE } from '../../main/core/project/project-mcp';
import { configToAdd, describeShort, importFile, refuse, saveChecked } from '../mcp-entry-args';
import { ExitCode, UsageError, writeJsonLine, type CliIo } from '../cli-io';
import { ANY_POSITIONALS, checkForm, defineVerb } from '../define-verb';
import { oneLine } from '../one-line-text';
import { openProject, sluiceHomeFor } from '../project-context';
import { showUntrusted } from '../terminal-mcp-approval';
import { MCP_TABLE, mcpFormOptions } from './mcp-table';

function printServer(io: CliIo, view: McpServerView, project: string | undefined): void {
  const who = view.origin === 'person' ? 'yours' : 'project';
  const state = view.needsApproval
    ? `not approved: review it with sluice mcp approve ${view.name} --project ${project ?? 'DIR'}`
    : view.state;
  io.stdout.write(
    `${oneLine(view.name)} (${who}, ${oneLine(state)})\n  ${showUntrusted(view.entry).replace(/\n/gu, '\n  ')}\n`,
  );
  if (view.origin === 'project') io.stdout.write(`  entry hash ${view.entryHash.slice(0, 12)}\n`);
  const flags = [
    view.denyAll ? 'every tool denied' : '',
    view.trustReadOnly ? 'read-only-annotated tools run without asking' : '',
  ].filter(Boolean);
  if (flags.length) io.stdout.write(`  ${flags.join('; ')}\n`);
  if (view.message) io.stdout.write(`  ${showUntrusted(view.message)}\n`);
  if (view.deferred) io.stdout.write(`  deferred: ${showUntrusted(view.deferred)}\n`);
  for (const tool of view.tools) {
    const hash = tool.definitionHash ? `  definition ${tool.definitionHash.slice(0, 12)}` : '';
    io.stdout.write(`  ${oneLine(tool.name)}: ${tool.policy}${hash}\n`);
    if (tool.withheld)
      io.stdout.write(`    withheld: ${showUntrusted(tool.withheld).replace(/\n/gu, '\n    ')}\n`);
  }
}

function hashMatches(given: string, actual: string, what: string): void {
  if (!/^[0-9a-f]{8,64}$/u.test(given))
    throw new UsageError(
      `--hash takes at least 8 hex digits of the ${what} shown by sluice mcp list.`,
    );
  if (!actual.startsWith(given))
    refuse(
      `the ${what} is ${actual.slice(0, 12)} now, not ${given}: it changed since you saw it; nothing was changed, review it again (sluice mcp list).`,
    );
}

interface Context {
  readonly io: CliIo;
  readonly db: WritableDb;
  readonly repo: McpRepository;
  readonly manager: ProjectMcpServers;
  readonly project: string | undefined;
}

async function openContext(
  io: CliIo,
  db: WritableDb,
  project: string | undefined,
): Promise<Context> {
  const repo = createMcpRepository(db);
  const workspace = project === undefined ? null : (await openProject(io, project)).workspace;
  const manager = new ProjectMcpServers({
    repo,
    projectId: workspace ? projectIdFor(workspace.root) : '',
    projectRoot: workspace?.root ?? io.cwd,
    readProjectFile: async () =>
      workspace ? workspace.readText(PROJECT_MCP_FILE).catch(() => null) : null,
    mode: () => 'ask',
    env: io.env,
  });
  return { io, db, repo, manager, project };
}

async function viewOf(ctx: Context, name: string): Promise<McpServerView> {
  const { servers } = await ctx.manager.servers();
  const view = servers.find((s) => s.name === name);
  if (!view)
    refuse(
      `there is no MCP server "${oneLine(name)}"${ctx.project === undefined ? " of yours (a project's server needs --project DIR)" : ''}.`,
    );
  return view;
}

function printNotices(io: CliIo, notices: readonly string[]): void {
  for (const notice of new Set(notices)) io.stderr.write(`MCP: ${showUntrusted(notice)}\n`);
}

async function run(
  form: string,
  words: string[],
  values: Record<string, unknown>,
  ctx: Context,
): Promise<ExitCode> {
  const { io, repo } = ctx;
  const [, name, tool] = words;
  switch (form) {
    case 'list':
      return listServers(ctx, values);
    case 'add':
      return addServer(ctx, words, values);
    case 'remove': {
      if (!name) throw new UsageError('give the NAME of the server to remove.');
      if (!repo.removeServer(name)) refuse(`you have no MCP server "${oneLine(name)}".`);
      io.stdout.write(
        `Removed ${oneLine(name)} and its settings (always-allow, deny, pinned definitions, read-only trust).\n`,
      );
      return ExitCode.Ok;
    }
    case 'approve':
      if (!name) throw new UsageError('give the NAME of the project server to approve.');
      return approveServer(ctx, name, values);
    case 'allow':
      if (!name || !tool) throw new UsageError('give the SERVER and the TOOL to always allow.');
      return allowTool(ctx, name, tool, values);
    case 'deny':
    case 'reset':
      return denyOrReset(ctx, form, name, tool);
    default:
      throw new UsageError(`unknown form "${oneLine(form)}".`);
  }
}

/** `list [--tools]`: every server of yours (and the project's), with its tools' settings. */
async function listServers(ctx: Context, values: Record<string, unknown>): Promise<ExitCode> {
  const { io, manager } = ctx;
  if (values.tools && ctx.project === undefined)
    throw new UsageError(
      '--tools starts the servers, which learn the project from Sluice: give --project DIR.',
    );
  const listed = values.tools ? await manager.tools() : null;
  const { servers, notices } = await manager.servers();
  if (values.json) {
    writeJsonLine(io, { servers, notices: [...notices, ...(listed?.notices ?? [])] });
    return ExitCode.Ok;
  }
  printNotices(io, [...notices, ...(listed?.notices ?? [])]);
  if (!servers.length) io.stdout.write('No MCP servers (add one with sluice mcp add).\n');
  for (const view of servers) printServer(io, view, ctx.project);
  return ExitCode.Ok;
}

/** `add NAME -- COMMAND…`, `add NAME --url URL` or `add --from FILE`: a server of yours. */
function addServer(ctx: Context, words: string[], values: Record<string, unknown>): ExitCode {
  const { io, repo } = ctx;
  if (typeof values.from === 'string') {
    for (const line of importFile(io, repo, values.from, words.slice(1)))
      io.stdout.write(`${line}\n`);
    return ExitCode.Ok;
  }
  const config = configToAdd(words, values);
  const before = repo.listServers().find((s) => s.name === config.name);
  const saved = saveChecked(repo, config);
  const replaced = before
    ? personServerKey(before) === personServerKey(saved)
      ? ' (replaced; the same program, so its settings stay)'
      : ' (replaced a different program: its settings were cleared)'
    : '';
  io.stdout.write(
    `Added ${oneLine(saved.name)}: ${showUntrusted(describeShort(saved))}${replaced}\n`,
  );
  return ExitCode.Ok;
}

/** `approve NAME [--hash H]`: a project server, exactly as its entry reads now. */
async function approveServer(
  ctx: Context,
  name: string,
  values: Record<string, unknown>,
): Promise<ExitCode> {
  const { io, manager } = ctx;
  const view = await viewOf(ctx, name);
  if (view.origin !== 'project')
    refuse(`"${oneLine(name)}" is your own server; it needs no approval.`);
  io.stderr.write(
    `Project server ${oneLine(name)} from ${PROJECT_MCP_FILE}:\n  ${showUntrusted(view.entry)}\n  entry hash ${view.entryHash.slice(0, 12)}\n`,
  );
  if (!view.needsApproval) {
    io.stdout.write(`${oneLine(name)} is already approved as it is now.\n`);
    return ExitCode.Ok;
  }
  if (typeof values.hash === 'string') hashMatches(values.hash, view.entryHash, 'entry hash');
  else if (io.stdin.isTTY && io.stderr.isTTY) {
    if (
      !(await askYesNo(
        io,
        'Approve this server exactly as shown? It runs with your rights. [y]es / [n]o > ',
      ))
    )
      refuse('not approved.');
  } else
    refuse(
      `there is no terminal to ask you; to approve exactly this entry give --hash ${view.entryHash.slice(0, 12)} (as sluice mcp list --project DIR shows it).`,
    );
  await manager.approveProjectEntry(name, view.entryHash);
  io.stdout.write(
    `Approved ${oneLine(name)} as shown; a change to its entry or the files it runs asks again.\n`,
  );
  return ExitCode.Ok;
}

/** `allow SERVER TOOL [--hash H]`: always allowed, for the definition the server lists now. */
async function allowTool(
  ctx: Context,
  name: string,
  tool: string,
  values: Record<string, unknown>,
): Promise<ExitCode> {
  const { io, manager } = ctx;
  if (ctx.project === undefined)
    throw new UsageError(
      'allow starts the server to read the tool as defined now: give --project DIR.',
    );
  const before = await viewOf(ctx, name);
  if (before.needsApproval)
    refuse(`approve the server first (sluice mcp approve ${oneLine(name)} --project DIR).`);
  const listed = await manager.tools();
  const view = await viewOf(ctx, name);
  const shown = view.tools.find((t) => t.name === tool);
  if (!shown?.definitionHash) {
    printNotices(io, listed.notices);
    refuse(`server "${oneLine(name)}" does not list a tool "${oneLine(tool)}" now.`);
  }
  if (typeof values.hash === 'string') hashMatches(values.hash, shown.definitionHash, 'definition');
  const def = await manager.currentDefinition(view.key, tool);
  await manager.setToolPolicy(view.key, tool, 'allow', shown.definitionHash);
  io.stdout.write(
    `Always allowed ${oneLine(tool)} of ${oneLine(name)}, as defined now (definition ${shown.definitionHash.slice(0, 12)}); a changed definition is withheld until you approve it.\nIts description (the server's words):\n  ${showUntrusted(def?.description || '(none)').replace(/\n/gu, '\n  ')}\n`,
  );
  return ExitCode.Ok;
}

/** `deny SERVER [TOOL]` and `reset SERVER [TOOL]`: a tool, or every tool, denied or asking again. */
async function denyOrReset(
  ctx: Context,
  form: 'deny' | 'reset',
  name: string | undefined,
  tool: string | undefined,
): Promise<ExitCode> {
  const { io, repo } = ctx;
  if (!name)
    throw new UsageError(
      `give the SERVER${form === 'deny' ? ' (and a TOOL, or none for every tool)' : ''}.`,
    );
  const view = await viewOf(ctx, name);
  if (tool) {
    repo.setToolPolicy(view.key, tool, form === 'deny' ? 'deny' : 'ask');
    io.stdout.write(
      form === 'deny'
        ? `Denied ${oneLine(tool)} of ${oneLine(name)}.\n`
        : `${oneLine(tool)} of ${oneLine(name)} asks again.\n`,
    );
  } else if (form === 'deny') {
    repo.setServerPrefs(view.key, { denyAll: true });
    io.stdout.write(`Denied every tool of ${oneLine(name)}.\n`);
  } else {
    repo.setServerPrefs(view.key, { denyAll: false, trustReadOnly: false });
    io.stdout.write(
      `${oneLine(name)}: tools are no longer all denied, and read-only-annotated tools ask again.\n`,
    );
  }
  return ExitCode.Ok;
}

export default defineVerb({
  ...MCP_TABLE,
  positionals: ANY_POSITIONALS,
  async run({ values, positionals, io }) {
    const [form = 'list'] = positionals;
    const allowed = form === 'serve' ? undefined : mcpFormOptions(form);
    if (!allowed) throw new UsageError(`unknown form "${oneLine(form)}".`);
    const most: Record<string, number> = {
      list: 1,
      remove: 2,
      approve: 2,
      allow: 3,
      deny: 3,
      reset: 3,
    };
    checkForm({
      name: `mcp ${form}`,
      values,
      options: allowed,
      words: positionals,
      most: most[form],
    });
    const home = sluiceHomeFor(io);
    // Listing or removing never creates the app DB just to find it empty.
    if (!existsSync(appDatabasePath(home)) && (form === 'list' || form === 'remove')) {
      if (form === 'remove') {
        io.stderr.write(`sluice mcp: you have no MCP server "${oneLine(positionals[1] ?? '')}".\n`);
        return ExitCode.Failure;
      }
      if (values.project === undefined) {
        if (values.json) writeJsonLine(io, { servers: [], notices: [] });
        else io.stdout.write('No MCP servers (add one with sluice mcp add).\n');
        return ExitCode.Ok;
      }
    }
    const db = openAppDatabase({ home });
    let ctx: Context | undefined;
    try {
      ctx = await openContext(
        io,
        db,
        typeof values.project === 'string' ? values.project : undefined,
      );
      return await run(form, positionals, values, ctx);
    } catch (error) {
      // A refusal (ours, the store's or the manager's: a changed entry, an unlisted tool) is
      // exit 1 with its reason; a usage error stays exit 2.
      if (error instanceof UsageError || !(error instanceof Error)) throw error;
      io.stderr.write(`sluice mcp: ${showUntrusted(error.message)}\n`);
      return ExitCode.Failure;
    } finally {
      await ctx?.manager.close();
      db.close();
    }
  },
});
