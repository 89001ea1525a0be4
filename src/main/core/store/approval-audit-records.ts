// The audit trail's records: every proposal and every decision with who
// decided and the hashes. The approval registry, the command gate and MCP calls
// record into the same trail, each row marked with its kind. Plain records owned by the store
// (implemented over the app DB by approval-audit-repository.ts; tests pass an in-memory one,
// tests/main/core/approvals/memory-audit.ts).
import type { Decision, DecisionSource } from '../../../shared/approvals';

/** How a request ended, as recorded (the approval port's outcomes). */
export type ApprovalOutcome = 'approved' | 'partially_approved' | 'edited' | 'rejected' | 'denied';

/** What a row records: a file write, a command line, or an MCP tool call. */
export type AuditKind = 'file' | 'command' | 'mcp';

/** An MCP call's row: which tool of which server, with which arguments (by digest). */
export interface McpCallAuditFields {
  readonly server: string;
  readonly serverTool: string;
  /** sha256 of the arguments' canonical JSON. */
  readonly argumentsDigest: string;
  /** sha256 of the tool definition the call was made under. */
  readonly definitionHash: string;
}

/** How an MCP call ended: it ran ('ok' or 'error'), or it was refused ('not_run'). */
export type ToolCallResultStatus = 'ok' | 'error' | 'not_run';

export interface ProposalAuditEntry {
  /** Absent: 'command' for run_command, 'file' otherwise. */
  readonly kind?: AuditKind | undefined;
  /** Set for an MCP call. */
  readonly mcp?: McpCallAuditFields | undefined;
  readonly approvalId: string;
  readonly conversationId: string | null;
  readonly turnId: string | null;
  readonly toolUseId: string | null;
  readonly tool: string;
  readonly path: string;
  readonly baseHash: string;
  readonly proposalHash: string;
  readonly afterHash: string;
  readonly description: string;
  readonly unifiedDiff: string;
  readonly policyAction: 'allow' | 'ask' | 'deny';
  readonly policyReason: string;
  readonly protectedPath: boolean;
  readonly coarseDiff: boolean;
  readonly createdAt: number;
}

export interface DecisionAuditEntry {
  readonly approvalId: string;
  readonly outcome: ApprovalOutcome;
  readonly decidedBy: DecisionSource;
  readonly decision: Decision | null;
  /** sha256 of the text that was approved for writing (null when nothing was). */
  readonly finalHash: string | null;
  readonly decidedAt: number;
}

/** A proposal as read back from the trail, with its decision and whether it reached disk. */
export interface AuditRecord extends Omit<
  ProposalAuditEntry,
  'unifiedDiff' | 'policyAction' | 'kind' | 'mcp'
> {
  readonly kind: AuditKind;
  /** An MCP call's server, tool, argument digest and definition hash (null otherwise). */
  readonly mcpServer: string | null;
  readonly mcpTool: string | null;
  readonly argumentsDigest: string | null;
  readonly definitionHash: string | null;
  /** How an MCP call ended, with a short detail for an error (null for files and commands). */
  readonly resultStatus: ToolCallResultStatus | null;
  readonly resultDetail: string | null;
  /** Stored as text: a rule action, or what an older Sluice wrote. */
  readonly policyAction: string;
  readonly outcome: string | null;
  readonly decidedBy: string | null;
  readonly decision: unknown;
  readonly finalHash: string | null;
  readonly decidedAt: number | null;
  readonly applied: boolean | null;
  readonly applyDetail: string | null;
  readonly checkpointId: string | null;
}

export interface ApprovalAudit {
  /** The trail, oldest first; one conversation's when given. Absent: this audit cannot be read back. */
  list?(filter: { conversationId?: string | undefined }): AuditRecord[];
  recordProposal(entry: ProposalAuditEntry): void;
  recordDecision(entry: DecisionAuditEntry): void;
  /** Whether the approved change reached disk: 'applied' with the checkpoint, or why not. */
  recordApplication(
    approvalId: string,
    result: { applied: true; checkpointId: string | null } | { applied: false; reason: string },
  ): void;
  /** How an MCP call ended. Absent: this audit does not keep call results. */
  recordResult?(
    approvalId: string,
    result: { status: ToolCallResultStatus; detail: string | null },
  ): void;
}
