// The contract's `mcp` service over the open project's ProjectMcpServers: list
// (starts nothing), refresh (starts approved servers and lists their tools), add/remove the
// person's servers, approve a project entry by hash, per-server and per-tool decisions.
import type { ServiceHandlers } from '../../../shared/contract/define';
import type { McpList, mcpService } from '../../../shared/contract/mcp-service';
import type { ProjectMcpServers } from '../mcp-client/project-mcp-servers';
import type { McpRepository } from '../mcp-client/mcp-repository';

export interface McpHandlersDeps {
  readonly repo: McpRepository;
  /** The open project's MCP servers; throws a message when none is open. */
  currentServers(): ProjectMcpServers | Promise<ProjectMcpServers>;
}

export type McpHandlers = ServiceHandlers<typeof mcpService>;

export function createMcpHandlers(deps: McpHandlersDeps): McpHandlers {
  const list = async (): Promise<McpList> => (await deps.currentServers()).servers();
  return {
    list: () => list(),
    async refresh() {
      const { notices } = await (await deps.currentServers()).tools();
      const current = await list();
      return { ...current, notices: [...new Set([...current.notices, ...notices])] };
    },
    async addServer({ server }) {
      deps.repo.saveServer(server);
      return list();
    },
    async removeServer({ name }) {
      deps.repo.removeServer(name);
      return list();
    },
    async approveEntry({ name, entryHash }) {
      await (await deps.currentServers()).approveProjectEntry(name, entryHash);
      return list();
    },
    async setServerPrefs({ key, trustReadOnly, denyAll }) {
      deps.repo.setServerPrefs(key, {
        ...(trustReadOnly !== undefined ? { trustReadOnly } : {}),
        ...(denyAll !== undefined ? { denyAll } : {}),
      });
      return list();
    },
    async setToolPolicy({ key, tool, policy, definitionHash }) {
      await (await deps.currentServers()).setToolPolicy(key, tool, policy, definitionHash);
      return list();
    },
    async approveDefinition({ key, tool, definitionHash }) {
      await (await deps.currentServers()).approveCurrentDefinition(key, tool, definitionHash);
      return list();
    },
  };
}
