// One decision per proposal: while a decision is on its way, buttons and keys do nothing.
import { useState } from 'react';

export interface OneDecision {
  readonly busy: boolean;
  /** Runs `decide` unless a decision is already on its way. */
  once(decide: () => Promise<void>): void;
}

export function useOneDecision(): OneDecision {
  const [busy, setBusy] = useState(false);
  return {
    busy,
    once: (decide) => {
      if (busy) return;
      setBusy(true);
      void decide().finally(() => setBusy(false));
    },
  };
}
