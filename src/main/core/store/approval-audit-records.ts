// The audit trail's records: every proposal and every decision with who decided and the
// hashes, and the file changes the check held back before anyone saw them. The approval
// registry, the command gate and MCP calls record into the same trail, each row marked with
// its kind. Plain records owned by the store
// (implemented over the app DB by approval-audit-repository.ts; tests pass an in-memory one,
// tests/main/core/approvals/memory-audit.ts).
import type { Decision, DecisionSource } from '../../../shared/approvals';

/** How a request ended, as recorded (the approval port's outcomes). */
export type ApprovalOutcome = 'approved' | 'partially_approved' | 'edited' | 'rejected' | 'denied';

/**
 * Why the evidence decided a file change without a person: it was clean (applied without
 * asking), or it introduced errors or newly failing tests (held back, sent to the model).
 */
export type DecidedBecause = 'clean_evidence' | 'introduced_errors' | 'newly_failing_tests';

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
  /** Set when the evidence made the decision: a write applied without asking because it was clean. */
  readonly because?: 'clean_evidence' | undefined;
}

/**
 * A file change the check held back: it introduced errors or newly failing tests and went back
 * to the model before any person saw it (recorded after its proposal, as its decision).
 */
export interface HeldBackAuditEntry {
  readonly approvalId: string;
  /** How many errors it introduced (0 when the tests held it back). */
  readonly errors: number;
  /** How many tests it made fail that passed on the disk state (0 when errors held it back). */
  readonly failingTests: number;
  readonly heldAt: number;
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
  /** Stored as text: why the evidence decided (DecidedBecause), null when it did not. */
  readonly decidedBecause: string | null;
  /** A held-back change's introduced errors and newly failing tests (null otherwise). */
  readonly heldBackErrors: number | null;
  readonly heldBackFailingTests: number | null;
}

export interface ApprovalAudit {
  /** The trail, oldest first; one conversation's when given. Absent: this audit cannot be read back. */
  list?(filter: { conversationId?: string | undefined }): AuditRecord[];
  recordProposal(entry: ProposalAuditEntry): void;
  recordDecision(entry: DecisionAuditEntry): void;
  /**
   * Ends a proposal's row as held back (outcome 'held_back', decided by 'check'). Absent: this
   * audit does not keep hold-backs.
   */
  recordHeldBack?(entry: HeldBackAuditEntry): void;
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
