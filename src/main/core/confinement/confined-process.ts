// The one confinement for everything Sluice runs on the project's input: checkers
// now, test runners and linters next. bubblewrap as for run_command (commands/bubblewrap.ts),
// but with the project READ-ONLY: `/` read-only, /tmp a private tmpfs, HOME an empty private
// folder, /home /root /run SLUICE_HOME and the person's home hidden, the network unshared and
// the seccomp filter that refuses AF_UNIX sockets, a new PID namespace and session, every
// capability dropped, the environment from the allow-list (command-env.ts, nothing
// secret-looking), no descriptor but 0-2 (confined-wrapper.ts), its own process group, a
// memory ceiling (the watchdog on the sandbox's processes, sandbox/memory-watchdog.ts, and a
// cgroup where writable, else RLIMIT_DATA per process), a CPU-time limit (RLIMIT_CPU) and a
// process-count ceiling (cgroup). Killed on abort, kill() and the exit of Sluice.
// Where no sandbox is available nothing runs: the answer says "no sandbox on this machine".
// Contract: never throws for anything the program does; spawn failures are data.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SandboxAvailability } from '../sandbox/bubblewrap';
import { createCommandCgroup, type CommandCgroup } from '../sandbox/command-cgroup';
import { startMemoryWatchdog } from '../sandbox/memory-watchdog';
import { killPid, readSandboxPid } from '../sandbox/sandbox-first-process';
import { commandEnv, isSecretLookingName } from '../commands/command-env';
import { detectSandbox } from '../sandbox/sandbox-detect';
import { openUnixSocketFilter } from '../sandbox/unix-socket-filter';
import { isInsideRoot } from '../workspace/resolve-inside-root';
import { WRAPPER_FAILED_STATUS } from './confined-wrapper';
import { confinementUnavailable, sandboxInfoFd, spawnWrapper } from './confined-launch';
import { DEFAULT_CONFINED_LIMITS, type ConfinedLimits } from './confined-limits';

export { DEFAULT_CONFINED_LIMITS, type ConfinedLimits } from './confined-limits';

export interface ConfinedSpawnOptions {
  /** Realpath of the project root: bound READ-ONLY inside, at its own path. */
  readonly root: string;
  /** Absolute program path and its arguments (no shell). */
  readonly argv: readonly [string, ...string[]];
  /** Working folder inside the root (default: root). */
  readonly cwd?: string;
  /** Extra host paths shown read-only (a toolchain under a hidden folder, the bundled typescript). */
  readonly readOnly?: readonly string[];
  /** Sluice-made private folders bound read-write at the same path (a checker's cache, an overlay's temp folder). Never inside the root. */
  readonly writable?: readonly string[];
  /** Added to the allow-listed environment (never secrets: a secret-looking name is dropped; HOME/TMPDIR are set by the confinement). */
  readonly env?: Readonly<Record<string, string>>;
  /** Memory ceiling (cgroup v2 / v1 where writable, else RLIMIT_DATA), CPU seconds (RLIMIT_CPU), processes (cgroup). Absent: DEFAULT_CONFINED_LIMITS. */
  readonly limits?: ConfinedLimits;
  /** Aborting kills the whole sandbox. */
  readonly signal?: AbortSignal;
  /** Host folders hidden inside, besides SLUICE_HOME and the person's home (always hidden). */
  readonly hidden?: readonly string[];
  /** The sandbox to use (default detectSandbox()); tests pass an unavailable one. */
  readonly sandbox?: SandboxAvailability;
  /** Memory through RLIMIT_DATA and the watchdog even where a cgroup could hold it (tests of the fallback). */
  readonly rlimitMemory?: boolean;
  /** The environment the allow-list filters (default process.env). */
  readonly baseEnv?: NodeJS.ProcessEnv;
}

export interface ConfinedExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Ended by the memory ceiling / CPU limit / abort / kill(). */
  readonly reason: 'exited' | 'memory' | 'cpu' | 'aborted' | 'killed';
}

export interface ConfinedProcess {
  /** stdin, stdout, stderr are pipes; nothing else is inherited (only fds 0-2 inside). */
  readonly child: ChildProcessWithoutNullStreams;
  readonly exited: Promise<ConfinedExit>;
  /** Kills the whole sandbox (its process group / PID namespace). Idempotent. */
  kill(): void;
  /** What holds the memory ceiling beside the watchdog: 'cgroup', 'rlimit' or null (none asked for). */
  readonly memoryCeiling: 'cgroup' | 'rlimit' | null;
}

export type ConfinedSpawn = { ok: true; process: ConfinedProcess } | { ok: false; reason: string };

/** 128 + SIGXCPU: how bwrap reports a program the CPU limit ended. */
const CPU_EXIT = 128 + os.constants.signals.SIGXCPU;

/** Groups of every live confined process: killed when Sluice exits, whatever the caller did. */
const live = new Set<() => void>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const kill of live) kill();
  });
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group is gone already
  }
}

export function spawnConfined(options: ConfinedSpawnOptions): ConfinedSpawn {
  const sandbox = options.sandbox ?? detectSandbox();
  const refusal = confinementUnavailable(sandbox);
  if (refusal) return { ok: false, reason: refusal };
  const root = options.root;
  const cwd = options.cwd ?? root;
  if (!path.isAbsolute(options.argv[0]))
    return { ok: false, reason: `the program must be an absolute path, not ${options.argv[0]}` };
  if (!isInsideRoot(root, cwd))
    return { ok: false, reason: `the working folder ${cwd} is outside the project` };
  for (const dir of options.writable ?? [])
    if (isInsideRoot(root, dir) || isInsideRoot(dir, root))
      return {
        ok: false,
        reason: `${dir} cannot be writable inside the confinement: the project stays read-only`,
      };
  const limits = { ...DEFAULT_CONFINED_LIMITS, ...options.limits };
  const baseEnv = options.baseEnv ?? process.env;
  const env: Record<string, string> = commandEnv(baseEnv, 'linux');
  for (const [key, value] of Object.entries(options.env ?? {}))
    if (!isSecretLookingName(key) && !/sk-ant-/u.test(value)) env[key] = value;

  const home = mkdtempSync(path.join(os.tmpdir(), 'sluice-confined-home-'));
  env.XDG_CACHE_HOME ??= path.join(home, '.cache');
  const group: CommandCgroup | null = options.rlimitMemory
    ? createCommandCgroup(`sluice-${randomUUID()}`, { maxProcesses: limits.processes ?? 0 })
    : createCommandCgroup(`sluice-${randomUUID()}`, {
        maxProcesses: limits.processes ?? 0,
        maxMemoryBytes: limits.memoryBytes ?? 0,
      });
  const memoryBytes = limits.memoryBytes ?? 0;
  const memoryByCgroup = group?.memoryBytes !== null && group?.memoryBytes !== undefined;
  const memoryCeiling = memoryBytes > 0 ? (memoryByCgroup ? 'cgroup' : 'rlimit') : null;
  const seccomp = openUnixSocketFilter();
  const cleanup = (): void => {
    group?.dispose();
    rmSync(home, { recursive: true, force: true });
  };
  let child: ChildProcessWithoutNullStreams;
  try {
    child = spawnWrapper({
      root,
      cwd,
      home,
      hidden: options.hidden ?? [],
      baseEnv,
      env,
      seccompFd: seccomp ? seccomp.fd : null,
      readOnly: options.readOnly ?? [],
      writable: options.writable ?? [],
      procs: group?.procsFiles ?? [],
      cpuSeconds: limits.cpuSeconds ?? 0,
      memoryKiB: memoryCeiling === 'rlimit' ? Math.ceil(memoryBytes / 1024) : 0,
      sandboxDetail: sandbox.detail,
      argv: options.argv,
    });
  } catch (error) {
    cleanup();
    return {
      ok: false,
      reason: `the confined process could not start: ${error instanceof Error ? error.message : String(error)}`,
    };
  } finally {
    // The child holds its own copy of the program's descriptor; bwrap reads it at setup.
    if (seccomp) {
      closeSync(seccomp.fd);
      rmSync(seccomp.dir, { recursive: true, force: true });
    }
  }
  return {
    ok: true,
    process: watchConfined(child, {
      signal: options.signal,
      group,
      cleanup,
      memoryCeiling,
      memoryBytes,
      infoFd: sandboxInfoFd(Boolean(seccomp)),
    }),
  };
}

/**
 * The started program until it ends: killed with its group on abort, kill() and the exit of
 * Sluice; its end told with the reason (a ceiling, a stop, or its own exit).
 */
function watchConfined(
  child: ChildProcessWithoutNullStreams,
  watch: {
    signal: AbortSignal | undefined;
    group: CommandCgroup | null;
    cleanup: () => void;
    memoryCeiling: ConfinedProcess['memoryCeiling'];
    memoryBytes: number;
    /** The descriptor bwrap writes the sandbox's first process id to. */
    infoFd: number;
  },
): ConfinedProcess {
  const { signal: abortSignal, group, cleanup } = watch;
  const pid = child.pid;
  let stopped: 'aborted' | 'killed' | 'memory' | null = null;
  // The sandbox's first process leaves this process group (bwrap's --new-session) before it
  // binds its life to bwrap's: a stop in between would leave the sandbox running. Killed by its
  // id as well, that process takes every process of the sandbox's PID namespace with it. Only
  // while it may live: after a natural end bwrap has waited for it, and its id may be reused.
  let sandboxPid: number | null = null;
  let settledNaturally = false;
  const killAll = (): void => {
    if (pid !== undefined) killGroup(pid);
    if (sandboxPid !== null && (stopped !== null || !settledNaturally)) killPid(sandboxPid);
  };
  readSandboxPid(child, watch.infoFd, (found) => {
    sandboxPid = found;
    // Told after a stop (bwrap wrote it before it was killed): killed now.
    if (stopped !== null) killPid(found);
  });
  const stop = (why: 'aborted' | 'killed' | 'memory'): void => {
    stopped ??= why;
    killAll();
  };
  const watchdog =
    pid === undefined
      ? null
      : startMemoryWatchdog({
          pid,
          ceilingBytes: watch.memoryBytes,
          onCeiling: () => stop('memory'),
        });
  installExitHook();
  live.add(killAll);
  const onAbort = (): void => stop('aborted');
  if (abortSignal?.aborted) onAbort();
  else abortSignal?.addEventListener('abort', onAbort, { once: true });

  const exited = new Promise<ConfinedExit>((resolve) => {
    let settled = false;
    const finish = (code: number | null, signal: NodeJS.Signals | null): void => {
      if (settled) return;
      settled = true;
      settledNaturally = stopped === null;
      abortSignal?.removeEventListener('abort', onAbort);
      watchdog?.stop();
      // Whatever is left in the group goes with the program.
      killAll();
      live.delete(killAll);
      const memory = group?.oomKilled() ?? false;
      cleanup();
      const reason: ConfinedExit['reason'] =
        stopped ??
        (memory ? 'memory' : code === CPU_EXIT || signal === 'SIGXCPU' ? 'cpu' : 'exited');
      resolve({ code, signal, reason });
    };
    child.on('error', () => finish(WRAPPER_FAILED_STATUS, null));
    child.on('close', (code, signal) => finish(code, signal));
    // 'close' waits for the pipes; the sandbox's PID namespace ends with bwrap, so they close,
    // but a drain of 200 ms after the exit ends the wait whatever happens.
    child.on('exit', (code, signal) => {
      setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        finish(code, signal);
      }, 200).unref();
    });
  });
  // A program that does not read its input must not crash Sluice with EPIPE.
  child.stdin.on('error', () => undefined);

  return {
    child,
    exited,
    kill: () => stop('killed'),
    memoryCeiling: watch.memoryCeiling,
  };
}

export interface ConfinedRunOptions extends ConfinedSpawnOptions {
  /** After this long the sandbox is killed and the result says timedOut. */
  readonly deadlineMs: number;
  /** Each of stdout and stderr is kept up to this many bytes (default 8 MiB); the rest is dropped and the run killed. */
  readonly maxOutputBytes?: number;
  /** Written to the program's stdin, which is then closed (closed at once when absent). */
  readonly input?: string;
}

export type ConfinedRun =
  | {
      ok: true;
      stdout: string;
      stderr: string;
      exit: ConfinedExit;
      timedOut: boolean;
      /** The output passed maxOutputBytes: the run was killed and the output cut there. */
      truncated: boolean;
    }
  | { ok: false; reason: string };

export const DEFAULT_CONFINED_OUTPUT_BYTES = 8 * 1024 * 1024;

/** What an allocation failure says when the memory ceiling is an rlimit (no oom counter then). */
const OUT_OF_MEMORY =
  /out of memory|cannot allocate memory|bad_alloc|heap limit|allocation failed/iu;

/** One-shot form for short tools (go list/build/vet): collects output, enforces a deadline. */
export async function runConfined(options: ConfinedRunOptions): Promise<ConfinedRun> {
  const started = spawnConfined(options);
  if (!started.ok) return started;
  const { child, exited, kill } = started.process;
  const limit = options.maxOutputBytes ?? DEFAULT_CONFINED_OUTPUT_BYTES;
  let truncated = false;
  let timedOut = false;
  const collect = (stream: NodeJS.ReadableStream): (() => string) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      if (size >= limit) return;
      const kept = chunk.subarray(0, limit - size);
      chunks.push(kept);
      size += kept.length;
      if (kept.length < chunk.length) {
        truncated = true;
        kill();
      }
    });
    return () => Buffer.concat(chunks).toString('utf8');
  };
  const stdout = collect(child.stdout);
  const stderr = collect(child.stderr);
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, options.deadlineMs);
  if (options.input !== undefined) child.stdin.end(options.input);
  else child.stdin.end();
  const exit = await exited;
  clearTimeout(timer);
  const err = stderr();
  const memory =
    exit.reason === 'exited' &&
    started.process.memoryCeiling === 'rlimit' &&
    exit.code !== 0 &&
    OUT_OF_MEMORY.test(err);
  return {
    ok: true,
    stdout: stdout(),
    stderr: err,
    exit: memory ? { ...exit, reason: 'memory' } : exit,
    timedOut,
    truncated,
  };
}
