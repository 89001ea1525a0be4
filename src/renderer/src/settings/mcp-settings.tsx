// MCP servers: the person's servers and the project's suggestions with
// status and logs; add (stdio command or Streamable HTTP URL) and remove; approve a project
// entry exactly as shown; per server: trust read-only annotations, deny all; per tool:
// ask / always allow / deny, and re-approve a changed definition. A server whose tools were
// deferred behind search_tools in the last turn (past the MCP share of the context window)
// says so and why.
import { useEffect, useState } from 'react';
import type { McpList } from '../../../shared/contract';
import { visibleUntrusted } from '../../../shared/untrusted-text';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import { McpAddServer } from './mcp-add-server';
import { McpServerEntry } from './mcp-server-entry';

export function McpSettings() {
  const client = useClient();
  const [list, setList] = useState<McpList | null>(null);
  const [error, setError] = useState<string | null>(null);

  const act = (what: string, run: () => Promise<McpList>): void => {
    run().then(
      (next) => {
        setList(next);
        setError(null);
      },
      (failure: unknown) => setError(`Could not ${what}: ${errorMessage(failure)}`),
    );
  };

  useEffect(() => {
    act('load the MCP servers', () => client.mcp.list({}));
  }, [client]);

  return (
    <fieldset className="settings-group">
      <legend>MCP servers</legend>
      {error && <p className="error-text">{error}</p>}
      {list?.notices.map((notice) => (
        <p key={notice} className="muted small-text">
          {visibleUntrusted(notice)}
        </p>
      ))}
      <ul className="plain-list">
        {list?.servers.map((server) => (
          <McpServerEntry key={server.key} server={server} act={act} />
        ))}
      </ul>
      {list && list.servers.length === 0 && <p className="muted">No MCP servers.</p>}
      <button
        type="button"
        className="button small"
        onClick={() => act('start the servers', () => client.mcp.refresh({}))}
      >
        Start approved servers and list their tools
      </button>
      <McpAddServer onAdded={setList} />
    </fieldset>
  );
}
