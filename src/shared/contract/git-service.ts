// The contract's `git` service (issue 32): the open project's working tree against HEAD with
// Sluice's and the person's changes marked, revert to HEAD through the approval gate, and the
// person's own commit with a drafted message.
import { z } from 'zod';
import { hunkSchema } from '../approvals';
import { method } from './define';

export const workingChangeSchema = z.object({
  path: z.string(),
  state: z.enum(['modified', 'added', 'deleted', 'untracked', 'conflicted']),
  by: z.enum(['sluice', 'person']),
  checkpointId: z.string().nullable(),
  conversationId: z.string().nullable(),
  hunks: z.array(hunkSchema),
  unifiedDiff: z.string(),
  note: z.string().nullable(),
});
export type WorkingChangeView = z.infer<typeof workingChangeSchema>;

export const gitChangesSchema = z.discriminatedUnion('repository', [
  z.object({ repository: z.literal(false), message: z.string() }),
  z.object({
    repository: z.literal(true),
    branch: z.string().nullable(),
    files: z.array(workingChangeSchema),
  }),
]);
export type GitChanges = z.infer<typeof gitChangesSchema>;

export const gitRevertResultSchema = z.object({
  path: z.string(),
  outcome: z.enum(['reverted', 'rejected', 'refused', 'conflict']),
  message: z.string(),
});

export const gitCommitResultSchema = z.object({
  ok: z.boolean(),
  commit: z.string().nullable(),
  /** What git and the hooks printed: the repository's text, shown as such. */
  output: z.string(),
});

const path = z.string().min(1).max(4096);

export const gitService = {
  changes: method(z.object({}).strict(), gitChangesSchema),
  revert: method(
    z
      .object({
        path,
        hunkIds: z
          .array(z.string().regex(/^h\d{1,6}$/u))
          .max(10_000)
          .optional(),
      })
      .strict(),
    gitRevertResultSchema,
  ),
  /** The model's draft of a message for every tracked change (`--all`). */
  draftCommitMessage: method(z.object({}).strict(), z.object({ message: z.string() })),
  /** The person's commit of every tracked change, with their identity and hooks. */
  commit: method(
    z.object({ message: z.string().min(1).max(20_000) }).strict(),
    gitCommitResultSchema,
  ),
};
