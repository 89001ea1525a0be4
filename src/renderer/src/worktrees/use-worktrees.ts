// The project's Sluice worktrees: whether the open project is one (its branch and
// the project it came from), the main project's list, and the calls that start a chat in a new
// worktree (the app then opens it as the project), go back, and finish one (merge, apply per
// hunk through the review modal, remove), with what they did in words.
import { useState } from 'react';
import type { GitWorktrees, SluiceClient, WorktreeFinish } from '../../../shared/contract';
import { useClient } from '../app/client-context';
import { useBusyRun } from '../app/use-busy-run';
import { useRepositoryLoad } from '../app/use-repository-load';

export interface WorktreesState {
  worktrees: GitWorktrees | null;
  error: string | null;
  notice: string | null;
  /** What git and the hooks printed for the last merge or removal (the repository's text). */
  output: string | null;
  /** Each file of the last apply and what the review decided. */
  applied: WorktreeFinish['files'];
  busy: boolean;
  reload(): Promise<void>;
  startChat(name: string): Promise<boolean>;
  open(root: string): Promise<void>;
  finish(name: string, how: 'merge' | 'apply' | 'remove', force?: boolean): Promise<void>;
  /** The worktree whose removal was refused for the work it holds (offered "Remove anyway"). */
  refusedRemoval: string | null;
  /** What merging a worktree would bring, shown before the merge. */
  preview: (MergePreview & { name: string }) | null;
  previewMerge(name: string): Promise<void>;
  cancelPreview(): void;
}

export type MergePreview = Awaited<ReturnType<SluiceClient['git']['mergePreview']>>;

const loadWorktrees = (client: SluiceClient) => client.git.worktrees({});

export function useWorktrees(): WorktreesState {
  const client = useClient();
  const [notice, setNotice] = useState<string | null>(null);
  const [output, setOutput] = useState<string | null>(null);
  const [applied, setApplied] = useState<WorktreeFinish['files']>([]);
  const [refusedRemoval, setRefusedRemoval] = useState<string | null>(null);
  const [preview, setPreview] = useState<(MergePreview & { name: string }) | null>(null);
  const { busy, error, setError, run: runBusy } = useBusyRun();
  const { value: worktrees, reload } = useRepositoryLoad(loadWorktrees, setError, false);

  const run = <T>(work: () => Promise<T>): Promise<T | null> => {
    setNotice(null);
    return runBusy(work);
  };

  return {
    worktrees,
    error,
    notice,
    output,
    applied,
    busy,
    refusedRemoval,
    preview,
    reload,
    async previewMerge(name) {
      setPreview(null);
      const found = await run(() => client.git.mergePreview({ name }));
      if (found) setPreview({ ...found, name });
    },
    cancelPreview: () => setPreview(null),
    async startChat(name) {
      // The service opens the worktree as the project; project.opened then swaps the workspace.
      const made = await run(() => client.git.newWorktree(name ? { name } : {}));
      if (made) setOutput(made.output || null);
      return made !== null;
    },
    async open(root) {
      await run(() => client.project.open({ path: root }));
    },
    async finish(name, how, force) {
      setRefusedRemoval(null);
      setPreview(null);
      const result = await run(() =>
        client.git.finishWorktree({ name, how, ...(force ? { force } : {}) }),
      );
      if (!result) return;
      if (how === 'remove' && !result.ok && !force && !result.output) setRefusedRemoval(name);
      setNotice(result.message);
      setOutput(result.output || null);
      setApplied(result.files);
      await reload();
    },
  };
}
