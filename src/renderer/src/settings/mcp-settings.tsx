// MCP servers: the person's servers and the project's suggestions with
// status and logs; add (stdio command or Streamable HTTP URL) and remove; approve a project
// entry exactly as shown; per server: trust read-only annotations, deny all; per tool:
// ask / always allow / deny, and re-approve a changed definition. A server whose tools were
// deferred behind search_tools in the last turn (past the MCP share of the context window)
// says so and why.
import { useEffect, useState } from 'react';
import type { McpList, McpServerInput, McpServerView } from '../../../shared/contract';
import { mcpServerNameProblem } from '../../../shared/mcp-server-name';
import { visibleUntrusted } from '../../../shared/untrusted-text';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import { TextField } from '../app/text-field';

function splitArgs(text: string): string[] {
  return text.match(/"[^"]*"|\S+/gu)?.map((a) => a.replace(/^"|"$/gu, '')) ?? [];
}

function ServerEntry({
  server,
  act,
}: {
  server: McpServerView;
  act: (what: string, run: () => Promise<McpList>) => void;
}) {
  const client = useClient();
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
      <label className="check-field">
        <input
          type="checkbox"
          checked={server.trustReadOnly}
          onChange={(event) =>
            act('change the server', () =>
              client.mcp.setServerPrefs({ key: server.key, trustReadOnly: event.target.checked }),
            )
          }
        />
        <span>Run tools this server annotates read-only without asking</span>
      </label>
      <label className="check-field">
        <input
          type="checkbox"
          checked={server.denyAll}
          onChange={(event) =>
            act('change the server', () =>
              client.mcp.setServerPrefs({ key: server.key, denyAll: event.target.checked }),
            )
          }
        />
        <span>Deny every tool of this server</span>
      </label>
      {server.tools.length > 0 && (
        <ul className="plain-list">
          {server.tools.map((tool) => (
            <li key={tool.name}>
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
                        // What this list showed: a tool changed since is refused, not allowed.
                        ...(tool.definitionHash ? { definitionHash: tool.definitionHash } : {}),
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
                        client.mcp.approveDefinition({
                          key: server.key,
                          tool: tool.name,
                          ...(tool.definitionHash ? { definitionHash: tool.definitionHash } : {}),
                        }),
                      )
                    }
                  >
                    Approve the new definition
                  </button>
                </>
              )}
            </li>
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

export function McpSettings() {
  const client = useClient();
  const [list, setList] = useState<McpList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [target, setTarget] = useState('');
  /** What is wrong with the new server's name, said beside the field. */
  const [nameError, setNameError] = useState<string | null>(null);
  /** Why the last add failed (beside the Add button, not above the list). */
  const [addError, setAddError] = useState<string | null>(null);

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

  const add = () => {
    const problem = mcpServerNameProblem(name.trim());
    setNameError(problem);
    const words = splitArgs(target.trim());
    const [first, ...rest] = words;
    if (problem || !first) {
      setAddError(first ? null : 'Give the command to start the server, or its http(s) URL.');
      return;
    }
    const server: McpServerInput = /^https?:\/\//u.test(first)
      ? { transport: 'http', name: name.trim(), url: first, headers: {} }
      : { transport: 'stdio', name: name.trim(), command: first, args: rest, env: {} };
    client.mcp.addServer({ server }).then(
      (next) => {
        setList(next);
        setAddError(null);
        setName('');
        setTarget('');
      },
      (failure: unknown) => setAddError(`Could not add the server: ${errorMessage(failure)}`),
    );
  };

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
          <ServerEntry key={server.key} server={server} act={act} />
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
      <TextField
        label="New server name"
        value={name}
        aria-invalid={nameError ? true : undefined}
        aria-describedby={nameError ? 'mcp-name-error' : undefined}
        onChange={(value) => {
          setName(value);
          if (nameError) setNameError(mcpServerNameProblem(value.trim()));
        }}
      >
        {nameError && (
          <span id="mcp-name-error" className="error-text small-text">
            {nameError}
          </span>
        )}
      </TextField>
      <TextField
        label="Command and arguments, or an http(s) URL"
        value={target}
        onChange={setTarget}
      />
      <div className="button-row">
        <button type="button" className="button small" onClick={add}>
          Add server
        </button>
        {addError && (
          <span className="error-text small-text" role="alert">
            {addError}
          </span>
        )}
      </div>
    </fieldset>
  );
}
