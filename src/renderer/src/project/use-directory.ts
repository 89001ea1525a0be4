// One directory level of the project (project.tree is ignore-aware).
import { useEffect, useState } from 'react';
import type { TreeEntry } from '../../../shared/contract';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';

export interface DirectoryListing {
  entries: TreeEntry[];
  truncated: boolean;
}

/** Loads one directory level; `error` says why it could not. */
export function useDirectory(
  dir: string,
  enabled: boolean,
): { listing: DirectoryListing | null; error: string | null } {
  const client = useClient();
  const [listing, setListing] = useState<DirectoryListing | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    client.project
      .tree({ dir })
      .then((result) => live && setListing(result))
      .catch((failure: unknown) => live && setError(errorMessage(failure)));
    return () => {
      live = false;
    };
  }, [client, dir, enabled]);
  return { listing, error };
}
