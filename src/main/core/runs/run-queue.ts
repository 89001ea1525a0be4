// The queue of background runs: at most `limit` runs of one SLUICE_HOME do
// model requests and commands at once, whichever process started them (the app, several
// `sluice ask --mode propose`). A run waits in `queued` until a place is free, first come
// first served; the places and the order live in the app DB (background-run-repository.ts), so
// a process that died frees its place (its pid is gone). Time in the queue counts toward the
// run's own time limit, so a queued run is never mistaken for an abandoned one.
import os from 'node:os';
import type { BackgroundRunRepository } from '../store/background-run-repository';

export const MAX_PARALLEL = 64;

/** Half the machine's cores, at least one: each run's commands (tests, builds) want a core. */
export function defaultParallel(cores: number = os.availableParallelism()): number {
  return Math.max(1, Math.min(MAX_PARALLEL, Math.floor(cores / 2)));
}

export interface SlotWait {
  readonly runs: BackgroundRunRepository;
  readonly id: string;
  readonly limit: number;
  readonly isAlive: (pid: number) => boolean;
  /** True once the run was stopped (here, or by Stop from another process). */
  readonly stopped: () => boolean;
  readonly now?: () => number;
  readonly pollMs?: number;
}

/** Waits for a place; false when the run was stopped while it waited. */
export async function waitForRunSlot(wait: SlotWait): Promise<boolean> {
  const now = wait.now ?? Date.now;
  for (;;) {
    if (wait.stopped() || wait.runs.stopRequested(wait.id)) return false;
    if (wait.runs.tryStart(wait.id, wait.limit, wait.isAlive, now())) return true;
    await new Promise((resolve) => setTimeout(resolve, wait.pollMs ?? 250));
  }
}
