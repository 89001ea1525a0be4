// The TypeScript / JavaScript checker as the service sees it: TypeScript's LanguageService
// in one worker thread per project (typescript-check-worker.ts), started on first use and
// kept warm until dispose. The worker's heap is capped (resourceLimits); a worker that dies
// (out of that memory, or a crash) turns the check into `not_checked` with the reason, and
// the next check starts a fresh one.
import { workerEntryFor } from '../index/worker-entry';
import { startReadyWorker } from '../index/start-ready-worker';
import { Worker } from 'node:worker_threads';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import type { ProposedFileChange } from './diagnostics-port';
import type { LanguageChecker, LanguageOutcome, ProjectOutcome } from './language-checker';
import {
  CANCEL_SLOTS,
  TS_CHECK_WORKER_MARKER,
  type TsWorkerData,
  type TsWorkerRequest,
  type TsWorkerResponse,
} from './typescript-check-worker';
import { TS_SOURCE_EXTENSIONS } from './typescript-project-configs';

/** Default cap of the worker's V8 heap; a 3,000-file project measured well below it. */
export const DEFAULT_TS_HEAP_MB = 3072;
const READY_TIMEOUT_MS = 30_000;

export type CheckWorkerEntry = { readonly url: URL } | { readonly evalCode: string };

export interface TypeScriptLanguageOptions {
  readonly root: string;
  readonly symbolIndex?: SymbolIndexPort;
  readonly maxHeapMb?: number;
  readonly entry?: CheckWorkerEntry;
}

/** Where the worker code lives for the way this module is being run (as for the parse pool). */
export function defaultCheckWorkerEntry(moduleUrl: string = import.meta.url): CheckWorkerEntry {
  return workerEntryFor(moduleUrl, 'typescript-check-worker');
}

interface Running {
  readonly worker: Worker;
  readonly flags: Int32Array;
}

type Answer = Exclude<TsWorkerResponse, { kind: 'memory' }> | { kind: 'died'; message: string };

export function createTypeScriptLanguage(options: TypeScriptLanguageOptions): LanguageChecker {
  const maxHeapMb = options.maxHeapMb ?? DEFAULT_TS_HEAP_MB;
  let running: Promise<Running | string> | undefined;
  let nextId = 1;
  let lastHeap: number | null = null;

  const start = async (): Promise<Running | string> => {
    const cancel = new SharedArrayBuffer(CANCEL_SLOTS * 4);
    const data: TsWorkerData = { marker: TS_CHECK_WORKER_MARKER, root: options.root, cancel };
    const entry = options.entry ?? defaultCheckWorkerEntry();
    const common = {
      workerData: data,
      stdout: true,
      stderr: true,
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    };
    const worker = await startReadyWorker(
      () =>
        'evalCode' in entry
          ? new Worker(entry.evalCode, { ...common, eval: true })
          : new Worker(entry.url, common),
      READY_TIMEOUT_MS,
    );
    if (typeof worker === 'string') return `the TypeScript checker ${worker}`;
    // Its errors are surfaced to each request through 'exit'.
    worker.on('message', (m: { heapBytes?: unknown }) => {
      if (typeof m.heapBytes === 'number') lastHeap = m.heapBytes;
    });
    worker.on('exit', () => {
      running = undefined;
      lastHeap = null;
    });
    worker.unref();
    return { worker, flags: new Int32Array(cancel) };
  };

  const ask = async (
    request: Omit<Extract<TsWorkerRequest, { kind: 'check' }>, 'id'> | { kind: 'project' },
    signal: AbortSignal,
  ): Promise<Answer> => {
    running ??= start();
    const slot = await running;
    if (typeof slot === 'string') {
      running = undefined;
      return { kind: 'died', message: slot };
    }
    const id = nextId++;
    return new Promise<Answer>((resolve) => {
      const { worker, flags } = slot;
      const onAbort = (): void => {
        Atomics.store(flags, id % CANCEL_SLOTS, id);
      };
      const onMessage = (message: TsWorkerResponse): void => {
        if (message.id !== id) return;
        done();
        resolve(message as Answer);
      };
      const onExit = (code: number): void => {
        done();
        resolve({
          kind: 'died',
          message:
            `the TypeScript checker stopped (exit code ${code}); it may have run out of its ` +
            `${maxHeapMb} MB memory limit`,
        });
      };
      const done = (): void => {
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        signal.removeEventListener('abort', onAbort);
        worker.unref();
      };
      worker.on('message', onMessage);
      worker.on('exit', onExit);
      worker.ref();
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
      worker.postMessage({ id, ...request });
    });
  };

  const notChecked = (
    answer: Answer,
  ): { state: 'not_checked'; reason: string; filesChecked: 0 } => ({
    state: 'not_checked',
    filesChecked: 0,
    reason:
      answer.kind === 'cancelled'
        ? 'the check was cancelled'
        : answer.kind === 'failed'
          ? `the TypeScript checker failed: ${answer.message}`
          : answer.kind === 'died'
            ? answer.message
            : 'the TypeScript checker gave no answer',
  });

  const importersOf = (changes: readonly ProposedFileChange[]): Record<string, string[]> => {
    const out: Record<string, string[]> = {};
    if (!options.symbolIndex) return out;
    for (const change of changes) {
      try {
        out[change.path] = options.symbolIndex.findImporters(change.path).map((i) => i.path);
      } catch {
        // The program's own import graph still answers; the index only adds to it.
      }
    }
    return out;
  };

  return {
    language: 'typescript',
    owns: (path) => TS_SOURCE_EXTENSIONS.some((ext) => path.endsWith(ext)),
    async check(changes, signal): Promise<LanguageOutcome> {
      const answer = await ask(
        {
          kind: 'check',
          changes: changes.map((c) => ({ path: c.path, after: c.after })),
          extraImporters: importersOf(changes),
        },
        signal,
      );
      return answer.kind === 'check' ? answer.outcome : notChecked(answer);
    },
    async project(signal): Promise<ProjectOutcome | null> {
      const answer = await ask({ kind: 'project' }, signal);
      return answer.kind === 'project' ? answer.outcome : notChecked(answer);
    },
    memoryBytes() {
      if (!running) return null;
      void running.then((slot) => {
        if (typeof slot !== 'string') slot.worker.postMessage({ id: 0, kind: 'memory' });
      });
      return lastHeap;
    },
    async dispose() {
      const slot = await running;
      running = undefined;
      if (slot && typeof slot !== 'string') await slot.worker.terminate();
    },
  };
}
