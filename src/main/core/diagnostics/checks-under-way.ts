// The checks a project's checkers are doing now, counted so that work which can wait (the
// selections a person is likely to make, checked while they read: evidence/likely-selections.ts)
// starts only when nothing else is asked of the checker. A checker answers one request at a
// time, so what waits in front of it delays whatever is asked after it.
// A check counts from its ask until its final answer or its cancel; one whose end is never
// heard stops counting past the longest it may run, so nothing waits on it for ever.
import type { DiagnosticsSettings } from '../../../shared/diagnostics-settings';
import type { ProposalEvidence } from '../../../shared/diagnostics';
import type { CheckOptions } from './diagnostics-port';

export interface ChecksUnderWay {
  /** A check begins; the returned function ends it (once; later calls do nothing). */
  begin(signal: AbortSignal | undefined, longestMs: number): () => void;
  /** Settles once no check is under way (at once when none is). */
  idle(): Promise<void>;
  /** How many checks are under way now. */
  readonly count: number;
}

export function createChecksUnderWay(): ChecksUnderWay {
  let count = 0;
  let waiting: (() => void)[] = [];
  return {
    get count() {
      return count;
    },
    begin(signal, longestMs) {
      count += 1;
      let open = true;
      const end = (): void => {
        if (!open) return;
        open = false;
        clearTimeout(timer);
        signal?.removeEventListener('abort', end);
        count -= 1;
        if (count > 0) return;
        const settled = waiting;
        waiting = [];
        for (const resolve of settled) resolve();
      };
      const timer = setTimeout(end, longestMs);
      timer.unref();
      if (signal?.aborted) end();
      else signal?.addEventListener('abort', end, { once: true });
      return end;
    },
    idle() {
      if (count === 0) return Promise.resolve();
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}

/** How long past the hard ceiling (where a checker still at it is stopped) a check counts. */
const PAST_CEILING_MS = 5_000;

function longestMs(settings: DiagnosticsSettings, deadlineMs: number | undefined): number {
  const deadline = deadlineMs ?? settings.liveDeadlineMs;
  return Math.max(deadline, settings.checkerCeilingSeconds * 1000) + PAST_CEILING_MS;
}

/**
 * A change's check, counted until its final answer: the first when it is whole, else the late
 * one (`onLateResult`, which a partial or timed-out answer is followed by), or its cancel.
 */
export async function countedCheck(
  underWay: ChecksUnderWay,
  settings: DiagnosticsSettings,
  options: CheckOptions,
  check: (options: CheckOptions) => Promise<ProposalEvidence>,
): Promise<ProposalEvidence> {
  const ended = underWay.begin(options.signal, longestMs(settings, options.deadlineMs));
  const first = await check({
    ...options,
    onLateResult: (evidence) => {
      ended();
      options.onLateResult?.(evidence);
    },
  });
  if (first.state !== 'checking' && first.state !== 'timed_out') ended();
  return first;
}

/** The project's errors (`sluice check`), counted until they are in. */
export async function countedProjectCheck<T>(
  underWay: ChecksUnderWay,
  settings: DiagnosticsSettings,
  options: { readonly deadlineMs?: number; readonly signal?: AbortSignal } | undefined,
  check: () => Promise<T>,
): Promise<T> {
  const ended = underWay.begin(options?.signal, longestMs(settings, options?.deadlineMs));
  try {
    return await check();
  } finally {
    ended();
  }
}
