// Worker-thread side of the TypeScript checker. This module is both the worker's entry file
// (from source under tsx/vitest, or as compiled .js beside the bundle) and a side-effect
// import of typescript-language.ts, so a single-file bundle started as a worker with the
// marker below serves too. On the main thread (no marker) importing it does nothing.
// One request runs at a time; a cancelled one stops at TypeScript's next cancellation check
// (the main thread flags it in shared memory, so no message has to get through).
import { createRequire } from 'node:module';
import { getHeapStatistics } from 'node:v8';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type * as TypeScript from 'typescript';
import type { LanguageOutcome, ProjectOutcome } from './language-checker';
import {
  createTypeScriptChecker,
  type TsChange,
  type TypeScriptChecker,
} from './typescript-checker';

export const TS_CHECK_WORKER_MARKER = 'sluice-typescript-check-worker';
/** Slots of the shared cancellation table: request id % CANCEL_SLOTS holds the cancelled id. */
export const CANCEL_SLOTS = 256;

export interface TsWorkerData {
  readonly marker: typeof TS_CHECK_WORKER_MARKER;
  readonly root: string;
  readonly cancel: SharedArrayBuffer;
}

export type TsWorkerRequest =
  | {
      readonly id: number;
      readonly kind: 'check';
      readonly changes: readonly TsChange[];
      readonly extraImporters: Record<string, string[]>;
    }
  | { readonly id: number; readonly kind: 'project' }
  | { readonly id: number; readonly kind: 'memory' };

export type TsWorkerResponse = { readonly id: number; readonly heapBytes: number } & (
  | { readonly kind: 'check'; readonly outcome: LanguageOutcome }
  | { readonly kind: 'project'; readonly outcome: ProjectOutcome | null }
  | { readonly kind: 'memory' }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'failed'; readonly message: string }
);

function isCheckWorker(): boolean {
  return (
    !isMainThread && (workerData as { marker?: unknown } | null)?.marker === TS_CHECK_WORKER_MARKER
  );
}

/** The worker isolate's heap in use (its share of the process's resident memory). */
function heapBytes(): number {
  const stats = getHeapStatistics();
  return stats.total_heap_size + stats.malloced_memory + stats.external_memory;
}

if (isCheckWorker() && parentPort) {
  const port = parentPort;
  const { root, cancel } = workerData as TsWorkerData;
  const flags = new Int32Array(cancel);
  const ts = createRequire(import.meta.url)('typescript') as typeof TypeScript;
  let current = 0;
  const token: TypeScript.HostCancellationToken = {
    isCancellationRequested: () => Atomics.load(flags, current % CANCEL_SLOTS) === current,
  };
  let checker: TypeScriptChecker | undefined;
  port.on('message', (request: TsWorkerRequest) => {
    current = request.id;
    const reply = (body: Record<string, unknown>): void =>
      port.postMessage({ id: request.id, heapBytes: heapBytes(), ...body });
    if (request.kind === 'memory') {
      reply({ kind: 'memory' });
      return;
    }
    try {
      if (token.isCancellationRequested()) {
        reply({ kind: 'cancelled' });
        return;
      }
      checker ??= createTypeScriptChecker(ts, root, token);
      if (request.kind === 'check')
        reply({ kind: 'check', outcome: checker.check(request.changes, request.extraImporters) });
      else reply({ kind: 'project', outcome: checker.project() });
    } catch (error) {
      if (error instanceof ts.OperationCanceledException) reply({ kind: 'cancelled' });
      else
        reply({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  });
  port.postMessage({ ready: true });
}
