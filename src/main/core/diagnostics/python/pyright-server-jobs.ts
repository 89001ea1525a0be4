// The one pyright server of a project and the jobs run on it, one at a time (the open
// documents are pyright's state). The server is started on first use (pyright-server.ts),
// started again when its config files changed, and killed when a job overruns the hard
// ceiling; the next job then starts a fresh one. Before each job pyright is told what changed
// on disk (pyright-disk-side.ts).
import type { MessageConnection } from 'vscode-jsonrpc/node';
import type { SandboxAvailability } from '../../sandbox/bubblewrap';
import type { ConfinedLimits } from '../../confinement/confined-process';
import type { PyrightDiskSide } from './pyright-disk-side';
import {
  configFilesStamp,
  startPyrightServer,
  type PyrightServer as Server,
} from './pyright-server';
import { readRssBytes } from '../process-memory';

export interface PyrightServerJobsOptions {
  readonly root: string;
  readonly env: NodeJS.ProcessEnv;
  readonly limits: Required<ConfinedLimits>;
  readonly maxHeapMb: number;
  readonly sandbox: SandboxAvailability | undefined;
  /** The person's Python install when it is under a hidden folder (person-python.ts). */
  readonly pythonFolders: readonly string[];
  /** A job the server has not answered after this long kills it; the next job restarts it. */
  readonly ceilingMs: number;
  /** Each module's errors as on disk, and what pyright has been told of the disk. */
  readonly disk: PyrightDiskSide;
  /** Called as each job starts (before the server is asked anything). */
  readonly onJobStart: () => void;
}

export interface PyrightServerJobs {
  /**
   * Runs one job on the server, one at a time; a dead or missing server, a configuration
   * error, or no answer within the hard ceiling (the server is then killed, and the next job
   * starts it again) is a reason. Before the job, pyright is told what changed on disk:
   * `stat` compares every project Python file (a check), `news` takes the watcher's only;
   * `onMoved` runs when something had changed.
   */
  run<T>(
    signal: AbortSignal,
    compare: 'stat' | 'news',
    job: (connection: MessageConnection, signal: AbortSignal) => Promise<T>,
    onMoved: () => void,
  ): Promise<T | string>;
  /** The server's resident memory, null when none runs. */
  memoryBytes(): number | null;
  /** Asks the server to shut down (briefly), then kills it; the next job starts a fresh one. */
  stop(): Promise<void>;
}

export function createPyrightServerJobs(options: PyrightServerJobsOptions): PyrightServerJobs {
  const { root, ceilingMs, disk } = options;
  let server: Promise<Server | string> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  /** The job last started, until it really ended (a cancelled one may still be talking). */
  let lastWork: Promise<void> = Promise.resolve();
  let pid: number | undefined;

  const start = (): Promise<Server | string> =>
    startPyrightServer({
      root,
      env: options.env,
      limits: options.limits,
      maxHeapMb: options.maxHeapMb,
      sandbox: options.sandbox,
      pythonFolders: options.pythonFolders,
      onExit: () => {
        server = undefined;
        pid = undefined;
      },
    }).then((ready) => {
      if (typeof ready !== 'string') {
        pid = ready.child.pid;
        disk.reset();
      }
      return ready;
    });

  /** Stops a server (idempotent): the next job starts a fresh one. */
  const stopServer = (current: Server): void => {
    if (server) server = undefined;
    pid = undefined;
    current.connection.dispose();
    current.kill();
  };

  const run = <T>(
    signal: AbortSignal,
    compare: 'stat' | 'news',
    job: (connection: MessageConnection, signal: AbortSignal) => Promise<T>,
    onMoved: () => void,
  ): Promise<T | string> => {
    const one = async (): Promise<T | string> => {
      if (signal.aborted) return 'the check was cancelled';
      options.onJobStart();
      server ??= start();
      let ready = await server;
      if (typeof ready !== 'string' && ready.configStamp !== configFilesStamp(root)) {
        stopServer(ready);
        server = start();
        ready = await server;
      }
      if (typeof ready === 'string') {
        server = undefined;
        return ready;
      }
      if (ready.configErrors.length) return `pyright: ${ready.configErrors[0] ?? ''}`;
      const current = ready;
      let onAbort = (): void => undefined;
      let ceiling: NodeJS.Timeout | undefined;
      const stopped = new Promise<string>((resolve) => {
        onAbort = () => resolve('the check was cancelled');
        signal.addEventListener('abort', onAbort, { once: true });
        ceiling = setTimeout(() => {
          stopServer(current);
          resolve(
            `pyright did not answer within ${Math.round(ceilingMs / 1000)} s; it was stopped and starts again on the next check`,
          );
        }, ceilingMs);
      });
      // The job may fail after the race is decided (writes to a killed server): not unhandled.
      const work = (async () => {
        if (await disk.sync(current.connection, compare === 'stat')) onMoved();
        return job(current.connection, signal);
      })();
      const ended = work.then(
        () => undefined,
        () => undefined,
      );
      lastWork = Promise.race([ended, current.exited.then(() => undefined)]);
      try {
        const answer = await Promise.race([work, current.exited, stopped]);
        // pyright logs a configuration error while it sets the workspace up, after start.
        if (current.configErrors.length) return `pyright: ${current.configErrors[0] ?? ''}`;
        return answer;
      } finally {
        signal.removeEventListener('abort', onAbort);
        // A cancelled job is answered at once but keeps its ceiling until it ends: past it
        // the server is killed, which ends it.
        void ended.then(() => clearTimeout(ceiling));
      }
    };
    const result = queue.then(one, one);
    // The next job waits for this one's documents to be closed: a cancelled job answered
    // early still has them open, and opening one again is refused by pyright.
    queue = result.then(
      () => lastWork,
      () => lastWork,
    );
    return result;
  };

  return {
    run,
    memoryBytes() {
      return server && pid !== undefined ? readRssBytes(pid) : null;
    },
    async stop() {
      const current = await server;
      server = undefined;
      if (!current || typeof current === 'string') return;
      await askToExit(current);
      stopServer(current);
    },
  };
}

/** Asks the server to shut down and exit, waiting briefly; it is killed after either way. */
async function askToExit(current: Server): Promise<void> {
  try {
    await Promise.race([
      current.connection
        .sendRequest('shutdown')
        .then(() => current.connection.sendNotification('exit')),
      new Promise((r) => setTimeout(r, 300)),
    ]);
  } catch {
    // It is killed either way.
  }
}
