import { z } from 'zod';
import { idText, method, noInput } from './define';
import { toolStatusSchema, usageSchema } from '../agent-events';
import { planCardSchema } from '../plans';

export const mentionSchema = z.object({
  type: z.enum(['file', 'symbol']),
  /** File: workspace-relative path. Symbol: name, optionally `path#name`. */
  value: z.string().min(1).max(4096),
});
export type Mention = z.infer<typeof mentionSchema>;

/** One row of a conversation as the UI shows it, rebuilt from the stored history. */
export const transcriptItemSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('user'), id: z.string(), text: z.string(), createdAt: z.number() }),
  z.object({
    type: z.literal('assistant_text'),
    id: z.string(),
    turnId: z.string(),
    text: z.string(),
  }),
  z.object({
    type: z.literal('tool'),
    id: z.string(),
    turnId: z.string(),
    name: z.string(),
    label: z.string(),
    input: z.unknown(),
    status: z.union([toolStatusSchema, z.literal('running')]),
    result: z.string(),
    /** What the person reads in place of the result (a change sent back to Claude unseen). */
    shownAs: z.string().optional(),
    /** submit_plan (plan mode): the plan, waiting for the person or decided. */
    plan: planCardSchema.optional(),
  }),
  z.object({ type: z.literal('error'), id: z.string(), turnId: z.string(), message: z.string() }),
]);
export type TranscriptItem = z.infer<typeof transcriptItemSchema>;

export const usageTotalsSchema = usageSchema;

export const conversationSummarySchema = z.object({
  id: z.string(),
  projectId: z.string(),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationViewSchema = conversationSummarySchema.extend({
  items: z.array(transcriptItemSchema),
  usage: usageTotalsSchema,
  /** True while a turn runs. */
  running: z.boolean(),
  /** The last turn ended on the round limit: the UI offers Continue. */
  canContinue: z.boolean(),
});
export type ConversationView = z.infer<typeof conversationViewSchema>;

const idInput = z.object({ conversationId: idText }).strict();

/** The conversation and turn a started (or continued) turn runs in; its events follow on `agent`. */
const startedTurn = z.object({ conversationId: z.string(), turnId: z.string() });

export const agentService = {
  /** Starts a turn; events follow on `agent`. Without conversationId a new conversation starts. */
  send: method(
    z
      .object({
        conversationId: idText.optional(),
        text: z.string().min(1).max(200_000),
        mentions: z.array(mentionSchema).max(50).default([]),
      })
      .strict(),
    startedTurn,
  ),
  abort: method(idInput, z.object({ aborted: z.boolean() })),
  /** After max_turns: runs another round budget on the same turn's history. */
  continue: method(idInput, startedTurn),
  /** After an error: sends the last user message's turn again. */
  retry: method(idInput, startedTurn),
  listConversations: method(noInput, z.array(conversationSummarySchema)),
  getConversation: method(idInput, conversationViewSchema),
  renameConversation: method(
    z.object({ conversationId: idText, title: z.string().min(1).max(200) }).strict(),
    conversationSummarySchema,
  ),
  deleteConversation: method(idInput, z.object({ deleted: z.boolean() })),
};
