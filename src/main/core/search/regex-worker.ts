// Runs regex matching off the main thread so a catastrophic pattern (e.g. `(a+)+$` on a long
// line) can be stopped: the caller terminates the worker when its time limit passes. The
// worker is created from source text (eval) so it works the same under tsx, vitest and the
// bundled CLI, with no separate file to locate.
import { Worker } from 'node:worker_threads';

export interface RegexBatchFile {
  readonly text: string;
}

/** For each file, the 0-based indexes of lines that match. */
export type RegexBatchResult = number[][];

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const re = new RegExp(workerData.source, workerData.flags);
parentPort.on('message', (batch) => {
  const result = [];
  for (const text of batch.texts) {
    const hits = [];
    const lines = text.split('\\n');
    for (let i = 0; i < lines.length; i++) {
      re.lastIndex = 0;
      if (re.test(lines[i])) hits.push(i);
    }
    result.push(hits);
  }
  parentPort.postMessage({ id: batch.id, result });
});
`;

export type RegexRunOutcome =
  { status: 'done'; result: RegexBatchResult } | { status: 'timeout' } | { status: 'aborted' };

export class RegexWorker {
  private readonly worker: Worker;
  private nextId = 0;
  private failure: Error | null = null;

  constructor(source: string, flags: string) {
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { source, flags } });
    this.worker.on('error', (error) => {
      this.failure = error;
    });
    this.worker.unref();
  }

  /** Matches a batch, giving up at `deadline` (epoch ms). After a timeout the worker is dead. */
  run(texts: string[], deadline: number, signal?: AbortSignal): Promise<RegexRunOutcome> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const finish = (outcome: RegexRunOutcome | Error) => {
        clearTimeout(timer);
        this.worker.off('message', onMessage);
        this.worker.off('error', onError);
        signal?.removeEventListener('abort', onAbort);
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      const onMessage = (message: { id: number; result: RegexBatchResult }) => {
        if (message.id === id) finish({ status: 'done', result: message.result });
      };
      const onError = (error: Error) => finish(error);
      const onAbort = () => {
        void this.terminate();
        finish({ status: 'aborted' });
      };
      const timer = setTimeout(
        () => {
          void this.terminate();
          finish({ status: 'timeout' });
        },
        Math.max(0, deadline - Date.now()),
      );
      this.worker.on('message', onMessage);
      this.worker.on('error', onError);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.worker.postMessage({ id, texts });
    });
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }
}
