// Where checkpoints live: every applied change with its exact bytes before
// and after and their hashes. Implemented over the app DB by store/checkpoint-repository.ts.
import type { Checkpoint } from '../../../shared/contract/checkpoint-service';
import type { TestVerdict } from '../../../shared/test-verdict';

export interface NewCheckpoint {
  readonly approvalId: string | null;
  readonly conversationId: string | null;
  readonly turnId: string | null;
  /** Workspace-relative path, forward slashes. */
  readonly path: string;
  /**
   * Exact bytes before (null: the change created the file) and after (null: the change
   * deleted it, as a command may).
   */
  readonly beforeBytes: Uint8Array | null;
  readonly afterBytes: Uint8Array | null;
  /** Permission bits after the change. */
  readonly mode: number;
}

export interface CheckpointRecord extends Checkpoint {
  readonly approvalId: string | null;
  readonly beforeBytes: Buffer | null;
  /** Null for a deletion, whose afterHash is ABSENT_FILE_HASH. */
  readonly afterBytes: Buffer | null;
  readonly beforeHash: string | null;
  readonly afterHash: string;
  readonly mode: number;
  readonly undoneAt: number | null;
}

/** A change of Claude's the person undid, and so what the file is now. */
export interface UndoneChange {
  readonly path: string;
  /** What the undone change had done: created (the file is gone again), modified, deleted. */
  readonly change: 'created' | 'modified' | 'deleted';
}

export interface CheckpointStore {
  /** Records a change; returns its id. */
  record(checkpoint: NewCheckpoint): string;
  /** Newest first. */
  list(filter?: { conversationId?: string | undefined }): Checkpoint[];
  get(id: string): CheckpointRecord | null;
  /** A turn's checkpoints, newest first. */
  byTurn(turnId: string): CheckpointRecord[];
  markUndone(id: string): void;
  /**
   * What the person undid in a conversation at or after `since` (ms), a file once (its oldest
   * undone change: the file is back as it was before that), oldest first.
   */
  undoneSince(conversationId: string, since: number): UndoneChange[];
  /**
   * A live edit's test verdict that arrived after its request was shown, kept with
   * the edit's checkpoint (by approval id; the newest one wins) and listed with it.
   */
  recordLateTests(approvalId: string, verdict: TestVerdict): void;
  /**
   * The newest checkpoint, not undone, that left `path` with exactly these bytes (their
   * sha256; ABSENT_FILE_HASH for a deletion), or null: how the diff against HEAD tells
   * Sluice's changes from the person's.
   */
  findWritten(
    path: string,
    afterHash: string,
  ): { id: string; conversationId: string | null } | null;
}
