// One directory level of the project (project.tree is ignore-aware). It is read again after
// every step that can change files (an applied edit, a command: it may create or delete
// anything) and when a turn ends, so the tree shows what the agent just made.
import { useEffect, useState } from 'react';
import type { AgentEvent } from '../../../shared/agent-events';
import type { TreeEntry } from '../../../shared/contract';
import { useClient, useContractEvent } from '../app/client-context';
import { errorMessage } from '../app/error-message';

export interface DirectoryListing {
  entries: TreeEntry[];
  truncated: boolean;
}

const CHANGES_FILES = new Set(['edit_file', 'create_file', 'run_command']);

/** Whether an agent event may have changed the project's files. */
export function changesFiles(event: AgentEvent): boolean {
  if (event.type === 'turn_end') return true;
  return event.type === 'tool_end' && event.status === 'ok' && CHANGES_FILES.has(event.name);
}

/** Loads one directory level; `error` says why it could not. */
export function useDirectory(
  dir: string,
  enabled: boolean,
): { listing: DirectoryListing | null; error: string | null } {
  const client = useClient();
  const [listing, setListing] = useState<DirectoryListing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useContractEvent('agent', (event) => {
    if (enabled && changesFiles(event)) setVersion((v) => v + 1);
  });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    client.project
      .tree({ dir })
      .then((result) => {
        if (!live) return;
        setListing(result);
        setError(null);
      })
      .catch((failure: unknown) => live && setError(errorMessage(failure)));
    return () => {
      live = false;
    };
  }, [client, dir, enabled, version]);
  return { listing, error };
}
