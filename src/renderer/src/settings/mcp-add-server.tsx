// Adding an MCP server in Settings: its name (checked as typed once refused) and either the
// command that starts it, with its arguments, or its Streamable HTTP URL. Why an add failed is
// said beside the Add button, not above the list.
import { useState } from 'react';
import type { McpList, McpServerInput } from '../../../shared/contract';
import { mcpServerNameProblem } from '../../../shared/mcp-server-name';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import { TextField } from '../app/text-field';

function splitArgs(text: string): string[] {
  return text.match(/"[^"]*"|\S+/gu)?.map((a) => a.replace(/^"|"$/gu, '')) ?? [];
}

/** The server the words describe: an http(s) URL, or a command and its arguments. */
function serverInput(name: string, words: [string, ...string[]]): McpServerInput {
  const [first, ...rest] = words;
  return /^https?:\/\//u.test(first)
    ? { transport: 'http', name, url: first, headers: {} }
    : { transport: 'stdio', name, command: first, args: rest, env: {} };
}

export function McpAddServer({ onAdded }: { onAdded(list: McpList): void }) {
  const client = useClient();
  const [name, setName] = useState('');
  const [target, setTarget] = useState('');
  /** What is wrong with the new server's name, said beside the field. */
  const [nameError, setNameError] = useState<string | null>(null);
  const [addError, setAddError] = useState<string | null>(null);

  const add = () => {
    const problem = mcpServerNameProblem(name.trim());
    setNameError(problem);
    const [first, ...rest] = splitArgs(target.trim());
    if (problem || !first) {
      setAddError(first ? null : 'Give the command to start the server, or its http(s) URL.');
      return;
    }
    client.mcp.addServer({ server: serverInput(name.trim(), [first, ...rest]) }).then(
      (next) => {
        onAdded(next);
        setAddError(null);
        setName('');
        setTarget('');
      },
      (failure: unknown) => setAddError(`Could not add the server: ${errorMessage(failure)}`),
    );
  };

  return (
    <>
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
    </>
  );
}
