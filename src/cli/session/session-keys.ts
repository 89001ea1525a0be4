// The session's own keys: Esc stops the running turn; Ctrl+C stops it too, and pressed again
// within two seconds leaves. While a review has the terminal Ctrl+C arrives as a signal, which
// stops the turn (its question is rejected) without leaving the session.
import type { SessionController } from './session-controller';
import type { SessionStore } from './session-store';

/** How long a second Ctrl+C counts as "again". */
export const LEAVE_WINDOW_MS = 2000;

export interface SessionKeys {
  escape(): void;
  ctrlC(): void;
  /** Catches SIGINT while the session runs; returns the undo. */
  watchSignals(): () => void;
}

export function sessionKeys(deps: {
  store: SessionStore;
  controller: Pick<SessionController, 'interrupt'>;
  leave: () => void;
  now?: () => number;
}): SessionKeys {
  const now = deps.now ?? (() => Date.now());
  let armedAt = -Infinity;
  let hintTimer: NodeJS.Timeout | null = null;
  const stopTurn = (key: 'Esc' | 'Ctrl+C'): boolean => {
    const stopped = deps.controller.interrupt();
    // What was stopped is said when the turn has ended, under its last line (the store).
    if (stopped) deps.store.setHint(`Stopping the turn (${key})…`);
    return stopped;
  };
  return {
    escape: () => void stopTurn('Esc'),
    ctrlC() {
      if (now() - armedAt <= LEAVE_WINDOW_MS) {
        deps.store.setHint(null);
        deps.leave();
        return;
      }
      armedAt = now();
      stopTurn('Ctrl+C');
      deps.store.setHint('Press Ctrl+C again to leave.');
      if (hintTimer) clearTimeout(hintTimer);
      hintTimer = setTimeout(() => deps.store.setHint(null), LEAVE_WINDOW_MS);
      hintTimer.unref();
    },
    watchSignals() {
      const onSignal = () => void stopTurn('Ctrl+C');
      process.on('SIGINT', onSignal);
      return () => {
        process.off('SIGINT', onSignal);
        if (hintTimer) clearTimeout(hintTimer);
      };
    },
  };
}
