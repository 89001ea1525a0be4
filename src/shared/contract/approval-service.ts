import { z } from 'zod';
import { byId, idText, method, noInput } from './define';
import {
  approvalModeSchema,
  approvalRequestSchema,
  decisionSchema,
  policyRuleSchema,
  toolCallApprovalRequestSchema,
} from '../approvals';
import { proposalEvidenceSchema } from '../diagnostics';
import { planDecisionSchema, planRequestSchema } from '../plans';
import { auditSummarySchema, MAX_AUDIT_SINCE_DAYS } from '../audit-summary';
import {
  commandApprovalRequestSchema,
  commandDecisionSchema,
  commandRuleSchema,
  networkRuleSchema,
} from '../command-approvals';

/** One proposal of the audit trail (a file write, a command, an MCP call) with its decision (who decided, hashes) and whether it reached disk or how the call ended. */
export const approvalAuditEntrySchema = z.object({
  approvalId: z.string(),
  conversationId: z.string().nullable(),
  turnId: z.string().nullable(),
  toolUseId: z.string().nullable(),
  tool: z.string(),
  path: z.string(),
  baseHash: z.string(),
  proposalHash: z.string(),
  afterHash: z.string(),
  description: z.string(),
  policyAction: z.string(),
  policyReason: z.string(),
  protectedPath: z.boolean(),
  coarseDiff: z.boolean(),
  createdAt: z.number(),
  outcome: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decision: z.unknown(),
  finalHash: z.string().nullable(),
  decidedAt: z.number().nullable(),
  applied: z.boolean().nullable(),
  applyDetail: z.string().nullable(),
  checkpointId: z.string().nullable(),
  /** A file write, a command line (`run_command`) or an MCP tool call. */
  kind: z.enum(['file', 'command', 'mcp']),
  /** An MCP call: server, tool, sha256 of the canonical arguments, definition hash. */
  mcpServer: z.string().nullable(),
  mcpTool: z.string().nullable(),
  argumentsDigest: z.string().nullable(),
  definitionHash: z.string().nullable(),
  /** How an MCP call ended: ran ok, ran with an error, or was refused (not_run). */
  resultStatus: z.enum(['ok', 'error', 'not_run']).nullable(),
  resultDetail: z.string().nullable(),
  /** What the evidence decided: applied clean ('clean_evidence'), or held back (and why). */
  decidedBecause: z.string().nullable(),
  /** A held-back change's introduced errors and newly failing tests (null otherwise). */
  heldBackErrors: z.number().nullable(),
  heldBackFailingTests: z.number().nullable(),
});
export type ApprovalAuditEntry = z.infer<typeof approvalAuditEntrySchema>;

/** A file's or an MCP call's decision, named by its pending id and bound to its proposal hash. */
const boundDecision = { approvalId: idText, proposalHash: idText, decision: decisionSchema };

/** `reason` says why a decision was refused (unknown, stale, already decided, bad hunk ids). */
const decideAnswer = z.object({ accepted: z.boolean(), reason: z.string().optional() });

/** A waiting request as pending lists show it: with the conversation and turn it waits in. */
const inTurn = { conversationId: z.string(), turnId: z.string() };

const removeById = method(byId, z.object({ removed: z.boolean() }));

export const approvalService = {
  /** A decision counts only for a pending id, once, bound to its proposal hash. */
  decide: method(
    z
      .object({
        ...boundDecision,
        /** "Always allow edits to this path or glob": saves an allow rule first. */
        alwaysAllowGlob: z.string().min(1).max(1000).optional(),
      })
      .strict(),
    decideAnswer,
  ),
  /**
   * What a decision would write (some hunks or lines, the person's own text), checked before
   * it is made. `first` answers within a glance with what is known; `complete` waits for the
   * rest (bounded: ask again while `complete` is false). Decides nothing.
   */
  checkDecision: method(
    z.object({ ...boundDecision, wait: z.enum(['first', 'complete']) }).strict(),
    z.object({
      accepted: z.boolean(),
      /** Why nothing was checked (unknown or decided approval, bad selection). */
      reason: z.string().optional(),
      /** Names the text checked: the same selection gives the same hash. */
      textHash: z.string().optional(),
      /** Null: nothing checks this project (no checker, no test runner). */
      evidence: proposalEvidenceSchema.nullable().optional(),
      complete: z.boolean().optional(),
    }),
  ),
  /** Approves every pending approval of the conversation at once. */
  approveAll: method(
    z.object({ conversationId: idText }).strict(),
    z.object({ approved: z.number() }),
  ),
  pending: method(noInput, z.array(approvalRequestSchema.extend(inTurn))),
  /** MCP tool calls waiting for the person (decided through `decide`), oldest first. */
  pendingToolCalls: method(noInput, z.array(toolCallApprovalRequestSchema.extend(inTurn))),
  getPolicy: method(
    noInput,
    z.object({
      mode: approvalModeSchema,
      rules: z.array(policyRuleSchema),
      /** In ask mode: a write whose complete evidence is clean is applied without asking. */
      approveWhenClean: z.boolean(),
    }),
  ),
  setApproveWhenClean: method(
    z.object({ enabled: z.boolean() }).strict(),
    z.object({ enabled: z.boolean() }),
  ),
  setMode: method(
    z.object({ mode: approvalModeSchema }).strict(),
    z.object({ mode: approvalModeSchema }),
  ),
  addRule: method(policyRuleSchema.omit({ id: true }).strict(), policyRuleSchema),
  removeRule: removeById,
  /** The audit trail of one conversation (or of the open project), oldest first. */
  audit: method(
    z.object({ conversationId: idText.optional() }).strict(),
    z.array(approvalAuditEntrySchema),
  ),
  /** The open project's trail counted: file changes asked, applied clean, held back, rejected. */
  auditSummary: method(
    z.object({ sinceDays: z.number().int().min(1).max(MAX_AUDIT_SINCE_DAYS).optional() }).strict(),
    auditSummarySchema,
  ),
  /**
   * Plan mode: the person's answer to a waiting plan (approve into ask or auto-edit, approve
   * their own text of it, or reject with feedback); counts once. An approval sets the
   * project's mode to the one chosen.
   */
  decidePlan: method(
    z.object({ approvalId: idText, decision: planDecisionSchema }).strict(),
    decideAnswer,
  ),
  /** Plans waiting for the person (decided through `decidePlan`), oldest first. */
  pendingPlans: method(
    noInput,
    z.array(planRequestSchema.extend({ ...inTurn, toolUseId: z.string() })),
  ),
  /** run_command: a decision counts only for a pending id, once, bound to its command hash. */
  decideCommand: method(
    z
      .object({
        approvalId: idText,
        commandHash: idText,
        decision: commandDecisionSchema,
      })
      .strict(),
    decideAnswer,
  ),
  pendingCommands: method(noInput, z.array(commandApprovalRequestSchema.extend(inTurn))),
  /** run_command's rules of the open project, oldest first. */
  commandRules: method(noInput, z.array(commandRuleSchema)),
  addCommandRule: method(
    z
      .object({
        prefix: z.array(z.string().min(1).max(200)).min(1).max(8),
        action: z.enum(['allow', 'ask', 'deny']),
      })
      .strict(),
    commandRuleSchema,
  ),
  removeCommandRule: removeById,
  /** Host lists sandboxed commands may reach through the filtering proxy. */
  networkRules: method(noInput, z.array(networkRuleSchema)),
  addNetworkRule: method(
    z
      .object({
        hosts: z.array(z.string().min(1).max(300)).min(1).max(100),
        prefix: z.array(z.string().min(1).max(200)).min(1).max(8).optional(),
      })
      .strict(),
    networkRuleSchema,
  ),
  removeNetworkRule: removeById,
};
