// The private temp folders a sandboxed command gets (its empty HOME, its seccomp program, the
// proxy's socket folder, Seatbelt's base) are removed when the command ends. A process killed
// hard (kill -9, a crash) never gets there, so the first command of a later process removes
// the ones it left: ours (same user), named as the runner names them, and older than a day.
// No command runs that long (the timeout is at most 30 minutes), so none is still in use.
import { readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** mkdtemp's names for the runner's folders: the prefix and six random characters. */
const LEFT_BEHIND = /^sluice-(?:cmd-home|seccomp|net|cmd)-[A-Za-z0-9]{6}$/u;

export const COMMAND_TEMP_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface TempSweepOptions {
  readonly dir?: string;
  readonly now?: number;
  readonly maxAgeMs?: number;
}

/** Removes the runner's folders left behind in `dir` (the temp folder); returns how many. */
export function sweepCommandTemps(options: TempSweepOptions = {}): number {
  const dir = options.dir ?? os.tmpdir();
  const before = (options.now ?? Date.now()) - (options.maxAgeMs ?? COMMAND_TEMP_MAX_AGE_MS);
  const uid = process.getuid?.();
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => LEFT_BEHIND.test(name));
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const full = path.join(dir, name);
    try {
      const stat = statSync(full);
      if (!stat.isDirectory() || stat.mtimeMs >= before) continue;
      if (uid !== undefined && stat.uid !== uid) continue;
      rmSync(full, { recursive: true, force: true });
      removed += 1;
    } catch {
      // Gone meanwhile, or not ours to remove: leave it.
    }
  }
  return removed;
}

let swept = false;

/** The sweep, once per process (the first sandboxed command pays for one listing). */
export function sweepCommandTempsOnce(): void {
  if (swept) return;
  swept = true;
  sweepCommandTemps();
}
