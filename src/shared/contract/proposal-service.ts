// The `proposals` service: the inbox of change sets that runs in propose
// mode left for review, the review itself (apply all or a selection, reject with a reason),
// Refine (continue the set's conversation; the result supersedes the set) and starting a
// background run from the app.
import { z } from 'zod';
import {
  applyResultSchema,
  changeSetSchema,
  changeSetSelectionSchema,
  changeSetSummarySchema,
} from '../change-sets';
import { proposalEvidenceSchema } from '../diagnostics';
import { byId, idText, method, noInput } from './define';
import { transcriptItemSchema } from './agent-service';

const reason = z.string().max(4000).optional();

export const changeSetViewSchema = changeSetSchema.extend({
  /** The run's steps (its turn of the conversation). */
  steps: z.array(transcriptItemSchema),
  /** Files still to review whose disk content changed since the run: accepting them conflicts. */
  changedOnDisk: z.array(z.string()).default([]),
  /** Written files whose checkpoint was undone since: back as they were before the set. */
  undone: z.array(z.string()).default([]),
  /** The version shown: an apply that sends it back is refused if the set changed since. */
  revision: z.string().optional(),
});
export type ChangeSetView = z.infer<typeof changeSetViewSchema>;

export const startedRunSchema = z.object({ changeSetId: z.string(), conversationId: z.string() });
export type StartedRun = z.infer<typeof startedRunSchema>;

export const proposalService = {
  list: method(noInput, z.array(changeSetSummarySchema)),
  get: method(byId, changeSetViewSchema),
  apply: method(
    z
      .object({
        id: idText,
        /** Absent: every file whole. */
        selection: changeSetSelectionSchema.strict().optional(),
        reason,
        /** The `revision` of the set the person reviewed; absent: the set as it is now. */
        seenRevision: z.string().max(200).optional(),
      })
      .strict(),
    applyResultSchema,
  ),
  reject: method(z.object({ id: idText, reason }).strict(), applyResultSchema),
  /**
   * Checks the set again when the disk moved since its evidence was made (its base hashes
   * differ from the disk), stores and returns the fresh evidence; otherwise returns the
   * stored one. The inbox calls it when a set is opened.
   */
  recheck: method(byId, proposalEvidenceSchema),
  /**
   * The evidence of exactly what a selection of the set would write, against the disk now;
   * null when it writes nothing or the set is no longer proposed. A newer selection of the
   * same set cancels the older check.
   */
  checkSelection: method(
    z.object({ id: idText, selection: changeSetSelectionSchema.strict() }).strict(),
    proposalEvidenceSchema.nullable(),
  ),
  refine: method(
    z.object({ id: idText, text: z.string().min(1).max(200_000) }).strict(),
    startedRunSchema,
  ),
  runInBackground: method(
    z
      .object({
        text: z.string().min(1).max(200_000),
        /** Continue this conversation; absent: a new one. */
        conversationId: z.string().max(200).optional(),
        /** Commands the person allows for this run ("npm test"), beside their rules. */
        allowCommands: z.array(z.string().min(1).max(1000)).max(20).optional(),
        /** A command of this run may have full network when it asks. */
        allowNetwork: z.boolean().optional(),
        /** Where the run executes: this machine (default) or a container. */
        executor: z.enum(['local', 'container']).optional(),
        /** The container's image; absent: the devcontainer's, else the setting's. */
        image: z
          .string()
          .regex(/^[A-Za-z0-9][A-Za-z0-9._/:@-]{0,499}$/u)
          .optional(),
      })
      .strict(),
    startedRunSchema,
  ),
  /** Stops a running or queued background run (here, or started by another process). */
  stop: method(byId, z.object({ stopped: z.boolean() })),
};
