// Worker-thread side of the TypeScript checker, inside the confined checker process
// (typescript-check-process.ts starts it; nothing in Sluice's own process does). This module is
// the worker's entry file (from source under tsx/vitest, or as compiled .js beside the bundle).
// On a main thread, or without the marker, importing it does nothing.
// It loads the compiler it is given (the project's own typescript, else Sluice's), routes every
// file read through the checker's read rules (file-reads.ts), and answers one
// request at a time; a cancelled one stops at TypeScript's next cancellation check (the
// process's main thread flags it in shared memory, so no message has to get through). Between
// requests it prepares the disk side in small steps (`prepare`), so a check never waits on it.
import { createRequire } from 'node:module';
import { getHeapStatistics } from 'node:v8';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type * as TypeScript from 'typescript';
import type { ChangedFilesOutcome, LanguageOutcome, ProjectOutcome } from '../language-checker';
import { createTypeScriptChecker } from './checker';
import type { TsChange, TsCheckerStats, TypeScriptChecker } from './checker-contract';
import { createShapeComparer, type ShapeComparer } from './declaration-shape';
import { createCheckerFileReads } from './file-reads';
import { createNativeChecker, type NativeChecker } from './native-checker';
import { inferredConfig } from './native-inferred-project';
import { nativeChildren } from './native-children';

export const TS_CHECK_WORKER_MARKER = 'sluice-typescript-check-worker';
/** Slots of the shared cancellation table: request id % CANCEL_SLOTS holds the cancelled id. */
export const CANCEL_SLOTS = 256;
/** How often an idle checker looks at the disk for changes (stat of the files it has read). */
const IDLE_REFRESH_MS = 5_000;

export interface TsWorkerData {
  readonly marker: typeof TS_CHECK_WORKER_MARKER;
  readonly root: string;
  readonly cancel: SharedArrayBuffer;
  /** How the compiler is driven: its language service (4.x-6.x) or TypeScript 7's native API. */
  readonly compiler: 'language-service' | 'native';
  /** The compiler's package folder: the project's, else Sluice's. */
  readonly typescriptPath: string;
  /** Realpaths outside the project the compiler may read (its own package folder). */
  readonly readableDirs: readonly string[];
  /**
   * Sluice's own 6.x, used instead when the compiler is Sluice's own TypeScript 7 and it
   * reports a problem with the project's configuration (an option 7 removed): the project
   * has no compiler of its own, so the one that takes its configuration checks it.
   */
  readonly fallback?: { readonly typescriptPath: string; readonly readableDirs: readonly string[] };
  /** TypeScript 7 for loose files: the project has no config at its root, the checker gives one. */
  readonly inferred?: true;
}

export type TsWorkerRequest =
  | {
      readonly id: number;
      readonly kind: 'check';
      readonly changes: readonly TsChange[];
      readonly extraImporters: Record<string, string[]>;
    }
  | { readonly id: number; readonly kind: 'project' }
  | { readonly id: number; readonly kind: 'memory' }
  /** The file watcher's news (project-relative paths): the disk side is prepared again. */
  | { readonly id: number; readonly kind: 'disk'; readonly paths: readonly string[] };

export type TsWorkerResponse = {
  readonly id: number;
  readonly heapBytes: number;
  readonly stats: TsCheckerStats;
} & (
  | { readonly kind: 'check'; readonly outcome: LanguageOutcome }
  /** Before the `check` answer of the same id: the changed files are checked, importers follow. */
  | { readonly kind: 'changed_files'; readonly outcome: ChangedFilesOutcome }
  | { readonly kind: 'project'; readonly outcome: ProjectOutcome | null }
  | { readonly kind: 'memory' }
  | { readonly kind: 'disk' }
  | { readonly kind: 'cancelled' }
  | {
      readonly kind: 'failed';
      readonly message: string;
      /** The checker cannot answer again (TypeScript 7's native process is gone): it ends. */
      readonly ended?: true;
      /** It ended because its compiler was chosen for another project shape: ask a new one. */
      readonly restart?: true;
    }
);

/**
 * Whether a failure means TypeScript 7's native process has gone: the API's words for it vary
 * ("Unexpected EOF while reading from child process", EBADF, EPIPE), so /proc is asked too.
 */
function nativeGone(error: unknown): boolean {
  if ((workerData as TsWorkerData).compiler !== 'native') return false;
  const message = error instanceof Error ? error.message : String(error);
  if (/child process|EBADF|EPIPE|ECONNRESET/i.test(message)) return true;
  const alive = nativeChildren();
  return alive !== null && alive.size === 0;
}

function isCheckWorker(): boolean {
  return (
    !isMainThread && (workerData as { marker?: unknown } | null)?.marker === TS_CHECK_WORKER_MARKER
  );
}

/** The worker isolate's heap in use. */
function heapBytes(): number {
  const stats = getHeapStatistics();
  return stats.total_heap_size + stats.malloced_memory + stats.external_memory;
}

/** The checker the worker answers with, and what the worker needs to know of it. */
interface StartedChecker {
  readonly checker: TypeScriptChecker;
  /** TypeScript 7's, when it answers (not fallen back to 6.x). */
  readonly native?: NativeChecker;
  /** The 5.x/6.x compiler's version; TypeScript 7's is named by the process. */
  readonly version?: string;
  readonly isCancellation: (error: unknown) => boolean;
  /** Why Sluice's own TypeScript 7 gave way to its 6.x: the configuration's problems. */
  readonly fellBack?: string;
}

async function startChecker(token: TypeScript.HostCancellationToken): Promise<StartedChecker> {
  const { root, typescriptPath, readableDirs, compiler, fallback, inferred } =
    workerData as TsWorkerData;
  let fellBack: string | undefined;
  if (compiler === 'native') {
    // Sluice's own TypeScript parses proposals for the shape test (syntax only), loaded at the
    // first shape test: a second of a cold start, and a project of one file never asks.
    let shapes: ShapeComparer | undefined;
    const sameShape: ShapeComparer = (file, before, after) =>
      (shapes ??= createShapeComparer(
        createRequire(import.meta.url)('typescript') as typeof TypeScript,
      ))(file, before, after);
    const native = await createNativeChecker(
      typescriptPath,
      root,
      createCheckerFileReads(root, readableDirs),
      sameShape,
      inferred ? inferredConfig(root) : undefined,
    );
    const problems = fallback ? native.configurationProblems() : '';
    if (!problems) return { checker: native, native, isCancellation: () => false };
    native.dispose();
    fellBack = problems;
  }
  const own = fallback && fellBack ? fallback : { typescriptPath, readableDirs };
  const reads = createCheckerFileReads(root, own.readableDirs);
  const ts = createRequire(import.meta.url)(own.typescriptPath) as typeof TypeScript;
  // Every read of the compiler (configs, sources, lib files, module resolution) is ts.sys's.
  ts.sys.readFile = (file) => reads.readFile(file);
  ts.sys.fileExists = (file) => reads.fileExists(file);
  ts.sys.realpath = (file) => reads.realpath(file);
  return {
    checker: createTypeScriptChecker(ts, root, token, reads),
    version: ts.version,
    isCancellation: (error) => error instanceof ts.OperationCanceledException,
    ...(fellBack ? { fellBack } : {}),
  };
}

async function serve(port: NonNullable<typeof parentPort>): Promise<void> {
  const flags = new Int32Array((workerData as TsWorkerData).cancel);
  let current = 0;
  const token: TypeScript.HostCancellationToken = {
    isCancellationRequested: () =>
      current !== 0 && Atomics.load(flags, current % CANCEL_SLOTS) === current,
  };
  const { checker, native, version, isCancellation, fellBack } = await startChecker(token);
  const ready = checker;
  let preparing: NodeJS.Immediate | undefined;
  let idle: NodeJS.Timeout | undefined;

  // One step of the disk side per turn of the event loop, so a request waits at most one step.
  const prepare = (): void => {
    clearTimeout(idle);
    preparing = setImmediate(() => {
      preparing = undefined;
      let more = false;
      try {
        more = ready.prepareStep();
      } catch {
        // A failure here is met again, and reported, by the next request.
      }
      if (more) prepare();
      else idle = setTimeout(prepare, IDLE_REFRESH_MS);
    });
  };

  port.on('message', (request: TsWorkerRequest) => {
    const reply = (body: Record<string, unknown>): void =>
      port.postMessage({
        id: request.id,
        heapBytes: heapBytes(),
        stats: ready.stats(),
        ...body,
      });
    if (request.kind === 'memory') {
      reply({ kind: 'memory' });
      return;
    }
    current = request.id;
    try {
      if (token.isCancellationRequested()) {
        reply({ kind: 'cancelled' });
        return;
      }
      if (request.kind !== 'disk' && native?.rootConfigAppeared()) {
        // Chosen for loose files, and the project has a config now: a new checker chooses again.
        reply({
          kind: 'failed',
          message: 'a tsconfig.json or jsconfig.json appeared at the project root',
          ended: true,
          restart: true,
        });
        return;
      }
      if (request.kind === 'disk') {
        ready.noticeDisk(request.paths);
        reply({ kind: 'disk' });
      } else if (request.kind === 'check')
        reply({
          kind: 'check',
          outcome: ready.check(request.changes, request.extraImporters, (outcome) =>
            reply({ kind: 'changed_files', outcome }),
          ),
        });
      else reply({ kind: 'project', outcome: ready.project() });
    } catch (error) {
      if (isCancellation(error)) reply({ kind: 'cancelled' });
      else if (nativeGone(error)) {
        // TypeScript 7's native process ended (killed at the memory ceiling, crashed): this
        // checker cannot answer again, so it ends and the next check starts a new one.
        reply({
          kind: 'failed',
          message:
            "TypeScript 7's native process ended during the check (it may have been stopped at the memory ceiling); the next check starts it again",
          ended: true,
        });
        process.exit(3);
      } else
        reply({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    } finally {
      current = 0;
      if (!preparing) prepare();
    }
  });
  port.postMessage({ ready: true, version, ...(fellBack ? { fellBack } : {}) });
  prepare();
}

if (isCheckWorker() && parentPort) {
  const port = parentPort;
  serve(port).catch((error: unknown) => {
    port.postMessage({
      ready: false,
      reason: `the TypeScript checker could not start: ${error instanceof Error ? error.message : String(error)}`,
    });
  });
}
