// Every limit the sandbox enforces, with defaults. Each limit fails closed: going over it
// is a SandboxError (rule "limit") or a truncated result whose message names the limit.
import { SandboxError } from './sandbox-error';

export interface WorkspaceLimits {
  /** Longest path string accepted from a caller. */
  readonly maxPathLength: number;
  /** Longest single path component (file or folder name). */
  readonly maxComponentLength: number;
  /** Largest file readText/readBytes will load into memory. */
  readonly maxFileBytes: number;
  /** Most bytes a line-window read scans (to find its lines and count the file's lines). */
  readonly maxScanBytes: number;
  /** Most files listFiles returns before it truncates. */
  readonly maxResults: number;
  /** Most directory entries one walk may visit; a walk stopped by it says so. */
  readonly maxWalkEntries: number;
  /** Deepest folder nesting a walk descends into. */
  readonly maxWalkDepth: number;
  /** Largest .gitignore / .sluiceignore file read; bigger ones are read up to this size. */
  readonly maxIgnoreFileBytes: number;
}

export const DEFAULT_LIMITS: WorkspaceLimits = {
  maxPathLength: 4096,
  maxComponentLength: 255,
  maxFileBytes: 16 * 1024 * 1024,
  maxScanBytes: 256 * 1024 * 1024,
  maxResults: 20_000,
  maxWalkEntries: 500_000,
  maxWalkDepth: 64,
  maxIgnoreFileBytes: 1024 * 1024,
};

export function withDefaults(limits: Partial<WorkspaceLimits> = {}): WorkspaceLimits {
  const merged = { ...DEFAULT_LIMITS, ...limits };
  for (const [name, value] of Object.entries(merged)) {
    if (!Number.isInteger(value) || value <= 0) {
      throw new RangeError(
        `Workspace limit ${name} must be a positive integer, got ${String(value)}.`,
      );
    }
  }
  return merged;
}

export function limitError(
  limit: keyof WorkspaceLimits,
  input: string,
  detail: string,
): SandboxError {
  return new SandboxError('limit', input, `${detail} (limit ${limit})`);
}
