// Whether an MCP call may run. Deny rules win (the whole server or one
// tool); read-only and plan mode deny every tool not annotated read-only; a tool the person marked
// always-allowed runs, and so does a read-only-annotated tool when the person opted in for
// that server; everything else asks. Annotations are the server's claim: they only loosen
// anything when the person said to trust them for that server.
import type { ApprovalMode } from '../../../shared/approvals';
import type { McpServerPrefs, McpToolPolicy } from './mcp-repository';
import type { McpToolAnnotations } from './mcp-definitions';

export interface McpGateInput {
  readonly mode: ApprovalMode;
  readonly server: string;
  readonly tool: string;
  readonly serverPrefs: McpServerPrefs;
  readonly toolPolicy: McpToolPolicy;
  readonly annotations: McpToolAnnotations;
}

export interface McpGateVerdict {
  readonly action: 'allow' | 'ask' | 'deny';
  readonly decidedBy: 'rule' | 'mode';
  readonly reason: string;
}

export function evaluateMcpCall(input: McpGateInput): McpGateVerdict {
  const name = `${input.server}/${input.tool}`;
  if (input.serverPrefs.denyAll)
    return {
      action: 'deny',
      decidedBy: 'rule',
      reason: `every tool of MCP server "${input.server}" is denied`,
    };
  if (input.toolPolicy === 'deny')
    return { action: 'deny', decidedBy: 'rule', reason: `the MCP tool ${name} is denied` };
  const readOnly = input.annotations.readOnlyHint === true;
  if ((input.mode === 'read-only' || input.mode === 'plan') && !readOnly)
    return {
      action: 'deny',
      decidedBy: 'mode',
      reason:
        input.mode === 'plan'
          ? `the conversation is in plan mode (read-only until the person approves a plan) and ${name} is not annotated read-only`
          : `the approval mode is read-only and ${name} is not annotated read-only`,
    };
  if (input.toolPolicy === 'allow')
    return { action: 'allow', decidedBy: 'rule', reason: `${name} is always allowed` };
  if (readOnly && input.serverPrefs.trustReadOnly)
    return {
      action: 'allow',
      decidedBy: 'rule',
      reason: `${name} is annotated read-only and read-only tools of "${input.server}" run without asking`,
    };
  return { action: 'ask', decidedBy: 'mode', reason: `MCP tool calls ask before they run` };
}
