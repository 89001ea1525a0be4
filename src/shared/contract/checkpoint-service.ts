import { z } from 'zod';
import { method } from './define';

export const checkpointSchema = z.object({
  id: z.string(),
  conversationId: z.string().nullable(),
  turnId: z.string().nullable(),
  path: z.string(),
  createdAt: z.number(),
  /** created | modified | deleted (a command removed the file; undo puts it back) */
  change: z.enum(['created', 'modified', 'deleted']),
  undone: z.boolean(),
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
    z.object({ id: z.string().min(1).max(200), force: z.boolean().default(false) }).strict(),
    undoResultSchema,
  ),
  undoTurn: method(
    z.object({ turnId: z.string().min(1).max(200), force: z.boolean().default(false) }).strict(),
    undoResultSchema,
  ),
};
