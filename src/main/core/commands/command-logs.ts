// Full command output, kept under SLUICE_HOME/command-output so the model can read ranges of
// it (read_command_output) without the whole output entering its context. Ids are generated
// here and checked on the way back in; only the newest logs are kept.
import { randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

export const KEPT_LOGS = 200;
const ID = /^cmd-[0-9a-f-]{36}$/u;

export function newLog(dir: string): { id: string; path: string } {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const id = `cmd-${randomUUID()}`;
  return { id, path: path.join(dir, `${id}.log`) };
}

/** Removes all but the newest `keep` logs; never throws. */
export function pruneLogs(dir: string, keep = KEPT_LOGS): void {
  try {
    const logs = readdirSync(dir)
      .filter((name) => name.endsWith('.log'))
      .map((name) => ({ name, mtime: statSync(path.join(dir, name)).mtimeMs }))
      .sort((a, b) => b.mtime - a.mtime);
    for (const old of logs.slice(keep)) rmSync(path.join(dir, old.name), { force: true });
  } catch {
    // Pruning is housekeeping; a failure leaves files behind, nothing worse.
  }
}

export class CommandLogError extends Error {
  override readonly name = 'CommandLogError';
}

/** Lines [start, start+count) (1-based) of a log, ANSI kept, and the total line count. */
export async function readLogLines(
  dir: string,
  id: string,
  start: number,
  count: number,
): Promise<{ lines: string[]; total: number }> {
  if (!ID.test(id)) throw new CommandLogError(`"${id}" is not a command output id (cmd-…).`);
  const file = path.join(dir, `${id}.log`);
  try {
    statSync(file);
  } catch {
    throw new CommandLogError(`no output is kept for ${id} (older outputs are removed).`);
  }
  const lines: string[] = [];
  let total = 0;
  const reader = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of reader) {
    total += 1;
    if (total >= start && lines.length < count) lines.push(line);
  }
  return { lines, total };
}
