// run_command's approval requests, decisions and rules as they cross boundaries.
import { z } from 'zod';
import { hunkSchema } from './approvals';

export const commandRuleActionSchema = z.enum(['allow', 'ask', 'deny']);

export const commandRuleSchema = z.object({
  id: z.string(),
  /** The command's first words after quote removal: ["npm", "test"]. */
  prefix: z.array(z.string()).min(1),
  action: commandRuleActionSchema,
});
export type CommandRule = z.infer<typeof commandRuleSchema>;

/** A network rule: hosts sandboxed commands of the project may reach through the proxy. */
export const networkRuleSchema = z.object({
  id: z.string(),
  /** `registry.npmjs.org:443`, `*.example.com`, `127.0.0.1:8080` (see network-hosts.ts). */
  hosts: z.array(z.string()).min(1),
  /**
   * Absent: every sandboxed command of the project. Else only a command line whose every
   * simple command starts with these words (`npm install`).
   */
  prefix: z.array(z.string()).min(1).optional(),
});
export type NetworkRule = z.infer<typeof networkRuleSchema>;

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
  /**
   * Without `network`: the hosts the project's network rules let the command reach through
   * the filtering proxy (absent or empty: no network at all).
   */
  networkHosts: z.array(z.string()).optional(),
  timeoutSeconds: z.number(),
  /** Why the person is asked. */
  reason: z.string(),
  /** Prefixes "always allow" would save; empty when the offer is not made. */
  suggestedPrefixes: z.array(z.array(z.string())),
  /**
   * Project files the command writes with a content known before it runs (`echo x > f`, a
   * here-document), each as a diff against the file now; absent when there is none.
   */
  proposedWrites: z
    .array(
      z.object({
        /** Workspace-relative, `/` separators. */
        path: z.string(),
        isNewFile: z.boolean(),
        /** `>>`: the text is added at the end. */
        append: z.boolean(),
        hunks: z.array(hunkSchema),
      }),
    )
    .optional(),
});
export type CommandApprovalRequest = z.infer<typeof commandApprovalRequestSchema>;
export type ProposedCommandWrite = NonNullable<CommandApprovalRequest['proposedWrites']>[number];

/**
 * The person's network choice for one run, made on the approval card (it replaces what the
 * request showed): none at all, only these hosts through the filtering proxy, or full network.
 */
export const networkGrantSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('off') }),
  z.object({
    type: z.literal('hosts'),
    hosts: z.array(z.string().min(1).max(300)).min(1).max(100),
  }),
  z.object({ type: z.literal('full') }),
]);
export type NetworkGrant = z.infer<typeof networkGrantSchema>;

export const commandDecisionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('run_once'), network: networkGrantSchema.optional() }),
  /** Runs it and saves an allow rule for each suggested prefix (network applies to this run). */
  z.object({ type: z.literal('always_allow'), network: networkGrantSchema.optional() }),
  z.object({
    type: z.literal('edit'),
    command: z.string().min(1).max(100_000),
    network: networkGrantSchema.optional(),
  }),
  z.object({ type: z.literal('reject'), reason: z.string().max(10_000).optional() }),
]);
export type CommandDecision = z.infer<typeof commandDecisionSchema>;
