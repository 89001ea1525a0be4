// `sluice ask`'s MCP servers (issue 14 in the terminal): the person's own servers (app DB) and
// the project's `.sluice/mcp.json` entries the person approved start lazily, on the turn's
// first tool list, exactly as in the app; every call passes the same gate (deny rules,
// read-only mode, always-allow, ask). The MCP code (and the SDK) is loaded only when some
// server is configured, so `sluice ask` without MCP starts as fast as before. close() stops
// every server the run started.
import type { ApprovalMode } from '../shared/approvals';
import type { WritableDb } from '../main/core/store/database-handles';
import { createApprovalAuditRepository } from '../main/core/store/approval-audit-repository';
import { createMcpRepository } from '../main/core/mcp-client/mcp-repository';
import type { TurnToolSet } from '../main/core/agent/turn-tool-set';
import type { Workspace } from '../main/core/workspace/workspace';
import { showUntrusted } from './terminal-mcp-approval';

export const PROJECT_MCP_FILE = '.sluice/mcp.json';

export interface AskMcp {
  /**
   * The turn's MCP tools, within the share of the model's context window kept for them (past
   * it, servers are deferred behind search_tools); notices (unapproved entries, failed or
   * deferred servers) go to `notice`.
   */
  tools(turn: {
    readonly contextWindow: number;
    readonly calledBefore: readonly string[];
  }): Promise<TurnToolSet>;
  close(): Promise<void>;
}

export async function openAskMcp(args: {
  db: WritableDb;
  projectId: string;
  workspace: Workspace;
  mode: ApprovalMode;
  notice: (text: string) => void;
  /** Where `${VAR}` in server entries is read from (the CLI's environment). */
  env: Readonly<Record<string, string | undefined>>;
}): Promise<AskMcp | null> {
  const repo = createMcpRepository(args.db);
  const readProjectFile = (): Promise<string | null> =>
    args.workspace.readText(PROJECT_MCP_FILE).catch(() => null);
  if (repo.listServers().length === 0 && (await readProjectFile()) === null) return null;
  const { McpManager } = await import('../main/core/mcp-client/mcp-manager');
  const manager = new McpManager({
    repo,
    projectId: args.projectId,
    projectRoot: args.workspace.root,
    readProjectFile,
    mode: () => args.mode,
    env: args.env,
    // The same trail as the app: every call's verdict, decision and end.
    audit: createApprovalAuditRepository(args.db, args.projectId),
  });
  const told = new Set<string>();
  return {
    async tools(turn) {
      const { tools, notices, loaded } = await manager.tools(turn);
      for (const text of notices) {
        if (told.has(text)) continue;
        told.add(text);
        // Notices quote the server's descriptions and the project's mcp.json: untrusted text
        // that must not move the cursor or repaint the terminal.
        args.notice(showUntrusted(text));
      }
      return { tools, ...(loaded ? { loaded } : {}) };
    },
    close: () => manager.close(),
  };
}
