// How a sandbox probe ended, in words: "exit null" said nothing; a probe
// killed by a signal, stopped at its time limit, or unable to start says which.

/** Every probe gets this long before it is stopped (spawnSync's timeout). */
export const PROBE_TIMEOUT_MS = 10_000;

export interface ProbeEnd {
  readonly status: number | null;
  readonly signal?: NodeJS.Signals | null | undefined;
  readonly error?: (Error & { code?: string }) | undefined;
}

export function describeProbeEnd(end: ProbeEnd, timeoutMs: number = PROBE_TIMEOUT_MS): string {
  const timedOut = end.error?.code === 'ETIMEDOUT';
  if (timedOut)
    return `the probe was ended by signal ${end.signal ?? 'SIGTERM'} after the ${timeoutMs / 1000} s limit`;
  if (end.error) return `the probe could not start: ${end.error.message}`;
  if (end.signal) return `the probe was ended by signal ${end.signal}`;
  if (end.status !== null) return `the probe exited with status ${end.status}`;
  return 'the probe ended without a status or a signal';
}
