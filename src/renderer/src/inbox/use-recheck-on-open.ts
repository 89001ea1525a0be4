// A change set's evidence was found against the project as it was when the set was made; the
// disk may have moved since. Opening a set that can still be applied asks main to re-check it
// (`proposals.recheck`, when the contract has it: main compares the set's base with the disk
// and checks again only if it moved), says so meanwhile, and shows the evidence it answers.
// Once per opened set, not on every inbox refresh. Main stores a re-check's result (and a
// late one when it timed out) and reports `proposals.changed`, so the set reloads with it:
// whichever evidence was made last is the one shown.
import { useEffect, useRef, useState } from 'react';
import type { SluiceClient } from '../../../shared/contract';
import { proposalEvidenceSchema, type ProposalEvidence } from '../../../shared/diagnostics';
import { errorMessage } from '../app/error-message';

type Recheck = (input: { id: string }) => Promise<unknown>;

/** The contract's `proposals.recheck`, or null while this build's contract has none. */
export function recheckMethod(client: SluiceClient): Recheck | null {
  const method: unknown = (client.proposals as Record<string, unknown>).recheck;
  return typeof method === 'function' ? (method as Recheck) : null;
}

export interface RecheckState {
  /** What the panel says while the re-check runs, or why it failed; null otherwise. */
  notice: string | null;
  /** What the re-check answered for the open set, or null before it answered. */
  evidence: ProposalEvidence | null;
}

/** The evidence made last (ISO times compare as text); either may be missing. */
export function latestEvidence(
  a: ProposalEvidence | null | undefined,
  b: ProposalEvidence | null | undefined,
): ProposalEvidence | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return b.checkedAt > a.checkedAt ? b : a;
}

export function useRecheckOnOpen(
  client: SluiceClient,
  set: { id: string; status: string; needsRecheck: string | null } | null,
  /** Loads the set again, for an answer that is not evidence (an older main). */
  reload: () => void,
): RecheckState {
  const [notice, setNotice] = useState<string | null>(null);
  const [evidence, setEvidence] = useState<{ id: string; evidence: ProposalEvidence } | null>(null);
  const asked = useRef<string | null>(null);
  const latestReload = useRef(reload);
  useEffect(() => {
    latestReload.current = reload;
  });

  const id = set?.id ?? null;
  const reviewable = set?.status === 'proposed';
  const moved = Boolean(set?.needsRecheck);
  const movedNow = useRef(moved);
  movedNow.current = moved;
  useEffect(() => {
    // Another set opened: whatever the previous one's re-check says no longer applies here.
    if (asked.current !== id) setNotice(null);
    const recheck = recheckMethod(client);
    if (!id || !reviewable || !recheck || asked.current === id) return;
    asked.current = id;
    const stillOpen = () => asked.current === id;
    setNotice(
      movedNow.current
        ? 'Re-checking: the project changed since this set was made'
        : 'Re-checking against the project as it is now…',
    );
    recheck({ id }).then(
      (answer) => {
        if (!stillOpen()) return;
        setNotice(null);
        const parsed = proposalEvidenceSchema.safeParse(answer);
        if (parsed.success) setEvidence({ id, evidence: parsed.data });
        else latestReload.current();
      },
      (failure: unknown) => {
        if (!stillOpen()) return;
        setNotice(
          `Could not re-check (${errorMessage(failure)}); the errors shown are from when the set was made.`,
        );
      },
    );
  }, [client, id, reviewable]);

  return { notice, evidence: evidence && evidence.id === id ? evidence.evidence : null };
}
