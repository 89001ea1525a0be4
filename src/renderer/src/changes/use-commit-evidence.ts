// What the commit the person is about to make carries, checked against HEAD as the picks
// change (a short pause first, so ticking several boxes asks once; an answer for older picks is
// dropped). Nothing waits for it: Commit stays available, and the panel says when it is checking.
import { useEffect, useState } from 'react';
import type { ProposalEvidence } from '../../../shared/diagnostics';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';

const PAUSE_MS = 400;

export interface CommitEvidence {
  readonly evidence: ProposalEvidence | null;
  readonly checking: boolean;
  readonly error: string | null;
}

export function useCommitEvidence(
  picks: readonly { path: string; hunkIds?: string[] }[],
  /** Changes when the working tree was read again (the same picks, new text). */
  version: unknown,
): CommitEvidence {
  const client = useClient();
  const key = JSON.stringify(picks);
  const [state, setState] = useState<CommitEvidence>({
    evidence: null,
    checking: false,
    error: null,
  });
  useEffect(() => {
    const parsed = JSON.parse(key) as { path: string; hunkIds?: string[] }[];
    if (parsed.length === 0) {
      setState({ evidence: null, checking: false, error: null });
      return;
    }
    let current = true;
    setState((before) => ({ ...before, checking: true, error: null }));
    const timer = setTimeout(() => {
      client.git
        .commitEvidence({ picks: parsed })
        .then((evidence) => {
          if (current) setState({ evidence, checking: false, error: null });
        })
        .catch((failure: unknown) => {
          if (current) setState({ evidence: null, checking: false, error: errorMessage(failure) });
        });
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [client, key, version]);
  return state;
}
