// The MCP servers of one open project: the person's own servers and the
// project's suggestions from `.sluice/mcp.json`, of which only entries the person approved
// (by hash) ever start. Servers start lazily when tools are first asked for; their tools are
// validated, withheld when their definition changed since the person approved it, and offered
// as `mcp__<server>__<tool>` ToolDefinitions whose calls pass the MCP gate (mcp-tool.ts).
// close() stops them all.
import { homedir } from 'node:os';
import type { ApprovalMode } from '../../../shared/approvals';
import type { McpServerView } from '../../../shared/contract/mcp-service';
import type { ApprovalAudit } from '../store/approval-audit-records';
import type { McpRepository, McpToolPolicy } from './mcp-repository';
import type { ToolDefinition } from '../tools/tool';
import type { McpServerConfig, McpServerOrigin } from './mcp-config';
import { McpConnection, type McpConnectionOptions, type McpServerStatus } from './mcp-connection';
import {
  describeDefinitionChange,
  MAX_TOOLS_PER_SERVER,
  validateToolList,
  type McpToolDefinition,
} from './mcp-definitions';
import { listMcpEntries, type McpEntry } from './mcp-entries';
import { createMcpTool } from './mcp-tool';
import { expandVariables } from './mcp-variables';
import { type ServerTools } from './mcp-tool-budget';
import { offerWithinBudget } from './mcp-tool-search';

export interface ProjectMcpServersDeps {
  readonly repo: McpRepository;
  readonly projectId: string;
  readonly projectRoot: string;
  /** `.sluice/mcp.json` as text, or null when the project has none. */
  readonly readProjectFile: () => Promise<string | null>;
  readonly mode: () => ApprovalMode;
  readonly connection?: McpConnectionOptions;
  /**
   * Where the person's own servers start (default: their home folder). Never the project:
   * `npx tool` or `python -m tool` started there would run the project's copy of the tool.
   */
  readonly personServerCwd?: string;
  /** Where every call's verdict, decision and end are recorded (the approval audit trail). */
  readonly audit?: ApprovalAudit | undefined;
  /** Where `${VAR}` in entries is read from when a server starts (default: process.env). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface McpToolList {
  readonly tools: ToolDefinition[];
  readonly notices: string[];
  /** Definitions `search_tools` loaded in this turn (present when some server is deferred). */
  readonly loaded?: () => readonly ToolDefinition[];
}

export { projectServerKey } from './mcp-entries';

/** tools/list pages read from one server before it is taken as endless (fails closed). */
export const MAX_TOOL_LIST_PAGES = 50;

interface Listed {
  readonly starts: number;
  readonly tools: McpToolDefinition[];
  readonly notices: string[];
}

export class ProjectMcpServers {
  private readonly connections = new Map<string, McpConnection>();
  private readonly listed = new Map<string, Listed>();
  private readonly stale = new Set<string>();
  /** Why a server's tools were deferred in the last turn (mcp-tool-budget.ts), by key. */
  private deferred = new Map<string, string>();
  private closed = false;

  constructor(private readonly deps: ProjectMcpServersDeps) {}

  /** Every configured server with what the person needs to see; starts nothing. */
  async servers(): Promise<{ servers: McpServerView[]; notices: string[] }> {
    const { entries, notices } = await this.entries();
    const servers = entries.map(({ config, origin, key, approved, hash, shown }) => {
      const connection = this.connections.get(key);
      const status = connection?.status();
      const serverPrefs = this.deps.repo.serverPrefs(key);
      const prefs = this.deps.repo.toolPrefs(key);
      const listed = this.listed.get(key)?.tools ?? [];
      const names = new Set([...listed.map((t) => t.name), ...prefs.keys()]);
      return {
        name: config.name,
        key,
        origin,
        entry: shown,
        entryHash: hash,
        needsApproval: !approved,
        state: status?.state ?? 'stopped',
        deferred: this.deferred.get(key) ?? null,
        message: status?.message ?? null,
        trustReadOnly: serverPrefs.trustReadOnly,
        denyAll: serverPrefs.denyAll,
        logs: connection?.logs() ?? [],
        tools: [...names].sort().map((name) => {
          const current = listed.find((t) => t.name === name);
          return {
            name,
            policy: prefs.get(name)?.policy ?? 'ask',
            withheld: current ? this.withheldReason(key, current) : null,
            definitionHash: current?.hash ?? null,
          };
        }),
      };
    });
    return { servers, notices };
  }

  /** One server's process status (pid, starts) while it is known here. */
  connectionStatus(key: string): McpServerStatus | null {
    return this.connections.get(key)?.status() ?? null;
  }

  private entries(): Promise<{ entries: McpEntry[]; notices: string[] }> {
    return listMcpEntries(this.deps);
  }

  /** Approves a project entry exactly as it is now (its hash). */
  async approveProjectEntry(name: string, entryHash: string): Promise<void> {
    const { entries } = await this.entries();
    const entry = entries.find((e) => e.origin === 'project' && e.config.name === name);
    if (!entry) throw new Error(`.sluice/mcp.json has no server "${name}".`);
    if (entry.hash !== entryHash)
      throw new Error(`server "${name}" changed since it was shown to you; review it again.`);
    this.deps.repo.approveEntry(this.deps.projectId, name, entryHash);
  }

  private withheldReason(key: string, tool: McpToolDefinition): string | null {
    const pref = this.deps.repo.toolPrefs(key).get(tool.name);
    if (!pref?.pinnedHash || pref.pinnedHash === tool.hash) return null;
    let pinned: Pick<McpToolDefinition, 'description' | 'inputSchema' | 'annotations'>;
    try {
      pinned = JSON.parse(pref.pinnedDefinition ?? '{}') as typeof pinned;
    } catch {
      pinned = { description: '', inputSchema: {}, annotations: {} };
    }
    const changes = describeDefinitionChange(pinned, tool);
    return `the definition of ${tool.apiName} changed since you approved it; it is withheld until you approve it again.\n${changes.join('\n')}`;
  }

  /** Pins a tool's current definition: a changed tool is offered again, as now defined. */
  approveDefinition(key: string, tool: McpToolDefinition): void {
    this.deps.repo.pin(
      key,
      tool.name,
      tool.hash,
      JSON.stringify({
        description: tool.description,
        inputSchema: tool.inputSchema,
        annotations: tool.annotations,
      }),
    );
  }

  /**
   * Always-allow / deny / ask for one tool; allowing pins the definition listed now, which
   * must be the one the person saw (`shownHash`) when the caller names it.
   */
  async setToolPolicy(
    key: string,
    tool: string,
    policy: McpToolPolicy,
    shownHash?: string,
  ): Promise<void> {
    if (policy === 'allow') {
      const def = await this.shownDefinition(key, tool, shownHash);
      const withheld = this.withheldReason(key, def);
      if (withheld) throw new Error(`${withheld}\nApprove the new definition first.`);
      this.approveDefinition(key, def);
    }
    this.deps.repo.setToolPolicy(key, tool, policy);
  }

  /** Re-approves a changed tool: pins the definition the server lists now (as shown). */
  async approveCurrentDefinition(key: string, tool: string, shownHash?: string): Promise<void> {
    this.approveDefinition(key, await this.shownDefinition(key, tool, shownHash));
  }

  /** The definition listed now; refused when it is not the one the person was shown. */
  private async shownDefinition(
    key: string,
    tool: string,
    shownHash: string | undefined,
  ): Promise<McpToolDefinition> {
    const def = await this.currentDefinition(key, tool);
    if (!def) throw new Error(`${tool} is not listed by that server now; start it first.`);
    if (shownHash !== undefined && def.hash !== shownHash)
      throw new Error(
        `the server changed ${tool} since it was shown to you; nothing was approved, review it again.`,
      );
    return def;
  }

  /** The current definition of one tool (listing the server when needed). */
  async currentDefinition(key: string, name: string): Promise<McpToolDefinition | undefined> {
    const connection = this.connections.get(key);
    if (!connection) return undefined;
    return (await this.list(key, connection)).tools.find((t) => t.name === name);
  }

  private connectionFor(
    key: string,
    config: McpServerConfig,
    origin: McpServerOrigin,
  ): McpConnection {
    let connection = this.connections.get(key);
    if (!connection || JSON.stringify(connection.config) !== JSON.stringify(config)) {
      void connection?.stop();
      connection = new McpConnection(config, {
        // A project's server is the project's code and starts in it; the person's own
        // servers start outside it and learn the project from roots/list.
        cwd:
          origin === 'project' ? this.deps.projectRoot : (this.deps.personServerCwd ?? homedir()),
        projectRoot: this.deps.projectRoot,
        ...this.deps.connection,
        // The server's own limit, when its entry sets one, wins over the default.
        ...(config.timeoutSeconds ? { callTimeoutMs: config.timeoutSeconds * 1000 } : {}),
        onToolsChanged: () => this.stale.add(key),
      });
      this.connections.set(key, connection);
      this.listed.delete(key);
    }
    return connection;
  }

  private async list(key: string, connection: McpConnection): Promise<Listed> {
    const cached = this.listed.get(key);
    if (
      cached &&
      !this.stale.has(key) &&
      cached.starts === connection.status().starts &&
      connection.status().state === 'running'
    )
      return cached;
    this.stale.delete(key);
    const server = connection.config.name;
    const raw = await connection.request('tools/list', async (client, options) => {
      const all: unknown[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        if (pages >= MAX_TOOL_LIST_PAGES)
          throw new Error(
            `its tools/list did not end after ${MAX_TOOL_LIST_PAGES} pages; none of its tools are offered`,
          );
        const page = await client.listTools(cursor ? { cursor } : {}, options);
        pages += 1;
        all.push(...page.tools);
        cursor = page.nextCursor;
      } while (cursor && all.length <= MAX_TOOLS_PER_SERVER);
      return all;
    });
    const { tools, notices } = validateToolList(server, raw);
    const listed = { starts: connection.status().starts, tools, notices };
    this.listed.set(key, listed);
    return listed;
  }

  /**
   * Starts the approved servers that are not running and offers their tools. Given the turn's
   * context window, their definitions are kept within the MCP budget: servers past it are
   * deferred behind `search_tools` (mcp-tool-budget.ts), with a notice each. Never throws.
   */
  async tools(turn?: {
    readonly contextWindow: number;
    readonly calledBefore?: readonly string[];
  }): Promise<McpToolList> {
    if (this.closed)
      return { tools: [], notices: ['MCP servers are stopped: the project is closed.'] };
    const { entries, notices } = await this.entries();
    // A server whose entry is gone, changed or no longer approved is stopped now, not left
    // running until the project closes.
    const wanted = new Set(entries.filter((e) => e.approved).map((e) => e.key));
    for (const [key, connection] of [...this.connections]) {
      if (wanted.has(key)) continue;
      this.connections.delete(key);
      this.listed.delete(key);
      await connection.stop();
    }
    // Servers start side by side, so one slow server delays the turn only by its own start.
    const results = await Promise.all(
      entries
        .filter((entry) => entry.approved)
        .map(async ({ config: entry, key, origin }) => {
          // Variables are filled in only now: after approval, from Sluice's environment.
          const expanded = expandVariables(entry, this.deps.env ?? process.env, origin);
          if (!expanded.ok) {
            const running = this.connections.get(key);
            this.connections.delete(key);
            await running?.stop();
            return {
              key,
              failure: `MCP server "${entry.name}" does not start: ${expanded.reason}.`,
            };
          }
          const config = expanded.config;
          const connection = this.connectionFor(key, config, origin);
          try {
            return { key, connection, listed: await this.list(key, connection) };
          } catch (error) {
            const why = error instanceof Error ? error.message : String(error);
            return {
              key,
              connection,
              failure: `MCP server "${config.name}" offers no tools now: ${why}`,
            };
          }
        }),
    );
    if (this.closed) {
      await Promise.all(results.map((r) => r.connection?.stop() ?? Promise.resolve()));
      return { tools: [], notices: ['MCP servers are stopped: the project is closed.'] };
    }
    const byServer: ServerTools[] = [];
    const offered = new Set<string>();
    for (const result of results) {
      if (!('listed' in result) || !result.listed) {
        notices.push(result.failure ?? '');
        continue;
      }
      const { key, connection, listed } = result;
      notices.push(...listed.notices);
      const tools: ToolDefinition[] = [];
      byServer.push({ server: connection.config.name, key, tools });
      for (const def of listed.tools) {
        const withheld = this.withheldReason(key, def);
        if (withheld) {
          notices.push(withheld);
          continue;
        }
        // Server names cannot make two equal tool names (mcp-config.ts); this keeps the
        // tool list valid for the API even so.
        if (offered.has(def.apiName)) {
          notices.push(`${def.apiName} is offered by two servers; the second was skipped.`);
          continue;
        }
        offered.add(def.apiName);
        tools.push(
          createMcpTool({
            def,
            key,
            connection,
            repo: this.deps.repo,
            mode: this.deps.mode,
            pin: () => this.approveDefinition(key, def),
            current: () => this.currentDefinition(key, def.name),
            audit: this.deps.audit,
          }),
        );
      }
    }
    return this.withinBudget(byServer, notices, turn);
  }

  private withinBudget(
    byServer: readonly ServerTools[],
    notices: string[],
    turn: { readonly contextWindow: number; readonly calledBefore?: readonly string[] } | undefined,
  ): McpToolList {
    // Without a turn (Settings' refresh, `sluice mcp list --tools`) every tool is listed and
    // the last turn's deferrals stay what the person is shown.
    if (!turn) return { tools: byServer.flatMap((s) => [...s.tools]), notices };
    const offer = offerWithinBudget(byServer, turn.contextWindow, turn.calledBefore);
    this.deferred = new Map(offer.deferred.map((d) => [d.key, d.reason]));
    notices.push(...offer.deferred.map((d) => `MCP server "${d.server}": ${d.reason}`));
    return { tools: offer.tools, notices, ...(offer.loaded ? { loaded: offer.loaded } : {}) };
  }

  /** Stops every server (project closed). Later tools() calls start nothing. */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.connections.values()];
    this.connections.clear();
    await Promise.all(all.map((c) => c.stop()));
  }
}
