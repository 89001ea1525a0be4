import { z } from 'zod';
import { method } from './define';
import { approvalModeSchema, approvalRequestSchema, decisionSchema, policyRuleSchema } from '../approvals';

export const approvalService = {
  /** A decision counts only for a pending id, once, bound to its proposal hash. */
  decide: method(
    z
      .object({
        approvalId: z.string().min(1).max(200),
        proposalHash: z.string().min(1).max(200),
        decision: decisionSchema,
        /** "Always allow edits to this path or glob": saves an allow rule first. */
        alwaysAllowGlob: z.string().min(1).max(1000).optional(),
      })
      .strict(),
    z.object({ accepted: z.boolean() }),
  ),
  /** Approves every pending approval of the conversation at once. */
  approveAll: method(z.object({ conversationId: z.string().min(1).max(200) }).strict(), z.object({ approved: z.number() })),
  pending: method(z.object({}).strict(), z.array(approvalRequestSchema.extend({ conversationId: z.string(), turnId: z.string() }))),
  getPolicy: method(z.object({}).strict(), z.object({ mode: approvalModeSchema, rules: z.array(policyRuleSchema) })),
  setMode: method(z.object({ mode: approvalModeSchema }).strict(), z.object({ mode: approvalModeSchema })),
  addRule: method(policyRuleSchema.omit({ id: true }).strict(), policyRuleSchema),
  removeRule: method(z.object({ id: z.string().min(1).max(200) }).strict(), z.object({ removed: z.boolean() })),
};
