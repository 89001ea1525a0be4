// One tool of an MCP server in Settings: ask, always allow or deny it, and, when its definition
// changed since it was approved, the new text withheld from the model with "Approve the new
// definition".
import type { McpList, McpServerView } from '../../../shared/contract';
import { visibleUntrusted } from '../../../shared/untrusted-text';
import { useClient } from '../app/client-context';

type McpTool = McpServerView['tools'][number];

export type McpAct = (what: string, run: () => Promise<McpList>) => void;

export function McpToolPolicy({
  server,
  tool,
  act,
}: {
  server: McpServerView;
  tool: McpTool;
  act: McpAct;
}) {
  const client = useClient();
  // What this list showed: a tool changed since is refused, not allowed.
  const shown = tool.definitionHash ? { definitionHash: tool.definitionHash } : {};
  return (
    <li>
      <label className="field">
        <span className="field-label">{tool.name}</span>
        <select
          className="input"
          value={tool.policy}
          onChange={(event) =>
            act('change the tool', () =>
              client.mcp.setToolPolicy({
                key: server.key,
                tool: tool.name,
                policy: event.target.value as 'ask' | 'allow' | 'deny',
                ...shown,
              }),
            )
          }
        >
          <option value="ask">Ask</option>
          <option value="allow">Always allow</option>
          <option value="deny">Deny</option>
        </select>
      </label>
      {tool.withheld && (
        <>
          <pre className="code-block small-text">{visibleUntrusted(tool.withheld)}</pre>
          <button
            type="button"
            className="button small"
            onClick={() =>
              act('approve the new definition', () =>
                client.mcp.approveDefinition({ key: server.key, tool: tool.name, ...shown }),
              )
            }
          >
            Approve the new definition
          </button>
        </>
      )}
    </li>
  );
}
