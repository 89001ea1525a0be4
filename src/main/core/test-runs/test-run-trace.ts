// The trace of a project's test runs: every run in a private copy (a verdict's or the
// background baseline's), every step of the background baseline, and what a run's caches could
// not keep (a folder that could not be made, a cache past its limit), published on a
// node:diagnostics_channel. Nothing here reaches the person's screen: the background baseline
// fails closed (a target it could not run stays "not known", and the next verdict runs that
// baseline itself), and this trace is where it says so, for a test, a bench or a diagnostic tool.
import diagnostics_channel from 'node:diagnostics_channel';

export const TEST_RUN_TRACE = 'sluice:test-runs';

/** Where the background baseline stands. */
export type BaselineStep =
  /** A pass over the whole suite began (`targets`: those not known yet). */
  | 'started'
  /** The pass ended; `detail` counts what it kept and what stays not known. */
  | 'finished'
  /** Nothing ran, and why (tests off, no runner, no test file, no sandbox). */
  | 'skipped'
  /** These targets' baselines stay not known, and why (a failed run, files changed meanwhile). */
  | 'not_known'
  /** A verdict's run started: the pass was cancelled and waits for the verdict to end. */
  | 'yielded'
  /** The disk changed: the pass was cancelled and starts again after the debounce. */
  | 'superseded'
  /** The service was disposed during the pass. */
  | 'stopped';

export type TestRunTraceEvent =
  | {
      readonly type: 'run';
      readonly root: string;
      /** The background baseline's run (false: a verdict's). */
      readonly background: boolean;
      readonly targets: readonly string[];
      readonly end: 'ran' | 'failed' | 'cancelled';
      readonly reason?: string;
      /** Failing tests the run ran once more within itself (its flaky check). */
      readonly ranAgain?: number;
      readonly ms: number;
    }
  | {
      /** A cache kept between runs (run-caches.ts) that a run went without, or that was cleared. */
      readonly type: 'cache';
      readonly root: string;
      readonly runner: string;
      readonly detail: string;
    }
  | {
      readonly type: 'baseline';
      readonly root: string;
      readonly step: BaselineStep;
      readonly detail: string;
      readonly targets?: readonly string[];
      readonly ms?: number;
    };

const channel = diagnostics_channel.channel(TEST_RUN_TRACE);

export function traceTestRun(event: TestRunTraceEvent): void {
  if (channel.hasSubscribers) channel.publish(event);
}
