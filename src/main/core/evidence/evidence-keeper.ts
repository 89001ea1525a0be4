// Keeps the evidence of exactly what a decision wrote with its checkpoint. For the proposal as
// shown: the request's evidence, then its late result. For the hunks the person kept or their
// own text: the selection check of that text, the one the review already made when there is
// one (from memory, or still running), else a new one. A record is made at the decision with
// what is known, and completed when the check is. The wait is bounded, its timer never holds
// the process open, and nothing here rejects or throws into the decision.
import { isCompleteEvidence, type ProposalEvidence } from '../../../shared/diagnostics';
import type { KeepEvidence, WrittenText } from '../approvals/kept-evidence';
import type { CheckpointEvidenceStore } from '../checkpoints/checkpoint-evidence-store';
import { sha256 } from '../workspace/content-hash';
import type { SelectionEvidence, SelectionTarget, SelectionUpdate } from './selection-evidence';

/** How long a written text's check is waited for before its record stays incomplete. */
export const KEPT_CHECK_WAIT_MS = 5 * 60_000;

export interface EvidenceKeeperDeps {
  readonly store: CheckpointEvidenceStore;
  /** The project's selection checks; absent (or checking nothing): a selection is not kept. */
  readonly selection?: () => SelectionEvidence | undefined;
  /** A record that could not be written. */
  readonly onError?: ((error: unknown) => void) | undefined;
  readonly waitMs?: number;
}

export interface EvidenceKeeper {
  readonly keep: KeepEvidence;
  /** The project closed: checks still finishing are no longer recorded. */
  dispose(): void;
}

/** `promise`'s value, or null after `ms` (a timer that never keeps the process alive). */
function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    timer.unref?.();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}

export function createEvidenceKeeper(deps: EvidenceKeeperDeps): EvidenceKeeper {
  const waitMs = deps.waitMs ?? KEPT_CHECK_WAIT_MS;
  let closed = false;
  const record = (written: WrittenText, evidence: ProposalEvidence, complete: boolean): void => {
    if (closed) return;
    const { proposal } = written;
    try {
      deps.store.keep({
        approvalId: written.approvalId,
        what: written.what,
        textHash: sha256(written.text),
        // Whichever review's check it was, it was of this text on this base.
        evidence: { ...evidence, baseHashes: { [proposal.path]: proposal.baseHash } },
        complete,
        ...(written.kept ? { kept: written.kept } : {}),
      });
    } catch (error) {
      deps.onError?.(error);
    }
  };

  const keepProposal = (written: WrittenText): void => {
    const { evidence, lateEvidence } = written.call;
    if (!evidence) return;
    const complete = isCompleteEvidence(evidence);
    record(written, evidence, complete);
    if (complete || !lateEvidence) return;
    lateEvidence.then(
      (late) => record(written, late, isCompleteEvidence(late)),
      (error: unknown) => deps.onError?.(error),
    );
  };

  const keepChecked = (written: WrittenText): void => {
    const tell = written.call.onWrittenEvidence ?? (() => undefined);
    const selection = deps.selection?.();
    if (!selection?.checks) {
      tell(null, true);
      return;
    }
    const key = `written\0${written.approvalId}`;
    let latest = null as SelectionUpdate | null;
    const started = selection.check(targetOf(written, key, selection), (update) => {
      latest = update;
      tell(update.evidence, update.complete);
    });
    if (latest) record(written, latest.evidence, latest.complete);
    if (latest?.complete) {
      selection.forget(key);
      return;
    }
    void within(started.complete, waitMs).then((done) => {
      const last = done ?? latest;
      if (last) record(written, last.evidence, last.complete);
      tell(last?.evidence ?? null, true);
      selection.forget(key);
    });
  };

  return {
    keep(written) {
      if (closed) {
        if (written.what !== 'proposal') written.call.onWrittenEvidence?.(null, true);
        return;
      }
      if (written.what === 'proposal') keepProposal(written);
      else keepChecked(written);
    },
    dispose() {
      closed = true;
    },
  };
}

/**
 * The written text as a selection check, named as the review that checked it named it: the
 * app's review by the proposal's base hash, the terminal's by the proposal hash (its request
 * carries no base hash). A text no review checked is checked on the base.
 */
function targetOf(
  written: WrittenText,
  key: string,
  selection: SelectionEvidence,
): SelectionTarget {
  const { proposal, text } = written;
  const before = proposal.isNewFile ? null : proposal.before;
  const onBase = { key, path: proposal.path, before, baseHash: proposal.baseHash, text };
  const asTerminal = { ...onBase, baseHash: proposal.proposalHash };
  return !selection.knows(onBase) && selection.knows(asTerminal) ? asTerminal : onBase;
}
