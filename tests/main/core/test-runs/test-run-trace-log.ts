// What the test-run trace (sluice:test-runs) said about one project, for the suites that count
// runs: every run in a private copy and every step of the background baseline. And the
// processes still alive whose command line names a marker (a planted test file's name).
import diagnostics_channel from 'node:diagnostics_channel';
import { readdirSync, readFileSync } from 'node:fs';
import {
  TEST_RUN_TRACE,
  type BaselineStep,
  type TestRunTraceEvent,
} from '../../../../src/main/core/test-runs/test-run-trace';

export type RunEvent = Extract<TestRunTraceEvent, { type: 'run' }>;
export type StepEvent = Extract<TestRunTraceEvent, { type: 'baseline' }>;

export interface TraceLog {
  readonly events: TestRunTraceEvent[];
  /** Runs in a private copy: the background baseline's, or a verdict's. */
  runs(background: boolean): RunEvent[];
  steps(step?: BaselineStep): StepEvent[];
  /** Resolves when `predicate` holds over the events (checked on each new one). */
  until(predicate: (events: readonly TestRunTraceEvent[]) => boolean, ms: number): Promise<void>;
  /** Forgets what was said so far. */
  clear(): void;
  stop(): void;
}

export function traceLog(root: string): TraceLog {
  const events: TestRunTraceEvent[] = [];
  let wake: (() => void) | null = null;
  const listener = (message: unknown): void => {
    const event = message as TestRunTraceEvent;
    if (event.root !== root) return;
    events.push(event);
    wake?.();
  };
  diagnostics_channel.subscribe(TEST_RUN_TRACE, listener);
  return {
    events,
    runs: (background) =>
      events.filter((e): e is RunEvent => e.type === 'run' && e.background === background),
    steps: (step) =>
      events.filter(
        (e): e is StepEvent => e.type === 'baseline' && (step === undefined || e.step === step),
      ),
    until: async (predicate, ms) => {
      const deadline = Date.now() + ms;
      while (!predicate(events)) {
        if (Date.now() > deadline)
          throw new Error(`the trace did not say it in ${ms} ms: ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 100);
        });
      }
    },
    clear: () => void events.splice(0),
    stop: () => diagnostics_channel.unsubscribe(TEST_RUN_TRACE, listener),
  };
}

/** Pids of live processes whose command line contains `marker` (this process excluded). */
export function processesNaming(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/u.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker))
        found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** Resolves once `check` holds, polling; rejects with `what` after `ms`. */
export async function eventually(check: () => boolean, what: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen in ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
