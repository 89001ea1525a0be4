// One request at a time from a view, with its failure in words: `busy` while it runs, `error`
// when it threw (cleared when the next one starts). Used by the git views (Changes, Worktrees).
import { useState } from 'react';
import { errorMessage } from './error-message';

export interface BusyRun {
  busy: boolean;
  error: string | null;
  setError(error: string | null): void;
  /** Runs `work`; its value, or null when it threw (the error is then in `error`). */
  run<T>(work: () => Promise<T>): Promise<T | null>;
}

export function useBusyRun(): BusyRun {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return {
    busy,
    error,
    setError,
    async run(work) {
      setBusy(true);
      setError(null);
      try {
        return await work();
      } catch (failure) {
        setError(errorMessage(failure));
        return null;
      } finally {
        setBusy(false);
      }
    },
  };
}
