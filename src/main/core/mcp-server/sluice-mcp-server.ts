// `sluice mcp`: Sluice's own tools served over MCP. Reads go through the
// sandboxed Workspace (seeing the open change set's edits); edit_file and create_file never
// touch the disk: they land in a change set in the inbox (McpChangeSession) and the result
// names its id; proposal_status reports the person's decision. The tools are the app's own
// implementations, run through runTool (validation, errors as results, central caps).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { visibleUntrusted } from '../../../shared/untrusted-text';
import { createChangeSetRepository } from '../store/change-set-repository';
import type { WritableDb } from '../store/database-handles';
import { projectIdFor } from '../store/project-id';
import { runTool, toApiTool, type ToolDefinition } from '../tools/tool';
import type { Workspace } from '../workspace/workspace';
import { McpChangeSession } from './mcp-change-session';
import { createOutlineTool } from './outline-tool';
import { createProposalStatusTool } from './proposal-status-tool';
import type { ProjectDiagnostics } from '../diagnostics/project-diagnostics';
import type { ProjectTests } from '../test-runs/project-tests';
import type { ProposalHooks } from '../hooks/proposal-hooks';

export const SERVED_TOOLS = [
  'read_file',
  'list_files',
  'search_files',
  'find_files',
  'find_definition',
  'find_importers',
  'outline',
  'edit_file',
  'create_file',
  'proposal_status',
] as const;

const WRITES = new Set(['edit_file', 'create_file']);

export interface SluiceMcpServerDeps {
  readonly db: WritableDb;
  readonly workspace: Workspace;
  readonly version?: string;
  /** Edits are checked before they land in the set; the project engine stops them. */
  readonly diagnostics?: ProjectDiagnostics | undefined;
  /** Each edit's tests over the set's state; the caller disposes of the service. */
  readonly tests?: ProjectTests | undefined;
  /** The person's hooks on write tools, run on each edit's set state beside the tests. */
  readonly hooks?: ProposalHooks | undefined;
  readonly now?: () => number;
}

function annotationsFor(tool: ToolDefinition): NonNullable<Tool['annotations']> {
  if (WRITES.has(tool.name))
    // They change state (the change set) but never the disk: nothing is overwritten until
    // the person accepts, so not destructive; a second identical edit is not a no-op.
    return {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    };
  return { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
}

export function createSluiceMcpServer(deps: SluiceMcpServerDeps): {
  server: Server;
  session: McpChangeSession;
} {
  const server = new Server(
    { name: 'sluice', version: deps.version ?? '0.1.0' },
    {
      capabilities: { tools: {} },
      instructions:
        'Sluice serves a project read-only plus reviewed edits: edit_file and create_file never write to disk; they add to a change set the person reviews hunk by hunk. proposal_status tells you what was accepted or rejected and why.',
    },
  );
  const projectId = projectIdFor(deps.workspace.root);
  const changeSets = createChangeSetRepository(deps.db, deps.now);
  const session: McpChangeSession = new McpChangeSession(
    {
      db: deps.db,
      workspace: deps.workspace,
      // The client names itself: untrusted text that the inbox and `sluice proposals` show.
      clientName: () => {
        const name = visibleUntrusted(server.getClientVersion()?.name ?? '').trim();
        return name ? `"${name.slice(0, 80)}${name.length > 80 ? '…' : ''}"` : 'an MCP client';
      },
      ...(deps.now ? { now: deps.now } : {}),
      ...(deps.diagnostics ? { diagnostics: deps.diagnostics } : {}),
      ...(deps.tests ? { tests: deps.tests } : {}),
      ...(deps.hooks ? { hooks: deps.hooks } : {}),
    },
    [
      createOutlineTool(),
      createProposalStatusTool({
        load: (id) => {
          const set = changeSets.get(id);
          return set && set.projectId === projectId ? set : null;
        },
        currentId: (): string | null => session.changeSetId,
      }),
    ],
  );
  const served = (): ToolDefinition[] => {
    const tools = session.current().tools;
    return SERVED_TOOLS.map((name) => tools.get(name)).filter(
      (t): t is ToolDefinition => t !== undefined,
    );
  };

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: served().map((tool) => {
      const api = toApiTool(tool);
      return {
        name: api.name,
        description: api.description,
        inputSchema: api.input_schema as Tool['inputSchema'],
        annotations: annotationsFor(tool),
      };
    }),
  }));

  server.setRequestHandler(
    CallToolRequestSchema,
    async (request, extra): Promise<CallToolResult> => {
      const state = session.current();
      const tool = state.tools.get(request.params.name);
      if (!tool || !(SERVED_TOOLS as readonly string[]).includes(request.params.name))
        return {
          content: [
            {
              type: 'text',
              text: `There is no tool named "${request.params.name}". Available tools: ${SERVED_TOOLS.join(', ')}.`,
            },
          ],
          isError: true,
        };
      const result = await runTool(tool, request.params.arguments ?? {}, {
        workspace: state.workspace,
        signal: extra.signal,
        symbolIndex: state.symbolIndex,
        ...(session.diagnostics ? { diagnostics: session.diagnostics } : {}),
      });
      const notice = session.takeNotice();
      let text = notice ? `${notice}\n\n${result.content}` : result.content;
      if (WRITES.has(tool.name) && result.status === 'ok' && state.lostEdit)
        return { content: [{ type: 'text', text: state.lostEdit }], isError: true };
      if (WRITES.has(tool.name) && result.status === 'ok' && state.id)
        text = `${text}\n\nChange set: ${state.id} (nothing is on disk until the person accepts it, in the app's inbox or with \`sluice proposal apply ${state.id}\`; call proposal_status to see what they decided).`;
      return { content: [{ type: 'text', text }], isError: result.status !== 'ok' };
    },
  );
  return { server, session };
}
