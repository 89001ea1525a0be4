// One Settings section's calls to main: each runs, and a failure becomes the section's error
// line ("Could not <what>: <reason>") instead of an unhandled rejection; a success clears it.
import { useCallback, useState } from 'react';
import { errorMessage } from '../app/error-message';

export interface SettingsCall {
  readonly error: string | null;
  call(what: string, run: () => Promise<void>): Promise<void>;
}

export function useSettingsCall(): SettingsCall {
  const [error, setError] = useState<string | null>(null);
  const call = useCallback(async (what: string, run: () => Promise<void>) => {
    try {
      await run();
      setError(null);
    } catch (failure) {
      setError(`Could not ${what}: ${errorMessage(failure)}`);
    }
  }, []);
  return { error, call };
}
