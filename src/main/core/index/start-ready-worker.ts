// Starts a worker thread and waits for its `{ ready: true }` message: the parse pool's
// workers and the diagnostics service's TypeScript checker start this way. Once started, a
// worker's errors are left to its 'exit' event, through which each caller hears of a death.
import type { Worker } from 'node:worker_threads';

/**
 * The started worker, or why it did not start, as a phrase for "the … checker <phrase>":
 * `could not start (…)`, `did not start within N s`, `did not start`. A worker that answered
 * wrongly or too late is terminated.
 */
export function startReadyWorker(
  create: () => Worker,
  timeoutMs: number,
): Promise<Worker | string> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = create();
    } catch (error) {
      resolve(`could not start (${String(error)})`);
      return;
    }
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve(`did not start within ${timeoutMs / 1000} s`);
    }, timeoutMs);
    const fail = (why: unknown): void => {
      clearTimeout(timer);
      resolve(`could not start (${String(why)})`);
    };
    worker.once('error', fail);
    worker.once('exit', fail);
    worker.once('message', (message: unknown) => {
      clearTimeout(timer);
      worker.off('error', fail);
      worker.off('exit', fail);
      if ((message as { ready?: unknown })?.ready !== true) {
        void worker.terminate();
        resolve('did not start');
        return;
      }
      worker.on('error', () => undefined);
      resolve(worker);
    });
  });
}
