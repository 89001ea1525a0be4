// Proposals, approval requests and decisions as they cross boundaries (DESIGN.md "Flow" 3-6).
import { z } from 'zod';
import { proposalEvidenceSchema } from './diagnostics';

export const hunkSchema = z.object({
  /** Stable within one proposal: "h1", "h2", … */
  id: z.string(),
  oldStart: z.number(),
  oldLines: z.number(),
  newStart: z.number(),
  newLines: z.number(),
  /** The hunk's lines with their ' ', '-', '+' prefixes. */
  lines: z.array(z.string()),
});
export type Hunk = z.infer<typeof hunkSchema>;

export const approvalRequestSchema = z.object({
  approvalId: z.string(),
  /** sha256 over (path, base hash, after): a decision is bound to it. */
  proposalHash: z.string(),
  tool: z.enum(['edit_file', 'create_file']),
  /** Workspace-relative path with forward slashes. */
  path: z.string(),
  isNewFile: z.boolean(),
  before: z.string(),
  after: z.string(),
  unifiedDiff: z.string(),
  hunks: z.array(hunkSchema),
  /** The model's own words on what the change does. */
  description: z.string(),
  /** Why the person is asked: mode, rule or protected path. */
  reason: z.string(),
  protectedPath: z.boolean(),
  /** True when the diff fell back to a coarse replaced-block diff (bound hit). */
  coarseDiff: z.boolean(),
  /**
   * The errors the change would introduce and fix, as far as the check got when
   * the request was shown: `timed_out` ones are completed later by an `approval_evidence`
   * event. Absent when no check ran (checks off, no diagnostics in this shell).
   */
  evidence: proposalEvidenceSchema.optional(),
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

export const decisionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('approve') }),
  z.object({
    type: z.literal('approve_hunks'),
    hunkIds: z.array(z.string()),
    reason: z.string().optional(),
  }),
  z.object({ type: z.literal('edit'), content: z.string() }),
  z.object({ type: z.literal('reject'), reason: z.string().optional() }),
]);
export type Decision = z.infer<typeof decisionSchema>;

export const decisionSourceSchema = z.enum(['person', 'rule', 'mode', 'abort']);
export type DecisionSource = z.infer<typeof decisionSourceSchema>;

/**
 * `plan`: Claude explores read-only (writes, commands and MCP calls refused as in read-only)
 * and ends with a plan the person approves into `ask` or `auto-edit`, edits or rejects.
 */
export const approvalModeSchema = z.enum(['ask', 'auto-edit', 'read-only', 'plan']);
export type ApprovalMode = z.infer<typeof approvalModeSchema>;

export const policyRuleSchema = z.object({
  id: z.string(),
  /** A tool name (`edit_file`) or a kind (`write`, `read`), or `*`. */
  tool: z.string(),
  /** Glob relative to the project root. */
  pathGlob: z.string(),
  action: z.enum(['allow', 'ask', 'deny']),
});
export type PolicyRule = z.infer<typeof policyRuleSchema>;

/** An MCP tool call waiting for the person: approved or rejected whole. */
export const toolCallApprovalRequestSchema = z.object({
  approvalId: z.string(),
  /** sha256 over (tool, definition hash, arguments): a decision is bound to it. */
  proposalHash: z.string(),
  kind: z.literal('mcp_call'),
  /** The name the model called: `mcp__<server>__<tool>`. */
  tool: z.string(),
  server: z.string(),
  serverTool: z.string(),
  /** The arguments as JSON text. */
  arguments: z.string(),
  /** The server's description of the tool: untrusted text, shown as such. */
  description: z.string(),
  annotations: z.record(z.string(), z.unknown()),
  reason: z.string(),
});
export type ToolCallApprovalRequest = z.infer<typeof toolCallApprovalRequestSchema>;
