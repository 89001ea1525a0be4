import { z } from 'zod';
import { idText, method } from './define';
import { testVerdictStateSchema } from '../test-verdict';
import { evidenceStateSchema } from '../diagnostics';

/**
 * A live edit's test verdict that arrived after the request was shown: the tests
 * were still running when the person decided, and finished later.
 */
export const checkpointTestsSchema = z.object({
  state: testVerdictStateSchema,
  /** Titles of the newly failing tests ("tests/cart.test.js: totals"), at most 20. */
  newlyFailing: z.array(z.string()),
  newlyFailingCount: z.number(),
  alreadyFailing: z.number(),
  flaky: z.number(),
  passed: z.number(),
  /** The verdict line: "Tests: 2 newly failing · 14 pass (vitest related, 6.2 s)". */
  line: z.string(),
});
export type CheckpointTests = z.infer<typeof checkpointTestsSchema>;

/** Which text a written change's evidence is of: the proposal, what the person kept, their own. */
export const checkedTextSchema = z.enum(['proposal', 'selection', 'edited']);
export type CheckedText = z.infer<typeof checkedTextSchema>;

/**
 * The evidence of exactly the text a decision wrote, kept with its checkpoint: the proposal's
 * as shown (and its late results), or the check of the hunks the person kept or their edit.
 */
export const checkpointEvidenceSchema = z.object({
  what: checkedTextSchema,
  /** What was checked, in words: "the 1 of 2 hunks you kept", "your edited version". */
  checked: z.string(),
  /** The error check's state, and the tests' when they were run. */
  errors: evidenceStateSchema,
  tests: testVerdictStateSchema.optional(),
  /** A language the change touches was not checked (no checker, no sandbox). */
  languagesUnchecked: z.boolean(),
  introducedCount: z.number(),
  fixedCount: z.number(),
  newlyFailingCount: z.number(),
  /** The first introduced errors ("src/a.ts:3: Cannot find name 'x'."), at most 20. */
  introduced: z.array(z.string()),
  /** Titles of the first newly failing tests, at most 20. */
  newlyFailing: z.array(z.string()),
  /** Every check had finished (a later result completes a record made while one ran). */
  complete: z.boolean(),
  /** The evidence in one line, as the review said it: "This change introduces 2 errors …". */
  line: z.string(),
});
export type CheckpointEvidence = z.infer<typeof checkpointEvidenceSchema>;

export const checkpointSchema = z.object({
  id: z.string(),
  conversationId: z.string().nullable(),
  turnId: z.string().nullable(),
  path: z.string(),
  createdAt: z.number(),
  /** created | modified | deleted (a command removed the file; undo puts it back) */
  change: z.enum(['created', 'modified', 'deleted']),
  undone: z.boolean(),
  /** The late test verdict of the edit, when one was recorded. */
  tests: checkpointTestsSchema.optional(),
  /** The evidence of the text written, when it was kept (the checkpoint_evidence table). */
  evidence: checkpointEvidenceSchema.optional(),
});
export type Checkpoint = z.infer<typeof checkpointSchema>;

export const undoResultSchema = z.object({
  undone: z.array(z.string()),
  /** Checkpoints not undone, each with the reason (e.g. the file changed since). */
  refused: z.array(z.object({ id: z.string(), path: z.string(), reason: z.string() })),
  /** A committed turn (commit each approved turn): what git did, and its and the hooks' output. */
  git: z.object({ message: z.string(), output: z.string() }).optional(),
});
export type UndoResult = z.infer<typeof undoResultSchema>;

export const checkpointService = {
  list: method(
    z.object({ conversationId: z.string().max(200).optional() }).strict(),
    z.array(checkpointSchema),
  ),
  undo: method(
    z.object({ id: idText, force: z.boolean().default(false) }).strict(),
    undoResultSchema,
  ),
  undoTurn: method(
    z.object({ turnId: idText, force: z.boolean().default(false) }).strict(),
    undoResultSchema,
  ),
};
