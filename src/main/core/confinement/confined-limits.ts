// The ceilings of one confined process and their defaults, which come from the diagnostics
// Settings (src/shared/diagnostics-settings.ts) so the app, the CLI and ARCHITECTURE agree.
import {
  DEFAULT_CHECKER_CPU_SECONDS,
  DEFAULT_CHECKER_MEMORY_MB,
  type DiagnosticsSettings,
} from '../../../shared/diagnostics-settings';

export interface ConfinedLimits {
  /** Memory ceiling in bytes (cgroup where writable, else RLIMIT_DATA); 0 = none. */
  readonly memoryBytes?: number;
  /** CPU seconds per process (RLIMIT_CPU); 0 = none. */
  readonly cpuSeconds?: number;
  /** Process (task) count, threads included (cgroup pids.max where writable); 0 = none. */
  readonly processes?: number;
}

/** Threads count as tasks: a Node checker has a dozen, `go build` a few per compiler. */
export const DEFAULT_CONFINED_PROCESSES = 512;

export const DEFAULT_CONFINED_LIMITS: Required<ConfinedLimits> = {
  memoryBytes: DEFAULT_CHECKER_MEMORY_MB * 1024 * 1024,
  cpuSeconds: DEFAULT_CHECKER_CPU_SECONDS,
  processes: DEFAULT_CONFINED_PROCESSES,
};

/** The limits the person set in Settings. */
export function checkerLimits(
  settings: Pick<DiagnosticsSettings, 'checkerMemoryMb' | 'checkerCpuSeconds'>,
): Required<ConfinedLimits> {
  return {
    memoryBytes: settings.checkerMemoryMb * 1024 * 1024,
    cpuSeconds: settings.checkerCpuSeconds,
    processes: DEFAULT_CONFINED_PROCESSES,
  };
}
