// run_command's approval requests, decisions and rules as they cross boundaries (issue 13).
import { z } from 'zod';

export const commandRuleActionSchema = z.enum(['allow', 'ask', 'deny']);

export const commandRuleSchema = z.object({
  id: z.string(),
  /** The command's first words after quote removal: ["npm", "test"]. */
  prefix: z.array(z.string()).min(1),
  action: commandRuleActionSchema,
});
export type CommandRule = z.infer<typeof commandRuleSchema>;

export const commandApprovalRequestSchema = z.object({
  approvalId: z.string(),
  /** sha256 over (command, cwd, network, sandboxed): a decision is bound to it. */
  commandHash: z.string(),
  command: z.string(),
  /** Working folder relative to the project root ('' for the root). */
  cwd: z.string(),
  /** The model's own words on what the command does. */
  description: z.string(),
  /** False: the command would run with the person's full rights ("not sandboxed"). */
  sandboxed: z.boolean(),
  /** What the sandbox is, or why there is none. */
  sandboxDetail: z.string(),
  /** When sandboxed: which sandbox ("bubblewrap", "Seatbelt"), shown as "sandboxed (…)". */
  sandboxName: z.string().optional(),
  /** True only when the model asked for network for this command. */
  network: z.boolean(),
  timeoutSeconds: z.number(),
  /** Why the person is asked. */
  reason: z.string(),
  /** Prefixes "always allow" would save; empty when the offer is not made. */
  suggestedPrefixes: z.array(z.array(z.string())),
});
export type CommandApprovalRequest = z.infer<typeof commandApprovalRequestSchema>;

export const commandDecisionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('run_once') }),
  /** Runs it and saves an allow rule for each suggested prefix. */
  z.object({ type: z.literal('always_allow') }),
  z.object({ type: z.literal('edit'), command: z.string().min(1).max(100_000) }),
  z.object({ type: z.literal('reject'), reason: z.string().max(10_000).optional() }),
]);
export type CommandDecision = z.infer<typeof commandDecisionSchema>;
