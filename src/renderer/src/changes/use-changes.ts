// The Changes view's state: the working tree against HEAD (reloaded after every checkpoint
// change and on demand), and the revert, draft and commit calls with their outcomes in words.
import { useState } from 'react';
import type { GitChanges, SluiceClient } from '../../../shared/contract';
import { useClient } from '../app/client-context';
import { useBusyRun } from '../app/use-busy-run';
import { useRepositoryLoad } from '../app/use-repository-load';

export interface ChangesState {
  changes: GitChanges | null;
  error: string | null;
  /** What the last revert or commit did, for the person to read. */
  notice: string | null;
  /** What git and the hooks printed for the last commit (the repository's text). */
  output: string | null;
  busy: boolean;
  reload(): Promise<void>;
  revert(path: string, hunkId?: string): Promise<void>;
  draft(): Promise<string | null>;
  /** Commits the picks (files, or some hunks of a file) with `message`. */
  commit(message: string, picks: { path: string; hunkIds?: string[] }[]): Promise<boolean>;
}

const loadChanges = (client: SluiceClient) => client.git.changes({});

export function useChanges(): ChangesState {
  const client = useClient();
  const [notice, setNotice] = useState<string | null>(null);
  const [output, setOutput] = useState<string | null>(null);
  const { busy, error, setError, run } = useBusyRun();
  const { value: changes, reload } = useRepositoryLoad(loadChanges, setError, true);

  return {
    changes,
    error,
    notice,
    output,
    busy,
    reload,
    async revert(path, hunkId) {
      const result = await run(() =>
        client.git.revert(hunkId ? { path, hunkIds: [hunkId] } : { path }),
      );
      if (!result) return;
      setNotice(
        result.outcome === 'reverted'
          ? `Reverted ${hunkId ? `${hunkId} of ` : ''}${path} to HEAD.`
          : `Not reverted: ${result.message}`,
      );
      await reload();
    },
    async draft() {
      const result = await run(() => client.git.draftCommitMessage({}));
      if (result && !result.message)
        setNotice('Nothing to commit: no tracked file differs from HEAD.');
      return result?.message || null;
    },
    async commit(message, picks) {
      const result = await run(() => client.git.commit({ message, picks }));
      if (!result) return false;
      setOutput(result.output || null);
      setNotice(
        result.ok
          ? `Committed ${result.commit?.slice(0, 12) ?? ''}.`
          : 'Not committed: git commit failed (its output, and any hook’s, is below).',
      );
      await reload();
      return result.ok;
    },
  };
}
