// The TypeScript checker's own process, started confined by typescript-language.ts:
// Node running this module, talking newline-delimited JSON over stdin/stdout. Its main
// thread only relays: requests go to one worker thread (typescript-check-worker.ts, heap
// capped by resourceLimits), a `{cancel: id}` line flags the request in shared memory so the
// busy worker sees it at TypeScript's next cancellation check, and answers go back out with
// the process's resident memory. The compiler is the project's own `node_modules/typescript`
// when it has one (loaded only here, inside the confinement), else Sluice's.
// Nothing else is written to stdout: the worker's own stdout and stderr are dropped, so a
// project's compiler or plugin cannot forge an answer. stdin closing (Sluice gone) ends it.
// On a main thread without the marker below, importing this module does nothing.
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';
import { workerEntryFor } from '../../index/worker-entry';
import { chooseCompiler, type CompilerChoice } from './compiler-choice';
import { nativeChildren, nativeRssBytes } from './native-children';
import {
  CANCEL_SLOTS,
  TS_CHECK_WORKER_MARKER,
  type TsWorkerData,
  type TsWorkerRequest,
} from './typescript-check-worker';

export type RunnableCompiler = Exclude<CompilerChoice, { kind: 'unsupported' }>;

export const TS_CHECK_PROCESS_MARKER = 'sluice-typescript-check-process';

export interface CheckProcessConfig {
  /** Realpath of the project. */
  readonly root: string;
  /** Sluice's own typescript package folder, used when the project has none. */
  readonly bundledTypescript: string;
  /** Sluice's own TypeScript 7 package folder, preferred when the project has none. */
  readonly bundledNativeTypescript?: string;
  readonly heapMb: number;
}

/** First line on stdout: which compiler answers, or why none can. */
export type CheckProcessHello =
  | { readonly ready: true; readonly compiler: RunnableCompiler }
  | { readonly ready: false; readonly reason: string; readonly compiler?: CompilerChoice };

export type CheckProcessLine =
  (TsWorkerRequest & { readonly cancel?: undefined }) | { readonly cancel: number };

function send(message: unknown): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

function configFromArgv(argv: readonly string[]): CheckProcessConfig | null {
  const at = argv.indexOf(TS_CHECK_PROCESS_MARKER);
  if (at < 0) return null;
  try {
    return JSON.parse(argv[at + 1] ?? '') as CheckProcessConfig;
  } catch {
    return null;
  }
}

function run(config: CheckProcessConfig): void {
  const compiler = chooseCompiler(
    config.root,
    config.bundledTypescript,
    config.bundledNativeTypescript,
  );
  if (compiler.kind === 'unsupported') {
    send({ ready: false, reason: compiler.reason, compiler });
    process.exit(0);
  }
  const cancel = new SharedArrayBuffer(CANCEL_SLOTS * 4);
  const flags = new Int32Array(cancel);
  const data: TsWorkerData = {
    marker: TS_CHECK_WORKER_MARKER,
    root: config.root,
    cancel,
    compiler: compiler.kind,
    typescriptPath: compiler.modulePath,
    readableDirs: compiler.readableDirs,
    ...(compiler.kind === 'native' && compiler.fallback
      ? {
          fallback: {
            typescriptPath: compiler.fallback.modulePath,
            readableDirs: compiler.fallback.readableDirs,
          },
        }
      : {}),
    ...(compiler.kind === 'native' && compiler.inferred ? { inferred: true } : {}),
  };
  const entry = workerEntryFor(import.meta.url, 'typescript-check-worker');
  const options = {
    workerData: data,
    stdout: true,
    stderr: true,
    resourceLimits: { maxOldGenerationSizeMb: config.heapMb },
  };
  const worker =
    'evalCode' in entry
      ? new Worker(entry.evalCode, { ...options, eval: true })
      : new Worker(entry.url, options);
  // Read and dropped: a project's code must not reach our stdout, and a full pipe must not stall it.
  worker.stdout.resume();
  worker.stderr.resume();
  worker.on('error', (error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  });
  worker.on('exit', (code) => process.exit(code === 0 ? 1 : code));
  worker.on(
    'message',
    (message: { ready?: boolean; version?: string; reason?: string; fellBack?: string }) => {
      if (message.ready === false) {
        send({ ready: false, reason: message.reason ?? 'the TypeScript checker could not start' });
        process.exit(0);
      }
      if (message.ready) {
        // Sluice's own TypeScript 7 could not take the configuration: its 6.x answers.
        const answering =
          message.fellBack && compiler.kind === 'native' && compiler.fallback
            ? compiler.fallback
            : compiler;
        send({
          ready: true,
          compiler: { ...answering, version: message.version ?? answering.version },
        });
        if (answering.kind === 'native') watchNativeProcess();
        return;
      }
      // The checker's memory is this process's and TypeScript 7's native process's together.
      send({ ...message, rssBytes: process.memoryUsage().rss + nativeRssBytes() });
    },
  );
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    let request: CheckProcessLine;
    try {
      request = JSON.parse(line) as CheckProcessLine;
    } catch {
      return;
    }
    if (typeof request.cancel === 'number')
      Atomics.store(flags, request.cancel % CANCEL_SLOTS, request.cancel);
    else worker.postMessage(request);
  });
  lines.on('close', () => process.exit(0));
}

/**
 * TypeScript 7's native process, started by the worker's API, can be killed alone (the memory
 * ceiling's OOM killer takes the biggest process of the group): the worker would then wait on
 * it for ever. When it is gone this process ends, so the client says why (the confinement sees
 * the memory ceiling) and the next check starts a new checker.
 */
function watchNativeProcess(): void {
  const seen = new Set<number>();
  const timer = setInterval(() => {
    const now = nativeChildren();
    if (now === null) {
      clearInterval(timer);
      return;
    }
    for (const pid of seen) if (!now.has(pid)) process.exit(3);
    for (const pid of now) seen.add(pid);
  }, NATIVE_WATCH_MS);
  timer.unref();
}

const NATIVE_WATCH_MS = 500;

const config = configFromArgv(process.argv);
if (config) run(config);
