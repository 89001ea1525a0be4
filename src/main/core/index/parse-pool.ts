// A pool of worker threads that run parse jobs, so indexing never blocks the caller's
// thread. The worker entry works from source (a .ts file, started with tsx's loader), from
// compiled .js, and from a single-file bundle (the bundle itself, started with a marker);
// an embedding shell may pass its own entry. If no worker can start, or one dies, its jobs
// run in-process in small slices between event-loop turns: slower, never lost.
import { workerEntryFor, type WorkerEntry } from './worker-entry';
import { startReadyWorker } from './start-ready-worker';
import { Worker } from 'node:worker_threads';
import os from 'node:os';
import { runParseJobSync, type ParseJob, type ParseJobResult } from './parse-job';
import { treeSitterLanguageOf } from './languages/language-extensions';
import { prepareGrammarsFor } from './languages/tree-sitter-runtime';
import {
  PARSE_WORKER_MARKER,
  type ParseRequest,
  type ParseResponse,
  type ParseWorkerData,
} from './parse-worker';

/** A worker script file, or (from TypeScript source) a small eval'd script that loads it. */
export type { WorkerEntry };

export interface ParsePoolOptions {
  /**
   * Worker count; by default poolSizeFor(jobs): one fewer than os.availableParallelism() (at
   * least 1) for TypeScript work, every core for tree-sitter work.
   */
  readonly size?: number;
  /** Override the worker entry, or 'in-process' to parse on the caller's thread in slices. */
  readonly entry?: WorkerEntry | 'in-process';
  /** Files per message; larger batches mean fewer round trips. */
  readonly batchSize?: number;
  /** Idle workers exit after this long (ms) and are restarted on demand. */
  readonly idleMs?: number;
  /**
   * With no worker running, fewer jobs than this are parsed in-process (between event-loop
   * turns): a worker isolate compiles the TypeScript parser again (~1 s CPU) before its first
   * file, which is more than parsing a small project here. Default IN_PROCESS_BELOW; 0 = always
   * workers. Tree-sitter files go to workers from TREE_SITTER_IN_PROCESS_BELOW (or this, if lower).
   */
  readonly inProcessBelow?: number;
  /** Folder of the TypeScript compiler's V8 code cache, for the workers (code-cache.ts). */
  readonly codeCacheDir?: string;
}

export interface ParsePool {
  /** Parses every job; `onResults` receives results batch by batch, in completion order. */
  parse(
    jobs: readonly ParseJob[],
    onResults: (results: readonly ParseJobResult[]) => void,
  ): Promise<void>;
  /** Starts the workers now (they load the TypeScript parser, ~1 s) so a large parse that follows does not wait. */
  prestart(): void;
  /** 'workers' once a worker has started, 'in-process' when none could. */
  mode(): 'workers' | 'in-process' | 'not-started';
  close(): Promise<void>;
}

const READY_TIMEOUT_MS = 20_000;

/**
 * Files below which a parse stays on the calling thread. Measured on 2 loaded cores (cold,
 * whole refresh): 250 files 0.38 s in-thread vs 0.66 s with a worker; 1,000 files 1.7-3.2 s
 * vs 4.7-5.8 s; 3,000 files 7.8-8.5 s vs 4.6-7.8 s. In-thread wins until roughly 1,000-2,000.
 */
export const IN_PROCESS_BELOW = 1000;

/**
 * Tree-sitter files (Python, Go, Rust, Java) below which a parse stays on the calling thread.
 * A worker that parses only these never loads TypeScript: its start-up is the WASM runtime and
 * a grammar (~0.1 s), while such a file costs ~2.5 ms on average to parse (6 MB/s per core).
 */
export const TREE_SITTER_IN_PROCESS_BELOW = 200;

function treeSitterShare(jobs: readonly ParseJob[]): { count: number; share: number } {
  let count = 0;
  for (const job of jobs) if (treeSitterLanguageOf(job.path)) count++;
  return { count, share: jobs.length ? count / jobs.length : 0 };
}

/** Tree-sitter files per worker at least: a worker's start (~0.15 s) is paid back by ~0.25 s of parsing. */
export const TREE_SITTER_FILES_PER_WORKER = 100;

/**
 * Workers for these jobs. TypeScript work: one fewer than the cores, since the calling thread
 * is busy too (listing, writing results to SQLite) and every worker isolate pays V8's
 * compilation of the TypeScript parser again (~1.5 s CPU): on 2 cores one worker measured the
 * same wall time as two, or better, with ~20% less CPU. Tree-sitter work (at least 90% of the
 * files): up to every core, one per TREE_SITTER_FILES_PER_WORKER files, since such a worker
 * never loads TypeScript and the calling thread only writes (~10% of the CPU; measured in
 * docs/ARCHITECTURE.md).
 */
export function poolSizeFor(jobs: readonly ParseJob[], cores = os.availableParallelism()): number {
  const { count, share } = treeSitterShare(jobs);
  if (share < 0.9) return Math.max(1, cores - 1);
  return Math.max(1, Math.min(cores, Math.ceil(count / TREE_SITTER_FILES_PER_WORKER)));
}

/** Where the worker code lives for the way this module is being run. */
export function defaultWorkerEntry(moduleUrl: string = import.meta.url): WorkerEntry {
  return workerEntryFor(moduleUrl, 'parse-worker');
}

interface Slot {
  worker: Worker;
  /** Batches posted and not yet answered; the worker is ref'd while this is above 0. */
  pending: number;
}

/**
 * Batches kept in flight per worker: while this thread stores one batch's results the
 * worker is already parsing the next, instead of idling for the round trip.
 */
const IN_FLIGHT_PER_WORKER = 2;

export function createParsePool(options: ParsePoolOptions = {}): ParsePool {
  // Before the jobs are known (prestart), the TypeScript default; parse() may add workers.
  const baseSize = Math.max(1, options.size ?? os.availableParallelism() - 1);
  const batchSize = options.batchSize ?? 24;
  const idleMs = options.idleMs ?? 30_000;
  let entryFailed = options.entry === 'in-process';
  let started: 'workers' | 'in-process' | 'not-started' = 'not-started';
  let slots: Slot[] = [];
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  let closed = false;

  let starting: Promise<void> | undefined;
  /** Starts workers until `wanted` run (once the entry failed, none). */
  const ensureWorkers = async (wanted: number): Promise<void> => {
    while (starting) await starting;
    if (entryFailed || slots.length >= wanted) return;
    const first = slots.length === 0;
    starting = (async () => {
      const created = await Promise.all(
        Array.from({ length: wanted - slots.length }, () => startParseWorker(options)),
      );
      const added = created.filter((s): s is Slot => s !== undefined);
      if (first && !added.length) entryFailed = true;
      for (const slot of added) slot.worker.unref(); // errors: surfaced per batch through 'exit'
      slots = [...slots, ...added];
      starting = undefined;
      if (closed) await stopWorkers();
    })();
    await starting;
  };

  const scheduleIdle = (): void => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => void stopWorkers(), idleMs);
    idleTimer.unref();
  };

  /** A worker that died leaves the pool; its batch is parsed here instead. */
  const dropSlot = (slot: Slot): void => {
    slots = slots.filter((s) => s !== slot);
  };

  const stopWorkers = async (): Promise<void> => {
    const current = slots;
    slots = [];
    await Promise.all(current.map((s) => s.worker.terminate()));
  };

  return {
    mode: () => started,
    prestart() {
      if (closed || entryFailed || slots.length || starting) return;
      void ensureWorkers(baseSize);
      scheduleIdle();
    },
    async parse(jobs, onResults) {
      if (closed) throw new Error('The parse pool is closed.');
      if (!jobs.length) return;
      if (idleTimer) clearTimeout(idleTimer);
      if (!slots.length && smallEnoughInProcess(jobs, options)) {
        for (let i = 0; i < jobs.length; i += batchSize)
          onResults(await parseInProcess(jobs.slice(i, i + batchSize)));
        return;
      }
      await ensureWorkers(options.size ?? poolSizeFor(jobs));
      started = slots.length ? 'workers' : 'in-process';
      const batches: ParseJob[][] = [];
      for (let i = 0; i < jobs.length; i += batchSize) batches.push(jobs.slice(i, i + batchSize));
      const lane = async (slot: Slot | undefined): Promise<void> => {
        for (let batch = batches.shift(); batch; batch = batches.shift()) {
          const results =
            slot && slots.includes(slot)
              ? await runOnWorker(slot, batch, nextId++, () => dropSlot(slot))
              : undefined;
          // A dead worker's batch, or no worker at all: parse it here rather than lose it.
          onResults(results ?? (await parseInProcess(batch)));
        }
      };
      const lanes = slots.length
        ? slots.flatMap((slot) => Array.from({ length: IN_FLIGHT_PER_WORKER }, () => lane(slot)))
        : [lane(undefined)];
      await Promise.all(lanes);
      scheduleIdle();
    },
    async close() {
      closed = true;
      if (idleTimer) clearTimeout(idleTimer);
      await stopWorkers();
    },
  };
}

/** With no worker running, a parse this small stays on the calling thread (inProcessBelow). */
function smallEnoughInProcess(jobs: readonly ParseJob[], options: ParsePoolOptions): boolean {
  const below = options.inProcessBelow ?? IN_PROCESS_BELOW;
  return (
    jobs.length < below &&
    treeSitterShare(jobs).count < Math.min(below, TREE_SITTER_IN_PROCESS_BELOW)
  );
}

/** A worker on the pool's entry, once it said it is ready; undefined when it did not start. */
async function startParseWorker(options: ParsePoolOptions): Promise<Slot | undefined> {
  const entry =
    options.entry && options.entry !== 'in-process' ? options.entry : defaultWorkerEntry();
  const workerData: ParseWorkerData = {
    marker: PARSE_WORKER_MARKER,
    ...(options.codeCacheDir !== undefined ? { codeCacheDir: options.codeCacheDir } : {}),
  };
  const common = { workerData, stdout: true, stderr: true };
  const worker = await startReadyWorker(
    () =>
      'evalCode' in entry
        ? new Worker(entry.evalCode, { ...common, eval: true })
        : new Worker(entry.url, {
            ...common,
            execArgv: entry.execArgv ? [...entry.execArgv] : [],
          }),
    READY_TIMEOUT_MS,
  );
  return typeof worker === 'string' ? undefined : { worker, pending: 0 };
}

async function parseInProcess(batch: readonly ParseJob[]): Promise<ParseJobResult[]> {
  // Grammars once per batch (a no-op for TypeScript), then one file per event-loop turn.
  await prepareGrammarsFor(batch.map((job) => job.path));
  const results: ParseJobResult[] = [];
  for (const job of batch) {
    results.push(runParseJobSync(job));
    await new Promise((r) => setImmediate(r));
  }
  return results;
}

/**
 * Posts one batch to a worker as request `id`: its results, or undefined when the worker
 * could not parse it or died (then `onExit` drops it from the pool first).
 */
function runOnWorker(
  slot: Slot,
  batch: readonly ParseJob[],
  id: number,
  onExit: () => void,
): Promise<ParseJobResult[] | undefined> {
  return new Promise((resolve) => {
    const onMessage = (message: ParseResponse): void => {
      if (message.id !== id) return;
      cleanup();
      resolve(message.failed === undefined ? [...message.results] : undefined);
    };
    const onWorkerExit = (): void => {
      cleanup();
      onExit();
      resolve(undefined);
    };
    const cleanup = (): void => {
      slot.worker.off('message', onMessage);
      slot.worker.off('exit', onWorkerExit);
      if (--slot.pending === 0) slot.worker.unref();
    };
    if (slot.pending++ === 0) slot.worker.ref();
    slot.worker.on('message', onMessage);
    slot.worker.on('exit', onWorkerExit);
    const request: ParseRequest = { id, jobs: batch };
    slot.worker.postMessage(request);
  });
}
