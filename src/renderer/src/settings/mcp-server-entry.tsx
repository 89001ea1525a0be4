// One MCP server in Settings: its name, origin, state and entry as configured; approving a
// project entry as shown, removing a person's; trusting its read-only annotations or denying it
// whole; each of its tools; and its log. A server whose tools were deferred behind search_tools
// says so and why.
import type { McpServerView } from '../../../shared/contract';
import { visibleUntrusted } from '../../../shared/untrusted-text';
import { useClient } from '../app/client-context';
import { CheckField } from './check-field';
import { McpToolPolicy, type McpAct } from './mcp-tool-policy';

export function McpServerEntry({ server, act }: { server: McpServerView; act: McpAct }) {
  const client = useClient();
  const setPrefs = (prefs: { trustReadOnly?: boolean; denyAll?: boolean }) =>
    act('change the server', () => client.mcp.setServerPrefs({ key: server.key, ...prefs }));
  return (
    <li className="settings-group" data-testid={`mcp-server-${server.name}`}>
      <p>
        <strong>{server.name}</strong> <span className="badge">{server.origin}</span>{' '}
        <span className="muted">{server.state}</span>
        {server.message && <span className="muted"> — {server.message}</span>}
      </p>
      <p className="muted small-text">
        <code>{visibleUntrusted(server.entry)}</code>
      </p>
      {server.deferred && (
        <p className="small-text" data-testid={`mcp-deferred-${server.name}`}>
          Tools deferred: {server.deferred}
        </p>
      )}
      <ServerButtons server={server} act={act} />
      <CheckField checked={server.trustReadOnly} onChange={(on) => setPrefs({ trustReadOnly: on })}>
        <span>Run tools this server annotates read-only without asking</span>
      </CheckField>
      <CheckField checked={server.denyAll} onChange={(on) => setPrefs({ denyAll: on })}>
        <span>Deny every tool of this server</span>
      </CheckField>
      {server.tools.length > 0 && (
        <ul className="plain-list">
          {server.tools.map((tool) => (
            <McpToolPolicy key={tool.name} server={server} tool={tool} act={act} />
          ))}
        </ul>
      )}
      {server.logs.length > 0 && (
        <details>
          <summary>Log ({server.logs.length} lines)</summary>
          <pre className="code-block small-text">{visibleUntrusted(server.logs.join('\n'))}</pre>
        </details>
      )}
    </li>
  );
}

/** Approve a project entry exactly as shown; remove a server the person added. */
function ServerButtons({ server, act }: { server: McpServerView; act: McpAct }) {
  const client = useClient();
  return (
    <div className="button-row">
      {server.needsApproval && (
        <button
          type="button"
          className="button small"
          onClick={() =>
            act('approve the server', () =>
              client.mcp.approveEntry({ name: server.name, entryHash: server.entryHash }),
            )
          }
        >
          Approve this project server as shown
        </button>
      )}
      {server.origin === 'person' && (
        <button
          type="button"
          className="button small"
          aria-label={`Remove ${server.name}`}
          onClick={() =>
            act('remove the server', () => client.mcp.removeServer({ name: server.name }))
          }
        >
          Remove
        </button>
      )}
    </div>
  );
}
