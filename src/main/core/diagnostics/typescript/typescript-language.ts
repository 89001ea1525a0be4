// The TypeScript / JavaScript checker as the service sees it: one warm checker process per
// project (typescript-check-process.ts), started confined (the one confinement: project
// read-only, no network, allow-listed environment, memory ceiling) as soon as the service is
// warmed or on first use, and kept across proposals; it prepares the disk side in the
// background. A process that ends (killed at its memory ceiling, at the hard ceiling of one
// check, or a crash) turns the check into `not_checked` with the reason, and the next check
// starts a fresh one. Where no sandbox exists the project's code is not run:
// "not checked: no sandbox on this machine (…)".
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { spawnConfined } from '../../confinement/confined-process';
import { DEFAULT_CONFINED_LIMITS } from '../../confinement/confined-limits';
import { workerEntryFor } from '../../index/worker-entry';
import type { SymbolIndexPort } from '../../index/symbol-index-port';
import type { ProposedFileChange } from '../diagnostics-port';
import type {
  ChangedFilesOutcome,
  LanguageChecker,
  LanguageOutcome,
  ProjectOutcome,
} from '../language-checker';
import {
  connectCheckClient,
  type CheckAnswer,
  type CheckClient,
  type CheckRequest,
  type CheckerChild,
} from './check-client';
import { TS_CHECK_PROCESS_MARKER, type CheckProcessConfig } from './typescript-check-process';
import { compilerLabel } from './compiler-choice';
import type { TsCheckerStats } from './checker-contract';
import { TS_SOURCE_EXTENSIONS } from './project-configs';

/** Default cap of the checker's V8 heap; below the confinement's memory ceiling. */
export const DEFAULT_TS_HEAP_MB = 3072;
/** What the process may use beyond its heap (Node itself, the main thread, native memory). */
const HEADROOM_MB = 768;
const READY_TIMEOUT_MS = 30_000;
/** One check that has not answered after this long kills the process (Settings' hard ceiling). */
export const DEFAULT_TS_CEILING_MS = 60_000;

export interface CheckerSpawnSpec {
  readonly root: string;
  readonly argv: readonly [string, ...string[]];
  readonly readOnly: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly memoryBytes: number;
}

/** Starts the checker process; the default is the confinement (spawnConfined). */
export type SpawnChecker = (
  spec: CheckerSpawnSpec,
) => { ok: true; process: CheckerChild } | { ok: false; reason: string };

export const confinedCheckerSpawn: SpawnChecker = (spec) =>
  spawnConfined({
    root: spec.root,
    argv: spec.argv,
    readOnly: spec.readOnly,
    env: spec.env,
    // A warm checker lives for the whole session: CPU time adds up across checks, so the
    // per-check hard ceiling (below) bounds it instead of RLIMIT_CPU.
    limits: { ...DEFAULT_CONFINED_LIMITS, memoryBytes: spec.memoryBytes, cpuSeconds: 0 },
  });

export interface TypeScriptLanguageOptions {
  readonly root: string;
  readonly symbolIndex?: SymbolIndexPort;
  /** The checker's V8 heap cap; default min(3072, memory ceiling − headroom). */
  readonly maxHeapMb?: number;
  /** The confinement's memory ceiling for the whole process; default Settings' 2048 MB. */
  readonly memoryMb?: number;
  /** A check not answered after this long kills the process; default 60 s. */
  readonly ceilingMs?: number;
  readonly spawn?: SpawnChecker;
}

/** How the checker process is started for the way this module is being run. */
export function checkerProgram(moduleUrl: string = import.meta.url): {
  argvHead: string[];
  readOnly: string[];
  bundledTypescript: string;
  bundledNativeTypescript?: string;
  env: Record<string, string>;
} {
  const require = createRequire(moduleUrl);
  const bundledTypescript = path.dirname(require.resolve('typescript/package.json'));
  const bundledNativeTypescript = nativePackage(require);
  const sluiceModules = path.dirname(bundledTypescript);
  const here = path.dirname(fileURLToPath(moduleUrl));
  const env: Record<string, string> = process.versions.electron
    ? { ELECTRON_RUN_AS_NODE: '1' }
    : {};
  const entry = workerEntryFor(moduleUrl, 'typescript-check-process');
  if ('evalCode' in entry)
    return {
      argvHead: [process.execPath, '-e', entry.evalCode],
      readOnly: [
        path.dirname(process.execPath),
        // The repository root, five folders up from src/main/core/diagnostics/typescript/.
        path.resolve(here, '..', '..', '..', '..', '..'),
        sluiceModules,
      ],
      bundledTypescript,
      ...(bundledNativeTypescript ? { bundledNativeTypescript } : {}),
      env,
    };
  const file = fileURLToPath(new URL('./typescript-check-process.js', moduleUrl));
  return {
    argvHead: [process.execPath, existsSync(file) ? file : fileURLToPath(entry.url)],
    // Node (or Electron) itself, the bundle and its dependencies, even under a hidden home.
    readOnly: [path.dirname(process.execPath), here, sluiceModules],
    bundledTypescript,
    ...(bundledNativeTypescript ? { bundledNativeTypescript } : {}),
    env,
  };
}

/** Sluice's own TypeScript 7 (the `typescript-7` package), when it is installed. */
function nativePackage(require: NodeJS.Require): string | undefined {
  try {
    return path.dirname(require.resolve('typescript-7/package.json'));
  } catch {
    return undefined;
  }
}

export interface TypeScriptLanguage extends LanguageChecker {
  /** Counters of the running checker (programs built, files prepared); null when none runs. */
  stats(): TsCheckerStats | null;
  /** "TypeScript 6.0.3, the project's" once the checker has started. */
  compiler(): string | null;
}

export function createTypeScriptLanguage(options: TypeScriptLanguageOptions): TypeScriptLanguage {
  const memoryMb = options.memoryMb ?? DEFAULT_CONFINED_LIMITS.memoryBytes / 1024 / 1024;
  const heapMb = options.maxHeapMb ?? Math.min(DEFAULT_TS_HEAP_MB, memoryMb - HEADROOM_MB);
  const ceilingMs = options.ceilingMs ?? DEFAULT_TS_CEILING_MS;
  const spawn = options.spawn ?? confinedCheckerSpawn;
  const proc: CheckerProcess = { running: undefined, current: null, lastStats: null, label: null };

  const start = async (): Promise<CheckClient | string> => {
    const spawned = spawn(checkerSpawnSpec(options.root, memoryMb, heapMb));
    if (!spawned.ok) return spawned.reason;
    const client = await connectCheckClient(spawned.process, memoryMb, READY_TIMEOUT_MS);
    if (typeof client === 'string') return client;
    proc.label = compilerLabel(client.compiler);
    proc.current = client;
    void client.exited.then(() => {
      if (proc.current !== client) return;
      proc.current = null;
      proc.running = undefined;
      proc.lastStats = null;
    });
    return client;
  };
  const ask = (
    request: CheckRequest,
    signal: AbortSignal,
    callCeilingMs = 0,
    onChangedFiles?: (outcome: ChangedFilesOutcome) => void,
  ): Promise<CheckAnswer> =>
    // The caller's ceiling (never shorter than its deadline) wins when longer: a check given
    // 30 minutes is not killed at the Settings' 60 s.
    askChecker(proc, start, Math.max(ceilingMs, callCeilingMs), {
      request,
      signal,
      onChangedFiles,
    });

  /** The compiler is named in every answer: which TypeScript's errors these are. */
  const named = <T extends LanguageOutcome | ProjectOutcome | ChangedFilesOutcome>(
    outcome: T,
  ): T => (proc.label ? { ...outcome, checker: proc.label } : outcome);

  return {
    language: 'typescript',
    owns: (file) => TS_SOURCE_EXTENSIONS.some((ext) => file.endsWith(ext)),
    warm() {
      // Only where TypeScript is certain to be asked; any other project starts it on first use.
      if (
        ['tsconfig.json', 'jsconfig.json'].some((name) => existsSync(path.join(options.root, name)))
      )
        proc.running ??= start();
    },
    async check(changes, signal, callCeilingMs, onChangedFiles): Promise<LanguageOutcome> {
      const answer = await ask(
        {
          kind: 'check',
          changes: changes.map((c) => ({ path: c.path, after: c.after })),
          extraImporters: importersOf(options.symbolIndex, changes),
        },
        signal,
        callCeilingMs,
        onChangedFiles && ((outcome) => onChangedFiles(named(outcome))),
      );
      return answer.kind === 'check' ? named(answer.outcome) : notChecked(answer);
    },
    async project(signal, callCeilingMs): Promise<ProjectOutcome | null> {
      const answer = await ask({ kind: 'project' }, signal, callCeilingMs);
      if (answer.kind !== 'project') return notChecked(answer);
      return answer.outcome ? named(answer.outcome) : null;
    },
    diskChanged(paths) {
      // Only a running checker has a disk side; one started later reads the disk as it is.
      const relevant = paths.filter(isCheckerInput);
      if (!proc.current || !relevant.length) return;
      void proc.current.ask({ kind: 'disk', paths: relevant }, new AbortController().signal);
    },
    memoryBytes() {
      const { current } = proc;
      if (!current) return null;
      // Refreshed (with the counters) for the next call; this one answers with the last report.
      void current.ask({ kind: 'memory' }, new AbortController().signal).then((answer) => {
        if ('stats' in answer) proc.lastStats = answer.stats;
      });
      return current.rssBytes();
    },
    stats: () => proc.lastStats,
    compiler: () => proc.label,
    async dispose() {
      const client = await proc.running;
      proc.running = undefined;
      proc.current = null;
      if (client && typeof client !== 'string') {
        client.kill();
        await client.exited;
      }
    },
  };
}

/** The checker process: starting or running (or none), and what it last reported. */
interface CheckerProcess {
  running: Promise<CheckClient | string> | undefined;
  current: CheckClient | null;
  lastStats: TsCheckerStats | null;
  /** "TypeScript 6.0.3, the project's" once it has started. */
  label: string | null;
}

/**
 * One request to the checker, started when none runs; killed when it has not answered after
 * `ceilingMs`. A checker that says it is ending is not asked again.
 */
async function askChecker(
  proc: CheckerProcess,
  start: () => Promise<CheckClient | string>,
  ceilingMs: number,
  asked: {
    request: CheckRequest;
    signal: AbortSignal;
    onChangedFiles: ((outcome: ChangedFilesOutcome) => void) | undefined;
    restarted?: true;
  },
): Promise<CheckAnswer> {
  proc.running ??= start();
  const client = await proc.running;
  if (typeof client === 'string') {
    proc.running = undefined;
    return { kind: 'died', message: client };
  }
  const ceiling = setTimeout(() => client.kill(), ceilingMs);
  const answer = await client
    .ask(asked.request, asked.signal, asked.onChangedFiles)
    .finally(() => clearTimeout(ceiling));
  if ('stats' in answer) proc.lastStats = answer.stats;
  if (answer.kind === 'failed' && answer.ended) {
    // That checker is ending: the next check starts a new one instead of asking it.
    if (proc.current === client) {
      proc.current = null;
      proc.running = undefined;
    }
    client.kill();
    // Its compiler was chosen for loose files and the project has a config now: asked again,
    // once, of a checker that chooses for the project as it is.
    if (answer.restart && !asked.restarted && !asked.signal.aborted)
      return askChecker(proc, start, ceilingMs, { ...asked, restarted: true });
  }
  return answer;
}

/** How the checker process is started: its program, configuration, memory and environment. */
function checkerSpawnSpec(root: string, memoryMb: number, heapMb: number): CheckerSpawnSpec {
  const program = checkerProgram();
  const config: CheckProcessConfig = {
    root,
    bundledTypescript: program.bundledTypescript,
    ...(program.bundledNativeTypescript
      ? { bundledNativeTypescript: program.bundledNativeTypescript }
      : {}),
    heapMb,
  };
  return {
    root,
    argv: [
      ...(program.argvHead as [string, ...string[]]),
      TS_CHECK_PROCESS_MARKER,
      JSON.stringify(config),
    ],
    readOnly: program.readOnly,
    // TypeScript 7's native process is a Go program: its soft memory limit makes it collect
    // before the confinement's ceiling would stop the whole checker (Node's side is capped
    // by its heap limit; this leaves it the rest).
    env: {
      ...program.env,
      GOMEMLIMIT: `${Math.max(256, Math.floor(memoryMb - heapMb / 2 - 256))}MiB`,
    },
    memoryBytes: memoryMb * 1024 * 1024,
  };
}

/** Why an answer that is not the one asked for leaves the language not checked. */
function notChecked(answer: CheckAnswer): {
  state: 'not_checked';
  reason: string;
  filesChecked: 0;
} {
  return {
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
  };
}

/** The importers the symbol index knows of each changed file (none without an index). */
function importersOf(
  symbolIndex: SymbolIndexPort | undefined,
  changes: readonly ProposedFileChange[],
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!symbolIndex) return out;
  for (const change of changes) {
    try {
      out[change.path] = symbolIndex.findImporters(change.path).map((i) => i.path);
    } catch {
      // The program's own import graph still answers; the index only adds to it.
    }
  }
  return out;
}

/** A file whose change the running checker's disk side must hear of: a source or a config. */
function isCheckerInput(file: string): boolean {
  return (
    TS_SOURCE_EXTENSIONS.some((ext) => file.endsWith(ext)) ||
    /(^|\/)((ts|js)config[^/]*\.json|package\.json)$/.test(file)
  );
}
