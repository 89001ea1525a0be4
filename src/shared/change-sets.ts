// Change sets: what a background run that proposes leaves behind for review. The
// shapes cross the contract (inbox) and `sluice proposals --json`, so they are zod schemas.
import { z } from 'zod';
import { hunkSchema } from './approvals';
import { usageSchema } from './agent-events';
import { proposalEvidenceSchema } from './diagnostics';
import { backgroundRunSchema, changeSetCommandSchema } from './change-set-commands';

export const changeSetStatusSchema = z.enum([
  'running',
  'proposed',
  'accepted',
  'partly-accepted',
  'rejected',
  'failed',
  'superseded',
]);
export type ChangeSetStatus = z.infer<typeof changeSetStatusSchema>;

/** What happened to one file of a set when it was reviewed. */
export const changeSetFileStateSchema = z.enum([
  'pending',
  'applied',
  'partly-applied',
  'rejected',
  'conflict',
  'refused',
]);
export type ChangeSetFileState = z.infer<typeof changeSetFileStateSchema>;

export const changeSetFileSchema = z.object({
  /** Workspace-relative, forward slashes. */
  path: z.string(),
  isNewFile: z.boolean(),
  /** sha256 of the disk bytes the run started from, or "absent" for a created file. */
  baseHash: z.string(),
  /** BOM-less texts: the base as read from disk and the run's final version. */
  baseText: z.string(),
  finalText: z.string(),
  hunks: z.array(hunkSchema),
  unifiedDiff: z.string(),
  protectedPath: z.boolean(),
  state: changeSetFileStateSchema,
  /** Why a file was refused, conflicted or rejected; the checkpoint when applied. */
  note: z.string().nullable(),
  checkpointId: z.string().nullable(),
});
export type ChangeSetFile = z.infer<typeof changeSetFileSchema>;

export const changeSetSummarySchema = z.object({
  id: z.string(),
  projectId: z.string(),
  projectRoot: z.string(),
  conversationId: z.string().nullable(),
  /** The turn of the run in that conversation (its steps). */
  turnId: z.string().nullable(),
  prompt: z.string(),
  status: changeSetStatusSchema,
  /** Why it failed, was rejected, or was superseded (and by which set). */
  statusReason: z.string().nullable(),
  /** The model's closing words. */
  summary: z.string(),
  model: z.string(),
  paths: z.array(z.string()),
  /** Another set applied changes to some of these files after this one was made. */
  needsRecheck: z.string().nullable(),
  /** The set this one refines (and supersedes when it is proposed). */
  refines: z.string().nullable(),
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
  usage: usageSchema,
  /**
   * The errors the set introduces and fixes over all its files: the last check of
   * its run, or of the inbox's re-check when the disk moved; null when never checked.
   */
  evidence: proposalEvidenceSchema.nullable(),
  /** The background run behind the set (queue place, allowances); null for older sets. */
  run: backgroundRunSchema.nullable().default(null),
});
export type ChangeSetSummary = z.infer<typeof changeSetSummarySchema>;

export const changeSetSchema = changeSetSummarySchema.extend({
  files: z.array(changeSetFileSchema),
  /** Commands the run ran or was refused, in order. */
  commands: z.array(changeSetCommandSchema).default([]),
  /** One line on the last checks and the last edit (describeChecks). */
  checks: z.string().nullable().default(null),
  /**
   * Changes the run made that a set cannot apply (deletions, binary files, symlinks), in
   * words. The "errors introduced" evidence of the diagnostics issue goes beside this.
   */
  unapplied: z.array(z.string()).default([]),
});
export type ChangeSet = z.infer<typeof changeSetSchema>;

/** A review's selection: whole files, and per file the hunk ids to take. */
export const changeSetSelectionSchema = z.object({
  files: z.array(z.string()).optional(),
  hunks: z.record(z.string(), z.array(z.string())).optional(),
});
export type ChangeSetSelection = z.infer<typeof changeSetSelectionSchema>;

/** One file's outcome of a review: its fields of the file as the set then holds it. */
export const applyFileResultSchema = changeSetFileSchema.pick({
  path: true,
  state: true,
  note: true,
  checkpointId: true,
});
export type ApplyFileResult = z.infer<typeof applyFileResultSchema>;

export const applyResultSchema = z.object({
  changeSetId: z.string(),
  status: changeSetStatusSchema,
  files: z.array(applyFileResultSchema),
  /** Other sets now marked as needing a re-check because they touch the applied files. */
  recheck: z.array(z.string()),
});
export type ApplyResult = z.infer<typeof applyResultSchema>;
