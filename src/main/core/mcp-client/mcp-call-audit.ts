// One MCP call's row in the approval audit trail: what the gate said (allow, ask,
// deny) and why, who decided (the person, a rule, the mode, an abort), the server, tool,
// the arguments' digest and the definition hash, then how the call ended. The arguments
// themselves are kept (capped) as the row's text, as a command's line is. Recording the call
// must succeed before it runs: an audit that cannot be written keeps the call from running.
import { createHash, randomUUID } from 'node:crypto';
import type { Decision, DecisionSource } from '../../../shared/approvals';
import type { ApprovalAudit, ToolCallResultStatus } from '../store/approval-audit-records';
import { toolCallHash } from '../approvals/tool-call-approvals';
import type { ToolResult } from '../tools/tool';
import { canonicalJson } from '../../../shared/canonical-json';
import type { McpToolDefinition } from './mcp-definitions';
import { callOrigin } from '../approvals/approval-port';

const MAX_ARGUMENTS_CHARS = 64 * 1024;
const MAX_DESCRIPTION_CHARS = 4000;
const MAX_DETAIL_CHARS = 500;

export interface McpCallOrigin {
  readonly conversationId?: string | undefined;
  readonly turnId?: string | undefined;
  readonly toolUseId?: string | undefined;
}

export interface McpCallAudit {
  /** The gate's verdict on the call; throws when the row cannot be written. */
  proposed(verdict: { action: 'allow' | 'ask' | 'deny'; reason: string }): void;
  decided(
    outcome: 'approved' | 'rejected' | 'denied',
    decidedBy: DecisionSource,
    decision: Decision | null,
  ): void;
  /** How the call ended; 'not_run' for a refused one. */
  ended(result: ToolResult | 'not_run'): void;
}

function cap(text: string, max: number): string {
  return text.length > max
    ? `${text.slice(0, max)}\n… [${text.length - max} more characters]`
    : text;
}

export function argumentsDigest(input: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(input ?? null))
    .digest('hex');
}

export function openMcpCallAudit(
  audit: ApprovalAudit | undefined,
  def: McpToolDefinition,
  input: unknown,
  origin: McpCallOrigin,
  now: () => number = Date.now,
): McpCallAudit {
  const approvalId = `mcp-${randomUUID()}`;
  let shown: string;
  try {
    shown = JSON.stringify(input ?? {}, null, 2);
  } catch {
    shown = String(input);
  }
  let recorded = false;
  return {
    proposed(verdict) {
      if (!audit) return;
      audit.recordProposal({
        approvalId,
        ...callOrigin(origin),
        tool: def.apiName,
        path: `${def.server}/${def.name}`,
        baseHash: '',
        proposalHash: toolCallHash({
          tool: def.apiName,
          definitionHash: def.hash,
          arguments: input,
        }),
        afterHash: '',
        description: cap(def.description, MAX_DESCRIPTION_CHARS),
        unifiedDiff: cap(shown, MAX_ARGUMENTS_CHARS),
        policyAction: verdict.action,
        policyReason: verdict.reason,
        protectedPath: false,
        coarseDiff: false,
        createdAt: now(),
        kind: 'mcp',
        mcp: {
          server: def.server,
          serverTool: def.name,
          argumentsDigest: argumentsDigest(input),
          definitionHash: def.hash,
        },
      });
      recorded = true;
    },
    decided(outcome, decidedBy, decision) {
      if (!audit || !recorded) return;
      audit.recordDecision({
        approvalId,
        outcome,
        decidedBy,
        decision,
        finalHash: outcome === 'approved' ? argumentsDigest(input) : null,
        decidedAt: now(),
      });
    },
    ended(result) {
      if (!audit?.recordResult || !recorded) return;
      const status: ToolCallResultStatus =
        result === 'not_run' ? 'not_run' : result.status === 'ok' ? 'ok' : 'error';
      const detail =
        result === 'not_run' || result.status === 'ok'
          ? null
          : cap(result.content.split('\n')[0] ?? '', MAX_DETAIL_CHARS);
      audit.recordResult(approvalId, { status, detail });
    },
  };
}
