// Worker-thread side of the parse pool. This module is both the worker's entry file (from
// source under tsx/vitest, or as compiled .js) and a side-effect import of parse-pool.ts, so
// a single-file bundle that is started as a worker with the marker below serves too.
// On the main thread (no marker) importing it does nothing.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { runParseJobSync, type ParseJob, type ParseJobResult } from './parse-job';
import { prepareGrammarsFor } from './languages/tree-sitter-runtime';
import { saveTypeScriptCodeCache, useTypeScriptCodeCache } from './typescript-runtime';

export const PARSE_WORKER_MARKER = 'sluice-parse-worker';

export interface ParseWorkerData {
  readonly marker: typeof PARSE_WORKER_MARKER;
  /** Folder of the TypeScript compiler's V8 code cache (code-cache.ts). */
  readonly codeCacheDir?: string;
}

export interface ParseRequest {
  readonly id: number;
  readonly jobs: readonly ParseJob[];
}

export interface ParseResponse {
  readonly id: number;
  readonly results: readonly ParseJobResult[];
  /** Set when the worker could not parse the batch (its grammars failed to load). */
  readonly failed?: string;
}

function isParseWorker(): boolean {
  return (
    !isMainThread && (workerData as { marker?: unknown } | null)?.marker === PARSE_WORKER_MARKER
  );
}

if (isParseWorker() && parentPort) {
  const port = parentPort;
  const { codeCacheDir } = workerData as ParseWorkerData;
  if (typeof codeCacheDir === 'string') useTypeScriptCodeCache(codeCacheDir);
  const answer = async (request: ParseRequest): Promise<ParseResponse> => {
    try {
      // Tree-sitter grammars load asynchronously, once per worker, for the languages seen.
      await prepareGrammarsFor(request.jobs.map((job) => job.path));
      return { id: request.id, results: request.jobs.map((job) => runParseJobSync(job)) };
    } catch (error) {
      // Every request is answered: the pool parses a failed batch in its own thread.
      return {
        id: request.id,
        results: [],
        failed: error instanceof Error ? error.message : String(error),
      };
    }
  };
  port.on('message', (request: ParseRequest) => {
    void answer(request).then((response) => {
      port.postMessage(response);
      // After the first batch, with the parser compiled; a no-op once written or loaded.
      if (!response.failed) saveTypeScriptCodeCache();
    });
  });
  port.postMessage({ ready: true });
}
