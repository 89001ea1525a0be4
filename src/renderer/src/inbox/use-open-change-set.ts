// The change set open in the inbox: loaded again whenever the inbox reloads or an undo or a
// re-check asks for it, its ticked hunks (all of them again when another set opens or its
// status moves), and one busy flag and error line shared by every action on it.
import { useEffect, useState } from 'react';
import type { ChangeSetView } from '../../../shared/contract';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import { allSelected, toggleHunk, type Selected } from './change-set-selection';
import { useRecheckOnOpen, type RecheckState } from './use-recheck-on-open';

export interface OpenChangeSet {
  view: ChangeSetView | null;
  selected: Selected;
  toggle(path: string, hunkId: string): void;
  error: string | null;
  busy: boolean;
  /** Runs one action: busy meanwhile, its failure shown as the error line. */
  act(what: () => Promise<void>): Promise<void>;
  /** Reads the set again (undone files, new evidence). */
  reload(): void;
  recheck: RecheckState;
}

export function useOpenChangeSet(id: string, version: number): OpenChangeSet {
  const client = useClient();
  const [view, setView] = useState<ChangeSetView | null>(null);
  const [selected, setSelected] = useState<Selected>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Bumped after an undo or a re-check, so the set is read again (undone files, new evidence). */
  const [reload, setReload] = useState(0);
  const recheck = useRecheckOnOpen(client, view?.id === id ? view : null, () =>
    setReload((n) => n + 1),
  );

  useEffect(() => {
    let live = true;
    client.proposals.get({ id }).then(
      (loaded) => {
        if (!live) return;
        setView((previous) => {
          if (previous?.id !== loaded.id || previous.status !== loaded.status)
            setSelected(allSelected(loaded));
          return loaded;
        });
      },
      (failure: unknown) => live && setError(errorMessage(failure)),
    );
    return () => {
      live = false;
    };
  }, [client, id, version, reload]);

  const act = async (what: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await what();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return {
    view,
    selected,
    toggle: (path, hunkId) => setSelected((current) => toggleHunk(current, path, hunkId)),
    error,
    busy,
    act,
    reload: () => setReload((n) => n + 1),
    recheck,
  };
}
