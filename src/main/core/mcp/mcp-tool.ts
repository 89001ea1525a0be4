// One MCP tool as the agent sees it (issue 14 items 2-3): a write-kind ToolDefinition (so
// calls run one at a time, in order) whose run re-checks the definition the model saw, asks
// the gate, pins the definition on the person's approval, calls the server with its time
// limit, and turns the answer (or a dead server) into a capped result. Never throws.
import { z } from 'zod';
import type {
  ApprovalPort,
  ToolCallApprovalPort,
  ToolCallResolution,
} from '../approvals/approval-port';
import type { ApprovalMode } from '../../../shared/approvals';
import type { McpRepository } from '../store/mcp-repository';
import { defineTool, toolError, type ToolDefinition, type ToolResult } from '../tools/tool';
import { McpCallError, type McpConnection } from './mcp-connection';
import type { McpToolDefinition } from './mcp-definitions';
import { evaluateMcpCall } from './mcp-gate';
import { mcpResultToToolResult } from './mcp-result';

export interface McpToolDeps {
  readonly def: McpToolDefinition;
  readonly key: string;
  readonly connection: McpConnection;
  readonly repo: McpRepository;
  readonly mode: () => ApprovalMode;
  /** Pins this definition (the person approved a call of it). */
  readonly pin: () => void;
  /** The server's current definition, re-listed when it said its tools changed. */
  readonly current: () => Promise<McpToolDefinition | undefined>;
}

function canAskForToolCalls(
  port: ApprovalPort | undefined,
): port is ApprovalPort & ToolCallApprovalPort {
  return typeof (port as Partial<ToolCallApprovalPort> | undefined)?.requestToolCall === 'function';
}

/** Where the server's own description starts: the model and the person see it as the server's words. */
function describe(def: McpToolDefinition): string {
  return `[MCP tool "${def.name}" of server "${def.server}"; its description is the server's]\n${def.description}`;
}

export function createMcpTool(deps: McpToolDeps): ToolDefinition {
  const { def } = deps;
  return defineTool({
    name: def.apiName,
    description: describe(def),
    schema: z.record(z.string(), z.unknown()),
    inputJsonSchema: def.inputSchema,
    kind: 'write',
    label: () => `Calling ${def.server}/${def.name}`,
    async run(input, ctx): Promise<ToolResult> {
      let now: McpToolDefinition | undefined;
      try {
        now = await deps.current();
      } catch (error) {
        return toolError(error instanceof Error ? error.message : String(error));
      }
      if (now && now.hash !== def.hash) {
        const pinned = deps.repo.toolPrefs(deps.key).get(def.name)?.pinnedHash;
        return {
          status: 'denied',
          content: `Not run: the server changed the definition of ${def.apiName} since it was offered; ${pinned ? 'it is withheld until the person approves the new definition' : 'it is offered with its new definition from the next turn on'}.`,
        };
      }
      if (!now && deps.connection.status().state === 'running')
        return toolError(`Not run: MCP server "${def.server}" no longer offers ${def.name}.`);
      const prefs = deps.repo.toolPrefs(deps.key).get(def.name);
      const verdict = evaluateMcpCall({
        mode: deps.mode(),
        server: def.server,
        tool: def.name,
        serverPrefs: deps.repo.serverPrefs(deps.key),
        toolPolicy: prefs?.policy ?? 'ask',
        annotations: def.annotations,
      });
      if (verdict.action === 'deny')
        return { status: 'denied', content: `Not run: ${verdict.reason}.` };
      if (verdict.action === 'ask') {
        if (!canAskForToolCalls(ctx.approvals))
          return {
            status: 'denied',
            content: `Not run: ${def.apiName} needs the person's approval and nobody can be asked here.`,
          };
        const resolution: ToolCallResolution = await ctx.approvals.requestToolCall(
          {
            kind: 'mcp_call',
            tool: def.apiName,
            server: def.server,
            serverTool: def.name,
            arguments: input,
            description: def.description,
            annotations: { ...def.annotations },
            reason: verdict.reason,
            definitionHash: def.hash,
          },
          {
            signal: ctx.signal,
            conversationId: ctx.conversationId,
            turnId: ctx.turnId,
            toolUseId: ctx.toolUseId,
            emit: ctx.emit,
          },
        );
        if (resolution.outcome !== 'approved')
          return {
            status: 'rejected',
            content: `The person rejected this call of ${def.apiName}; it was not run.${resolution.reason ? ` Reason: ${resolution.reason}` : ''}`,
          };
        deps.pin();
      } else if (!prefs?.pinnedHash) deps.pin();
      try {
        const result = await deps.connection.request(
          `tools/call ${def.name}`,
          (client, options) =>
            client.callTool({ name: def.name, arguments: input }, undefined, options),
          ctx.signal,
        );
        return mcpResultToToolResult(result);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return toolError(
          error instanceof McpCallError ? message : `MCP tool ${def.apiName} failed: ${message}`,
        );
      }
    },
  });
}
