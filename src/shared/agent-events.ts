// The AgentEvent union (DESIGN.md "AgentEvent"): the one stream that the UI, `sluice ask
// --json` and persistence all consume. Schemas are zod so the contract can validate events.
import { z } from 'zod';
import {
  approvalRequestSchema,
  decisionSourceSchema,
  toolCallApprovalRequestSchema,
} from './approvals';
import { commandApprovalRequestSchema } from './command-approvals';
import { attachedImageSchema } from './image-attachments';
import { hookRunSchema } from './hooks';
import { proposalEvidenceSchema } from './diagnostics';
import { planGoOnModeSchema, planOutcomeSchema, planSchema } from './plans';
import { usageSchema } from './usage';

export { usageSchema, type Usage } from './usage';

const base = { conversationId: z.string(), turnId: z.string() };
/** On an approval request: the tool call (step) that waits for it, when it came from one. */
const approvalStep = { toolUseId: z.string().optional() };

export const toolStatusSchema = z.enum(['ok', 'error', 'rejected', 'denied', 'conflict']);
export type ToolStatus = z.infer<typeof toolStatusSchema>;

export const turnEndReasonSchema = z.enum(['end_turn', 'max_turns', 'aborted', 'error']);
export type TurnEndReason = z.infer<typeof turnEndReasonSchema>;

export const agentEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('turn_start'),
    ...base,
    userText: z.string(),
    model: z.string(),
    /** The images the person attached to the message (their names and sizes, not the bytes). */
    images: z.array(attachedImageSchema).optional(),
  }),
  z.object({ type: z.literal('text_delta'), ...base, messageId: z.string(), text: z.string() }),
  z.object({
    type: z.literal('tool_start'),
    ...base,
    toolUseId: z.string(),
    name: z.string(),
    input: z.unknown(),
    /** Human label: "Reading src/app.ts", "Searching for 'TODO'". */
    label: z.string(),
  }),
  z.object({
    type: z.literal('tool_end'),
    ...base,
    toolUseId: z.string(),
    name: z.string(),
    status: toolStatusSchema,
    /** What the model was told (possibly truncated for display). */
    result: z.string(),
    /**
     * What the person reads in place of the result: a step, not a failure ("Sent 2 errors back
     * to Claude before showing you the change"). Absent: the status and the result's first line.
     */
    shownAs: z.string().optional(),
  }),
  z.object({
    type: z.literal('approval_request'),
    ...base,
    ...approvalStep,
    request: approvalRequestSchema,
  }),
  z.object({
    type: z.literal('tool_call_approval_request'),
    ...base,
    ...approvalStep,
    request: toolCallApprovalRequestSchema,
  }),
  z.object({
    type: z.literal('approval_resolved'),
    ...base,
    approvalId: z.string(),
    outcome: z.enum(['approved', 'partially_approved', 'edited', 'rejected', 'aborted']),
    decidedBy: decisionSourceSchema,
    /** Why, in words, when a rule decided (e.g. "allowed by rule `npm test`"). */
    reason: z.string().optional(),
  }),
  z.object({
    /**
     * A check that ran past its deadline finished after its approval request was shown:
     * the evidence replaces the request's `timed_out` one. May arrive after the
     * approval was decided; then it is for the record only.
     */
    type: z.literal('approval_evidence'),
    ...base,
    approvalId: z.string(),
    evidence: proposalEvidenceSchema,
  }),
  z.object({
    type: z.literal('command_approval_request'),
    ...base,
    ...approvalStep,
    request: commandApprovalRequestSchema,
  }),
  z.object({
    /** Plan mode: the model submitted its plan (submit_plan) and waits for the person. */
    type: z.literal('plan_request'),
    ...base,
    toolUseId: z.string(),
    approvalId: z.string(),
    plan: planSchema,
  }),
  z.object({
    type: z.literal('plan_resolved'),
    ...base,
    approvalId: z.string(),
    outcome: planOutcomeSchema,
    /** Approved or edited: the mode the conversation goes on in. */
    mode: planGoOnModeSchema.optional(),
    decidedBy: decisionSourceSchema,
    /** Edited: the person's text of the plan. */
    editedText: z.string().optional(),
    /** Rejected: the person's feedback, or why nobody could be asked. */
    feedback: z.string().optional(),
  }),
  z.object({
    type: z.literal('command_output'),
    ...base,
    toolUseId: z.string(),
    /** Raw text as printed (ANSI kept); stdout and stderr interleaved. */
    text: z.string(),
  }),
  z.object({
    /** One hook ran (hooks.ts): a step of the turn, about a tool call when toolUseId is set. */
    type: z.literal('hook_run'),
    ...base,
    toolUseId: z.string().optional(),
    run: hookRunSchema,
    /** What the hooks of this call said to the person (`systemMessage`), never sent to Claude. */
    message: z.string().optional(),
  }),
  z.object({
    type: z.literal('usage'),
    ...base,
    usage: usageSchema,
    model: z.string(),
    /** The model's context window in tokens, so a shell can say how full it is. */
    contextWindow: z.number().optional(),
  }),
  z.object({
    type: z.literal('retry'),
    ...base,
    attempt: z.number(),
    reason: z.string(),
    /** A reply that is thrown away and asked again: the text it streamed is void (UIs drop it). */
    discardedMessageId: z.string().optional(),
  }),
  z.object({
    type: z.literal('turn_end'),
    ...base,
    reason: turnEndReasonSchema,
    message: z.string().optional(),
  }),
  z.object({
    type: z.literal('error'),
    ...base,
    /** Stable kind for UIs: api_key, base_url, spend_limit, rate_limit, overloaded, invalid_request, network, stream, refusal, context_window, max_tokens, internal; hook_blocked (a prompt a hook blocked), hook_stopped (a hook's `continue: false`), hook_stop_limit (Stop hooks kept the turn going too often). */
    kind: z.string(),
    message: z.string(),
    retryable: z.boolean(),
  }),
]);
export type AgentEvent = z.infer<typeof agentEventSchema>;
export type AgentEventType = AgentEvent['type'];
export type AgentEventOf<T extends AgentEventType> = Extract<AgentEvent, { type: T }>;
