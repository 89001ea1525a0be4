// `sluice mcp serve --project DIR`, also `sluice mcp --project DIR`: serves
// the project's read tools and reviewed edits over MCP on stdin/stdout until the client
// closes stdin. Edits become a change set in the inbox (`sluice proposals`), never a write.
// Nothing but protocol goes to stdout; notices go to stderr.
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createSluiceMcpServer } from '../../main/core/mcp-server/sluice-mcp-server';
import { ExitCode, type Verb } from '../cli-io';
import { oneLine } from '../one-line-text';
import { defineVerb } from '../define-verb';
import { MCP_TABLE } from './mcp-table';
import { openProject } from '../project-context';
import { openCliEngine } from '../cli-engine';
import type { CreateTests } from '../../main/core/test-runs/shell-tests';

export interface McpServeDeps {
  /** Tests before approval for each edit's set; default the shell's, null for none. */
  readonly createTests?: CreateTests | null;
}

export function createMcpServeCommand(deps: McpServeDeps = {}): Verb {
  return defineVerb({
    name: 'mcp',
    options: { project: MCP_TABLE.options.project },
    forms: [MCP_TABLE.forms[0]],
    async run({ values, io }) {
      const { workspace } = await openProject(io, values.project);
      const cli = openCliEngine({
        io,
        workspace,
        createTests: deps.createTests,
        noticePrefix: 'sluice mcp: ',
      });
      const { checks } = cli.engine;
      const { server, session } = createSluiceMcpServer({
        db: cli.db,
        workspace,
        diagnostics: checks.diagnostics,
        tests: checks.testRuns?.tests,
        hooks: checks.proposalHooks,
      });
      const transport = new StdioServerTransport(
        io.stdin as unknown as Readable,
        io.stdout as unknown as Writable,
      );
      // What stops or troubles the connection is said on stderr (stdout is the protocol's):
      // a message over the transport's size limit (STDIO_DEFAULT_MAX_BUFFER_SIZE) closes it,
      // and the client should learn why from the log, not guess.
      let fatal: string | null = null;
      server.onerror = (error) => {
        const message = error.message.slice(0, 500);
        if (/exceeded maximum size/u.test(message)) fatal = message;
        // The message may quote what the client sent: shown, never obeyed by the terminal.
        io.stderr.write(`sluice mcp: ${oneLine(message)}\n`);
      };
      try {
        const closed = new Promise<void>((resolve) => {
          server.onclose = () => resolve();
          io.stdin.once('end', () => resolve());
          io.stdin.once('close', () => resolve());
        });
        await server.connect(transport);
        io.stderr.write(`sluice mcp: serving ${workspace.root} on stdio\n`);
        await closed;
        if (fatal) {
          io.stderr.write(
            `sluice mcp: stopped: a message from the client was too large (${oneLine(fatal)}); nothing of it was kept.\n`,
          );
          return ExitCode.Failure;
        }
        return ExitCode.Ok;
      } finally {
        await server.close().catch(() => undefined);
        await session.close();
        await cli.close();
      }
    },
  });
}

export default createMcpServeCommand();
