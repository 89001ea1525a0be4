// The MCP servers of one open project, as every shell offers them: the person's own servers
// (app DB) and the project's `.sluice/mcp.json` entries the person approved, started on the
// first turn's tool list, every call through the same gate. The MCP client (and its SDK) is
// loaded only once some server is configured, so a project without MCP opens as fast as
// before. close() stops every server the project started.
import type { ApprovalMode } from '../../../shared/approvals';
import type { TurnToolSet } from '../agent/turn-tool-set';
import type { ProjectMcpServers } from '../mcp-client/project-mcp-servers';
import { createMcpRepository } from '../mcp-client/mcp-repository';
import { createApprovalAuditRepository } from '../store/approval-audit-repository';
import type { WritableDb } from '../store/database-handles';
import type { Workspace } from '../workspace/workspace';

export const PROJECT_MCP_FILE = '.sluice/mcp.json';

export interface ProjectMcp {
  /**
   * The turn's MCP tools, within the share of the context window kept for them; notices
   * (unapproved entries, failed or deferred servers) go to the shell's `notice`, once each.
   */
  tools(turn: {
    readonly contextWindow: number;
    readonly calledBefore: readonly string[];
  }): Promise<TurnToolSet>;
  /** The servers the app's MCP screens list and set (loads the client if it was not yet). */
  servers(): Promise<ProjectMcpServers>;
  close(): Promise<void>;
}

export function openProjectMcp(deps: {
  db: WritableDb;
  projectId: string;
  workspace: Workspace;
  mode: () => ApprovalMode;
  /** Where `${VAR}` in server entries is read from. */
  env: Readonly<Record<string, string | undefined>>;
  /** Told each notice once; absent: notices are not said. */
  notice?: ((text: string) => void) | undefined;
}): ProjectMcp {
  const repo = createMcpRepository(deps.db);
  const readProjectFile = (): Promise<string | null> =>
    deps.workspace.readText(PROJECT_MCP_FILE).catch(() => null);
  let made: Promise<ProjectMcpServers> | null = null;
  let closed = false;
  const servers = (): Promise<ProjectMcpServers> =>
    (made ??= import('../mcp-client/project-mcp-servers').then(
      ({ ProjectMcpServers }) =>
        new ProjectMcpServers({
          repo,
          projectId: deps.projectId,
          projectRoot: deps.workspace.root,
          readProjectFile,
          mode: deps.mode,
          env: deps.env,
          // Every call's verdict, decision and end go to the approval audit trail.
          audit: createApprovalAuditRepository(deps.db, deps.projectId),
        }),
    ));
  const told = new Set<string>();
  return {
    async tools(turn) {
      if (closed) return { tools: [] };
      if (!made && repo.listServers().length === 0 && (await readProjectFile()) === null)
        return { tools: [] };
      const { tools, notices, loaded } = await (await servers()).tools(turn);
      for (const text of notices) {
        if (told.has(text)) continue;
        told.add(text);
        deps.notice?.(text);
      }
      return { tools, ...(loaded ? { loaded } : {}) };
    },
    servers,
    async close() {
      closed = true;
      if (made) await (await made).close();
    },
  };
}
