import { z } from 'zod';
import { idText, method } from './define';
import { toolStatusSchema, usageSchema } from '../agent-events';
import { planCardSchema } from '../plans';
import { approvalModeSchema } from '../approvals';
import { compactionMarkSchema, compactionResultSchema } from '../compaction';
import { attachedImageSchema, imageInputSchema, MAX_IMAGES_PER_TURN } from '../image-attachments';
import { hookRunSchema } from '../hooks';

export const mentionSchema = z.object({
  type: z.enum(['file', 'symbol']),
  /** File: workspace-relative path. Symbol: name, optionally `path#name`. */
  value: z.string().min(1).max(4096),
});
export type Mention = z.infer<typeof mentionSchema>;

/** One row of a conversation as the UI shows it, rebuilt from the stored history. */
export const transcriptItemSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('user'),
    id: z.string(),
    text: z.string(),
    createdAt: z.number(),
    /** Images attached before the text (absent on messages without any, and on older rows). */
    images: z.array(attachedImageSchema).optional(),
  }),
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
  z.object({
    /** One hook run: a step of its turn, shown after the tool call it was about, if any. */
    type: z.literal('hook'),
    id: z.string(),
    turnId: z.string(),
    toolUseId: z.string().optional(),
    run: hookRunSchema,
    /** What the hooks of this call said to the person (`systemMessage`). */
    message: z.string().optional(),
  }),
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

/** The mode a turn ran in: an approval mode, or propose for a background run. */
export const turnModeSchema = z.union([approvalModeSchema, z.literal('propose')]);
export type TurnMode = z.infer<typeof turnModeSchema>;

/** A conversation as a list shows it (store/conversation-listing.ts says how each is found). */
export const listedConversationSchema = conversationSummarySchema.extend({
  /** The mode of its latest turn that recorded one; null when none did. */
  mode: turnModeSchema.nullable(),
  turns: z.number(),
  costUsd: z.number(),
  /** Every input token, cached or not. */
  inputTokens: z.number(),
  outputTokens: z.number(),
  /** propose: a background run started it; worktree: it works in one of Sluice's worktrees. */
  kind: z.enum(['chat', 'propose', 'worktree']),
  /** The worktree's name, when it works in one (a propose run too). */
  worktree: z.string().optional(),
});
export type ListedConversation = z.infer<typeof listedConversationSchema>;

export const LIST_CONVERSATIONS_MAX = 1000;

export const conversationViewSchema = conversationSummarySchema.extend({
  items: z.array(transcriptItemSchema),
  usage: usageTotalsSchema,
  /** True while a turn runs. */
  running: z.boolean(),
  /** The last turn ended on the round limit: the UI offers Continue. */
  canContinue: z.boolean(),
  /** What each turn's requests cost (turns that sent none are absent). */
  turnUsage: z.array(z.object({ turnId: z.string(), usage: usageSchema })).optional(),
  /** The latest request's usage (how full the context is), null when none was sent. */
  latestUsage: usageSchema.nullable().optional(),
  /** The conversation model's context window in tokens. */
  contextWindow: z.number().optional(),
  /** Tokens a compaction took off the history since the latest request. */
  contextSavedTokens: z.number().optional(),
  compactions: z.array(compactionMarkSchema).optional(),
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
        /** Sent before the text; checked again in main (agent/image-attachments.ts). */
        images: z.array(imageInputSchema).max(MAX_IMAGES_PER_TURN).optional(),
      })
      .strict(),
    startedTurn,
  ),
  /** One image attached to a turn's message (the transcript lists them), to show it. */
  image: method(
    z
      .object({
        conversationId: idText,
        turnId: idText,
        index: z
          .number()
          .int()
          .min(0)
          .max(MAX_IMAGES_PER_TURN - 1),
      })
      .strict(),
    imageInputSchema,
  ),
  abort: method(idInput, z.object({ aborted: z.boolean() })),
  /** After max_turns: runs another round budget on the same turn's history. */
  continue: method(idInput, startedTurn),
  /** After an error: sends the last user message's turn again. */
  retry: method(idInput, startedTurn),
  /** Newest first; `search` matches titles and the person's prompts, case-insensitively. */
  listConversations: method(
    z
      .object({
        search: z.string().max(500).optional(),
        limit: z.number().int().min(1).max(LIST_CONVERSATIONS_MAX).optional(),
      })
      .strict(),
    z.array(listedConversationSchema),
  ),
  getConversation: method(idInput, conversationViewSchema),
  renameConversation: method(
    z.object({ conversationId: idText, title: z.string().min(1).max(200) }).strict(),
    conversationSummarySchema,
  ),
  deleteConversation: method(idInput, z.object({ deleted: z.boolean() })),
  /**
   * `/compact`: the finished turns are sent as one summary from the next request on; the
   * stored conversation stays whole. Refused while a turn runs or with nothing to compact.
   */
  compact: method(idInput, compactionResultSchema),
};
