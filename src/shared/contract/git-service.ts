// The contract's `git` service: the open project's working tree against HEAD with
// Sluice's and the person's changes marked, revert to HEAD through the approval gate, and the
// person's own commit with a drafted message.
import { z } from 'zod';
import { proposalEvidenceSchema } from '../diagnostics';
import { hunkSchema } from '../approvals';
import { method, noInput } from './define';

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

/** A file, or some of its hunks against HEAD (ids as the Changes view and `sluice diff` show). */
const hunkPick = z
  .object({
    path,
    hunkIds: z
      .array(z.string().regex(/^h\d{1,6}$/u))
      .max(10_000)
      .optional(),
  })
  .strict();

export const gitWorktreeSchema = z.object({
  name: z.string(),
  branch: z.string(),
  path: z.string(),
  head: z.string(),
  /** The project's current branch it is compared with (null: HEAD detached). */
  base: z.string().nullable(),
  /** Commits on its branch the base lacks, and the other way. */
  ahead: z.number().int().min(0),
  behind: z.number().int().min(0),
  /** Uncommitted (and untracked) files, the first 50, and how many in all. */
  uncommitted: z.array(z.string()),
  uncommittedCount: z.number().int().min(0),
  /** ms since the epoch: its newest commit or uncommitted change. */
  lastActivity: z.number().nullable(),
  /** The newest conversation opened in it. */
  conversation: z.object({ id: z.string(), title: z.string() }).nullable(),
});
export type GitWorktreeView = z.infer<typeof gitWorktreeSchema>;

export const gitWorktreesSchema = z.discriminatedUnion('repository', [
  z.object({ repository: z.literal(false), message: z.string() }),
  z.object({
    repository: z.literal(true),
    /** When the open project is one of Sluice's worktrees: its branch and the project it came from. */
    current: z.object({ name: z.string(), branch: z.string(), mainRoot: z.string() }).nullable(),
    /** The (main) project's Sluice worktrees. */
    worktrees: z.array(gitWorktreeSchema),
  }),
]);
export type GitWorktrees = z.infer<typeof gitWorktreesSchema>;

export const worktreeFinishSchema = z.object({
  ok: z.boolean(),
  /** What git and the hooks printed (merge, remove): the repository's text. */
  output: z.string(),
  /** apply: each file the worktree changed, and what the review decided. */
  files: z.array(
    z.object({
      path: z.string(),
      outcome: z.enum(['applied', 'rejected', 'skipped', 'conflict', 'same']),
      message: z.string(),
    }),
  ),
  message: z.string(),
});
export type WorktreeFinish = z.infer<typeof worktreeFinishSchema>;

const worktreeName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/u);

export const gitService = {
  changes: method(noInput, gitChangesSchema),
  revert: method(hunkPick, gitRevertResultSchema),
  /** The model's draft of a message for every tracked change (`--all`). */
  draftCommitMessage: method(noInput, z.object({ message: z.string() })),
  /**
   * The person's commit, with their identity and hooks (confined): every tracked change, or
   * exactly the picked files and hunks (refused when other changes are already staged).
   */
  commit: method(
    z
      .object({
        message: z.string().min(1).max(20_000),
        picks: z.array(hunkPick).min(1).max(10_000).optional(),
      })
      .strict(),
    gitCommitResultSchema,
  ),
  /**
   * What a commit of these picks would carry, checked against HEAD before it is made: the
   * errors it introduces and fixes, as for a proposal (the working copies of the picked files).
   */
  commitEvidence: method(
    z.object({ picks: z.array(hunkPick).min(1).max(10_000) }).strict(),
    proposalEvidenceSchema,
  ),
  /**
   * The open project's "commit each approved turn" setting (the key `sluice commit --each-turn`
   * sets): `on` given sets it; the answer is the setting now.
   */
  commitEachTurn: method(
    z.object({ on: z.boolean().optional() }).strict(),
    z.object({ on: z.boolean() }),
  ),
  /** The open project's Sluice worktrees, and whether the open project is one. */
  worktrees: method(noInput, gitWorktreesSchema),
  /**
   * New chat in a worktree: a git worktree on branch sluice/NAME (a name from the time when
   * none is given), opened as the project, so the conversation's tools, index, evidence and
   * commands see only it.
   */
  newWorktree: method(
    z.object({ name: worktreeName.optional() }).strict(),
    z.object({ name: z.string(), branch: z.string(), root: z.string(), output: z.string() }),
  ),
  /**
   * What merging a worktree's branch would bring, before the merge: the files it changed since
   * it diverged, those the project changed too (merged by git, not checked), and the evidence
   * of the branch's versions of the others.
   */
  mergePreview: method(
    z.object({ name: worktreeName }).strict(),
    z.object({
      branch: z.string(),
      files: z.array(z.string()),
      bothChanged: z.array(z.string()),
      evidence: proposalEvidenceSchema.nullable(),
    }),
  ),
  /**
   * Finishing from the main project: merge the branch (refused while the worktree holds
   * uncommitted work; "nothing to merge" when its branch has no new commit), apply per hunk
   * through the review, or remove (refused with uncommitted or unmerged work unless forced).
   */
  finishWorktree: method(
    z
      .object({
        name: worktreeName,
        how: z.enum(['merge', 'apply', 'remove']),
        /** remove: even with uncommitted or unmerged work (lost). */
        force: z.boolean().optional(),
      })
      .strict(),
    worktreeFinishSchema,
  ),
};
