// One MCP tool as the agent sees it: a write-kind ToolDefinition (so
// calls run one at a time, in order) whose run re-checks the definition the model saw, asks
// the gate, pins the definition on the person's approval, calls the server with its time
// limit, and turns the answer (or a dead server) into a capped result. Every call that
// reaches the gate is recorded in the audit trail (mcp-call-audit.ts). Never throws.
import { z } from 'zod';
import type {
  ApprovalPort,
  ToolCallApprovalPort,
  ToolCallResolution,
} from '../approvals/approval-port';
import type { ApprovalMode, Decision, DecisionSource } from '../../../shared/approvals';
import type { ApprovalAudit } from '../store/approval-audit-records';
import type { McpRepository, McpToolPref } from './mcp-repository';
import {
  defineTool,
  toolError,
  type ToolContext,
  type ToolDefinition,
  type ToolResult,
} from '../tools/tool';
import { McpCallError, type McpConnection } from './mcp-connection';
import type { McpToolDefinition } from './mcp-definitions';
import { openMcpCallAudit, type McpCallAudit } from './mcp-call-audit';
import { evaluateMcpCall, type McpGateVerdict } from './mcp-gate';
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
  /** The approval audit trail: every call's verdict, decision and end (absent: not recorded). */
  readonly audit?: ApprovalAudit | undefined;
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
      if (!now && deps.connection.status().state === 'running')
        return toolError(`Not run: MCP server "${def.server}" no longer offers ${def.name}.`);
      const trail = openMcpCallAudit(deps.audit, def, input, ctx);
      const prefs = deps.repo.toolPrefs(deps.key).get(def.name);
      const verdict = hookAsked(callVerdict(deps, now, prefs), ctx.hookAsk);
      try {
        trail.proposed(verdict);
      } catch (error) {
        return toolError(
          `Not run: the audit trail could not record this call of ${def.apiName}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      if (verdict.action === 'deny')
        return refuse(trail, 'denied', verdict.decidedBy, null, {
          status: 'denied',
          content: `Not run: ${verdict.reason}.`,
        });
      if (verdict.action === 'ask') {
        const refused = await askPerson(deps, { input, ctx, verdict, trail });
        if (refused) return refused;
      } else {
        trail.decided('approved', 'rule', null);
        if (!prefs?.pinnedHash) deps.pin();
      }
      const result = await callServer(deps, input, ctx.signal);
      trail.ended(result);
      return result;
    },
  });
}

/**
 * A definition that changed since the model saw it is denied; otherwise the person's mode and
 * preferences for the server and the tool decide.
 */
function callVerdict(
  deps: McpToolDeps,
  now: McpToolDefinition | undefined,
  prefs: McpToolPref | undefined,
): McpGateVerdict {
  const { def } = deps;
  const changed = now !== undefined && now.hash !== def.hash;
  return changed
    ? {
        action: 'deny' as const,
        decidedBy: 'rule' as const,
        reason: `the server changed the definition of ${def.apiName} since it was offered; ${prefs?.pinnedHash ? 'it is withheld until the person approves the new definition' : 'it is offered with its new definition from the next turn on'}`,
      }
    : evaluateMcpCall({
        mode: deps.mode(),
        server: def.server,
        tool: def.name,
        serverPrefs: deps.repo.serverPrefs(deps.key),
        toolPolicy: prefs?.policy ?? 'ask',
        annotations: def.annotations,
      });
}

/** A PreToolUse hook asked for the person: a call a rule would allow is asked; a deny stays. */
function hookAsked(verdict: McpGateVerdict, hookAsk: string | undefined): McpGateVerdict {
  return hookAsk && verdict.action === 'allow'
    ? { action: 'ask', decidedBy: 'mode', reason: hookAsk }
    : verdict;
}

/** The call does not run: recorded as decided, then not run. */
function refuse(
  trail: McpCallAudit,
  outcome: 'rejected' | 'denied',
  decidedBy: DecisionSource,
  decision: Decision | null,
  result: ToolResult,
): ToolResult {
  trail.decided(outcome, decidedBy, decision);
  trail.ended('not_run');
  return result;
}

/**
 * The person decides on the call's card; an approval pins the definition they saw. Returns
 * the result of a call that does not run, or null when it runs.
 */
/** Why an asked call did not run: the person's reject, or the turn's end before anyone decided. */
function refusedCallWords(
  apiName: string,
  resolution: { decidedBy: string; reason?: string | undefined },
): string {
  if (resolution.decidedBy === 'person')
    return `The person rejected this call of ${apiName}; it was not run.${resolution.reason ? ` Reason: ${resolution.reason}` : ''}`;
  if (resolution.decidedBy === 'abort')
    return `This call of ${apiName} was not run: ${resolution.reason ?? 'the turn was stopped'} before anyone decided.`;
  return `This call of ${apiName} was not run, and no person decided: ${resolution.reason ?? 'it was refused'}.`;
}

async function askPerson(
  deps: McpToolDeps,
  call: {
    input: Record<string, unknown>;
    ctx: ToolContext;
    verdict: McpGateVerdict;
    trail: McpCallAudit;
  },
): Promise<ToolResult | null> {
  const { def } = deps;
  const { input, ctx, verdict, trail } = call;
  if (!canAskForToolCalls(ctx.approvals))
    return refuse(trail, 'denied', 'mode', null, {
      status: 'denied',
      content: `Not run: ${def.apiName} needs the person's approval and nobody can be asked here.`,
    });
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
    return refuse(
      trail,
      'rejected',
      resolution.decidedBy,
      { type: 'reject', ...(resolution.reason ? { reason: resolution.reason } : {}) },
      {
        status: 'rejected',
        content: refusedCallWords(def.apiName, resolution),
      },
    );
  trail.decided('approved', resolution.decidedBy, { type: 'approve' });
  // The approval pins what the person saw. The server may have changed the tool while
  // they read the card: what runs must be what they approved, so it is checked again.
  deps.pin();
  let after: McpToolDefinition | undefined;
  try {
    after = await deps.current();
  } catch (error) {
    trail.ended('not_run');
    return toolError(error instanceof Error ? error.message : String(error));
  }
  if (after?.hash !== def.hash) {
    trail.ended('not_run');
    return {
      status: 'denied',
      content: `Not run: the server changed or removed ${def.apiName} while the person was deciding; they approved the definition they saw, so nothing was run. The changed definition is withheld until the person approves it.`,
    };
  }
  // Always allowed from now on, for the definition just pinned (the one shown).
  if (resolution.alwaysAllow) deps.repo.setToolPolicy(deps.key, def.name, 'allow');
  return null;
}

async function callServer(
  { def, connection }: McpToolDeps,
  input: Record<string, unknown>,
  signal: AbortSignal,
): Promise<ToolResult> {
  try {
    const result = await connection.request(
      `tools/call ${def.name}`,
      (client, options) =>
        client.callTool({ name: def.name, arguments: input }, undefined, options),
      signal,
    );
    return mcpResultToToolResult(result);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return toolError(
      error instanceof McpCallError ? message : `MCP tool ${def.apiName} failed: ${message}`,
    );
  }
}
