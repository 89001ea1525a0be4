// While hunks of a change set are unticked, the evidence of exactly what "Accept selected"
// would write: main checks those texts against the disk now (a newer selection cancels the
// older check), and the inbox shows it in place of the whole set's.
import { useEffect, useState } from 'react';
import type { ChangeSetView } from '../../../shared/contract';
import type { ProposalEvidence } from '../../../shared/diagnostics';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import { allSelected, selectionOf, type Selected } from './change-set-selection';

export interface SetSelectionEvidence {
  /** Some hunks are unticked: the evidence below is the selection's, not the set's. */
  readonly active: boolean;
  readonly evidence: ProposalEvidence | null;
  readonly checking: boolean;
  /** "For the 2 of 3 hunks selected". */
  readonly scope: string | null;
  readonly error: string | null;
}

const SETTLE_MS = 300;

function counts(view: ChangeSetView, selected: Selected): { kept: number; all: number } {
  const all = allSelected(view);
  let kept = 0;
  let total = 0;
  for (const [path, ids] of Object.entries(all)) {
    total += ids.length;
    kept += (selected[path] ?? []).filter((id) => ids.includes(id)).length;
  }
  return { kept, all: total };
}

export function useSetSelectionEvidence(
  id: string,
  view: ChangeSetView | null,
  selected: Selected,
): SetSelectionEvidence {
  const client = useClient();
  const reviewable = view?.status === 'proposed';
  const { kept, all } = view ? counts(view, selected) : { kept: 0, all: 0 };
  const active = reviewable && kept > 0 && kept < all;
  const key = active && view ? JSON.stringify(selectionOf(view, selected)) : null;
  const [state, setState] = useState<{ evidence: ProposalEvidence | null; error: string | null }>({
    evidence: null,
    error: null,
  });
  const [checking, setChecking] = useState(false);
  useEffect(() => {
    if (!key) return undefined;
    let stale = false;
    setChecking(true);
    setState({ evidence: null, error: null });
    const timer = setTimeout(() => {
      client.proposals
        .checkSelection({ id, selection: JSON.parse(key) as ReturnType<typeof selectionOf> })
        .then(
          (evidence) => !stale && setState({ evidence, error: null }),
          (error: unknown) => !stale && setState({ evidence: null, error: errorMessage(error) }),
        )
        .finally(() => !stale && setChecking(false));
    }, SETTLE_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [client, id, key]);
  return {
    active,
    evidence: active ? state.evidence : null,
    checking: active && checking,
    scope: active ? `For the ${kept} of ${all} hunks selected` : null,
    error: active ? state.error : null,
  };
}
