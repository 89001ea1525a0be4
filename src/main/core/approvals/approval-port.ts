// The seam between write tools and the approval gate: a write tool builds a Proposal and
// awaits `ctx.approvals.request(...)`; the loop knows nothing of approvals. After applying,
// the tool reports what was written through `applied(...)` (checkpoint + audit).
import type { AgentEvent } from '../../../shared/agent-events';
import type { DecisionSource } from '../../../shared/approvals';
import type { ProposalEvidence } from '../../../shared/diagnostics';
import type { Proposal } from '../edits/proposal';

export interface WriteCall {
  readonly signal: AbortSignal;
  readonly conversationId?: string | undefined;
  readonly turnId?: string | undefined;
  readonly toolUseId?: string | undefined;
  /** The turn's event stream (ToolContext.emit): approval events go there. */
  readonly emit?: ((event: AgentEvent) => void) | undefined;
  /** The errors the proposal would introduce and fix, shown with the request. */
  readonly evidence?: ProposalEvidence | undefined;
  /** A timed-out check's later result: sent as `approval_evidence` for the request shown. */
  readonly lateEvidence?: Promise<ProposalEvidence> | undefined;
  /**
   * Before lateEvidence, the changed files' evidence of a timed-out check, each
   * time it comes: also sent as `approval_evidence`. The listener is called at most until
   * lateEvidence settles.
   */
  readonly onEvidenceProgress?:
    ((listener: (evidence: ProposalEvidence) => void) => void) | undefined;
  /**
   * When a decision writes other than the proposal as shown (the hunks kept, the person's own
   * text): that text's evidence each time it grows, `complete` once every part is in; null
   * when nobody checks it. Set by whoever tells the model what was written.
   */
  readonly onWrittenEvidence?:
    ((evidence: ProposalEvidence | null, complete: boolean) => void) | undefined;
}

/** The conversation and turn a request came from, as records store them (null: none). */
export function turnOrigin(call: Pick<WriteCall, 'conversationId' | 'turnId'>): {
  conversationId: string | null;
  turnId: string | null;
} {
  return { conversationId: call.conversationId ?? null, turnId: call.turnId ?? null };
}

/** The conversation, turn and tool call a request came from, as the audit stores them. */
export function callOrigin(call: Pick<WriteCall, 'conversationId' | 'turnId' | 'toolUseId'>): {
  conversationId: string | null;
  turnId: string | null;
  toolUseId: string | null;
} {
  return { ...turnOrigin(call), toolUseId: call.toolUseId ?? null };
}

interface Decided {
  readonly approvalId: string;
  readonly decidedBy: DecisionSource;
}

/** What the gate answered. `denied` never reached the person (a rule or the mode said no). */
export type ApprovalResolution =
  | (Decided & { readonly outcome: 'approved'; readonly reason: string })
  | (Decided & {
      readonly outcome: 'partially_approved';
      readonly hunkIds: string[];
      readonly rejectedHunkIds: string[];
      readonly reason?: string | undefined;
    })
  | (Decided & { readonly outcome: 'edited'; readonly content: string })
  | (Decided & { readonly outcome: 'rejected'; readonly reason?: string | undefined })
  | (Decided & { readonly outcome: 'denied'; readonly reason: string });

export type ApprovalOutcome = ApprovalResolution['outcome'];

/** What held a change back: the errors it introduced and the tests it made fail. */
export interface HeldBackCounts {
  readonly errors: number;
  readonly failingTests: number;
}

export interface AppliedChange {
  readonly approvalId: string;
  readonly proposal: Proposal;
  /** Exact bytes before (null for a created file) and after, as on disk. */
  readonly beforeBytes: Uint8Array | null;
  readonly afterBytes: Uint8Array;
  readonly mode: number;
  readonly call: WriteCall;
}

export interface ApprovalPort {
  /** Consults the policy and, when it says ask, waits for a decision. Never throws for a refusal. */
  request(proposal: Proposal, call: WriteCall): Promise<ApprovalResolution>;
  /** Records a written change (checkpoint, audit). Returns the checkpoint id when recorded. */
  applied(change: AppliedChange): string | undefined;
  /** Records that an approved change could not be written (conflict or I/O failure). */
  failed(approvalId: string, reason: string): void;
  /**
   * Whether the policy would show this proposal to a person (it says ask), without asking or
   * recording anything. A change a rule or the mode approves unseen is not held back for its
   * errors: nobody would see it broken, and the model reads them in the result.
   */
  wouldAsk?(proposal: Proposal): boolean;
  /**
   * Records a change the check held back: it would have been asked, but it introduced errors or
   * newly failing tests and went back to the model before any person saw it (the audit counts
   * it). Absent: hold-backs are not recorded.
   */
  heldBack?(proposal: Proposal, call: WriteCall, held: HeldBackCounts): void;
}

/**
 * A call of a tool that is not a file write (an MCP tool): shown with its
 * arguments and the tool's description (the server's words, untrusted), then approved or
 * rejected whole.
 */
export interface ToolCallProposal {
  readonly kind: 'mcp_call';
  /** The name the model called (`mcp__server__tool`). */
  readonly tool: string;
  readonly server: string;
  readonly serverTool: string;
  readonly arguments: unknown;
  readonly description: string;
  readonly annotations: Readonly<Record<string, unknown>>;
  /** Why the person is asked. */
  readonly reason: string;
  /** sha256 of the tool's definition; the decision is bound to it and the arguments. */
  readonly definitionHash: string;
}

export type ToolCallResolution =
  | (Decided & {
      readonly outcome: 'approved';
      /**
       * The person also chose "always allow this tool" (the terminal's `a`): the tool runs
       * without asking from now on, for the definition they were shown (it is pinned).
       */
      readonly alwaysAllow?: boolean;
    })
  | (Decided & { readonly outcome: 'rejected'; readonly reason?: string | undefined });

/** The gate for tool calls; ApprovalBroker implements it beside ApprovalPort. */
export interface ToolCallApprovalPort {
  requestToolCall(proposal: ToolCallProposal, call: WriteCall): Promise<ToolCallResolution>;
}
