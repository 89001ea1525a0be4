// Entry of the detached indexer that background-index.ts starts: takes the project's build
// lock (exclusively; one whose process is gone is taken over), runs `sluice index` on the
// root it was given, and lets the lock go. Another build holding the lock: it leaves at once.
// It runs at the lowest priority on every thread (the parent set it on the first one).
import {
  openSync,
  closeSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { processIo } from './cli-io';
import { indexBuildLockPath, lockHolder, lowestPriority } from './background-index';
import { main } from './main';

function takeLock(lock: string): boolean {
  // The index folder may not exist yet: a quick answer in a project with no index database
  // creates nothing (quick-answers-before-database.ts).
  mkdirSync(path.dirname(lock), { recursive: true, mode: 0o700 });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (lockHolder(lock) !== null) return false;
      rmSync(lock, { force: true });
    }
  }
  return false;
}

/** Every thread this process has so far (Linux: one priority per thread; later ones inherit). */
function lowestPriorityEverywhere(): void {
  let threads: string[] = [];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    // No /proc: the process's own priority, as the parent set it.
  }
  for (const tid of threads) lowestPriority(Number(tid));
  lowestPriority(process.pid);
}

lowestPriorityEverywhere();
const root = process.argv[2] ?? '';
const home = process.env.SLUICE_HOME ?? '';
const lock = indexBuildLockPath(home, root);
const stamp = () => new Date().toISOString();
if (!root || !home) {
  process.stderr.write(`${stamp()} sluice index (background): no project or SLUICE_HOME given.\n`);
  process.exitCode = 2;
} else if (!takeLock(lock)) {
  process.stdout.write(
    `${stamp()} another build of ${root} holds ${lock}; leaving it to that one.\n`,
  );
} else {
  try {
    process.stdout.write(`${stamp()} building the index of ${root} (pid ${process.pid})\n`);
    process.exitCode = await main(['index', '--project', root], processIo());
    process.stdout.write(`${stamp()} done (exit ${process.exitCode})\n`);
  } finally {
    try {
      if (readFileSync(lock, 'utf8').trim() === String(process.pid)) rmSync(lock, { force: true });
    } catch {
      // Already gone.
    }
  }
}
