// Runs one command line and controls its whole process tree: its own process group (and,
// sandboxed, its own PID namespace with bwrap's --die-with-parent), a timeout that kills the
// group (SIGTERM, then SIGKILL after a grace period), abort through a signal, an output
// ceiling that kills a runaway printer, process-count and memory ceilings where cgroups
// allow, and a memory watchdog that holds the memory ceiling where they do not
// (sandbox/memory-watchdog.ts).
// Contract: run() never rejects for anything the command does; it reports how it ended.
import { killPid, readSandboxPid } from '../sandbox/sandbox-first-process';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  OutputCapture,
  type CapturedOutput,
  type OutputLimits,
  DEFAULT_OUTPUT_LIMITS,
} from './output-capture';
import { createCommandCgroup, JOIN_FAILED_STATUS, wrapInCgroups } from '../sandbox/command-cgroup';
import { childStdio } from '../process/child-descriptors';
import { startMemoryWatchdog, type MemoryCeilingReached } from '../sandbox/memory-watchdog';

export type CommandEnd =
  | { readonly kind: 'exited'; readonly code: number }
  | { readonly kind: 'signalled'; readonly signal: string }
  | { readonly kind: 'timed_out'; readonly afterMs: number }
  | { readonly kind: 'aborted' }
  | { readonly kind: 'output_limit'; readonly bytes: number }
  | { readonly kind: 'spawn_failed'; readonly message: string };

export interface ProcessSpec {
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd: string;
  /** Environment of the spawned program (bwrap builds the command's own with --setenv). */
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
  /** Output beyond this many bytes kills the tree. */
  readonly maxOutputBytes: number;
  readonly outputLimits?: OutputLimits;
  readonly logPath?: string | null;
  /** Process-count ceiling (cgroup pids.max) when one can be set. */
  readonly maxProcesses?: number;
  /** Memory ceiling in bytes: the watchdog on the run's processes, and a cgroup where one can be made. */
  readonly maxMemoryBytes?: number;
  /** false: the watchdog alone holds the memory ceiling, even where a cgroup could (tests). */
  readonly memoryCgroup?: boolean;
  /** Grace between SIGTERM and SIGKILL. */
  readonly killGraceMs?: number;
  /** Each chunk as it arrives (raw, ANSI kept). Must not throw. */
  readonly onChunk?: (chunk: Buffer) => void;
  /**
   * Windows: no process groups or signals; the tree is killed with `taskkill /T /F` and the
   * arguments are passed verbatim (cmd.exe's own quoting).
   */
  readonly windows?: boolean;
  /** Descriptors handed to the program as fd 3, 4, … (bwrap's --seccomp program). */
  readonly extraFds?: readonly number[];
  /**
   * Opens a Node IPC channel as the descriptor after extraFds and calls this with the first
   * handle sent over it (the sandbox's proxy bridge hands over its listening socket); the
   * channel is then closed, so nothing the command does can reach it.
   */
  readonly onHandle?: (handle: unknown) => void;
  /** Written to the program's stdin, which is then closed (absent: stdin is /dev/null). */
  readonly input?: string;
  /**
   * stderr kept apart: each chunk goes here instead of the capture (a hook answers on stdout
   * and gives its reason on stderr). The listener bounds it; it must not throw.
   */
  readonly onStderr?: (chunk: Buffer) => void;
  /**
   * bwrap's `--info-fd`: a pipe at this descriptor (the one after extraFds and the channel)
   * tells the sandbox's first process, which a stop kills too (sandbox-first-process.ts).
   */
  readonly sandboxInfoFd?: number;
}

export interface ProcessResult {
  readonly end: CommandEnd;
  readonly durationMs: number;
  readonly output: CapturedOutput;
  /** Whether a process-count ceiling was in force. */
  readonly processLimit: boolean;
  /** The memory ceiling in force (bytes), or null. */
  readonly memoryLimitBytes: number | null;
  /** The memory ceiling was reached: the kernel ended a process, or the watchdog the run. */
  readonly memoryExceeded: boolean;
  /** What the watchdog measured when it stopped the run at the memory ceiling. */
  readonly memoryStop?: MemoryCeilingReached;
}

export const MAX_TIMEOUT_MS = 30 * 60 * 1000;
export const DEFAULT_TIMEOUT_MS = 120 * 1000;

/**
 * The sandbox's first process, read from bwrap's `--info-fd` when the spec has one: kill() ends
 * it; told after a stop, it is killed at once.
 */
function sandboxFirstProcess(
  child: ChildProcess,
  spec: ProcessSpec,
  stopped: () => boolean,
): { kill(): void } {
  let found: number | null = null;
  if (spec.sandboxInfoFd !== undefined) {
    const slot = 3 + (spec.extraFds?.length ?? 0) + (spec.onHandle ? 1 : 0);
    if (spec.sandboxInfoFd !== slot)
      throw new Error(`sandboxInfoFd ${spec.sandboxInfoFd} is not the next descriptor (${slot})`);
    readSandboxPid(child, slot, (pid) => {
      found = pid;
      if (stopped()) killPid(pid);
    });
  }
  return { kill: () => void (found !== null && killPid(found)) };
}

function killGroup(pid: number, signal: NodeJS.Signals, windows = false): void {
  if (windows) {
    // taskkill has no graceful tree kill that console programs honour; /F is the only kind.
    spawn('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore' }).on(
      'error',
      () => undefined,
    );
    return;
  }
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}

/**
 * A run's time limit and its signal both stop it (`stop` once, whichever comes first); the
 * returned function disarms both when the run has ended.
 */
export function stopAtTimeoutOrAbort(
  stop: (why: CommandEnd) => void,
  timeoutMs: number,
  signal: AbortSignal,
): () => void {
  const timer = setTimeout(() => stop({ kind: 'timed_out', afterMs: timeoutMs }), timeoutMs);
  const onAbort = (): void => stop({ kind: 'aborted' });
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  return () => {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  };
}

/**
 * What a run does with each chunk of its output: captured, shown to the listener (whose
 * failure must not stop the capture), and past `maxOutputBytes` (none: no ceiling) the run stops.
 */
export function captureChunks(
  capture: OutputCapture,
  stop: (why: CommandEnd) => void,
  onChunk: ((chunk: Buffer) => void) | undefined,
  maxOutputBytes: number | undefined,
): (chunk: Buffer) => void {
  return (chunk) => {
    capture.push(chunk);
    try {
      onChunk?.(chunk);
    } catch {
      // A listener's failure must not stop the command's capture.
    }
    if (capture.totalBytes > (maxOutputBytes ?? Infinity))
      stop({ kind: 'output_limit', bytes: maxOutputBytes ?? 0 });
  };
}

/**
 * The memory watchdog on the run's processes (null where none runs: no ceiling, Windows, no
 * /proc); at the ceiling it kills the group at once, without the SIGTERM grace, since a program
 * that ignored SIGTERM would go on allocating.
 */
function watchRunMemory(
  pid: number | undefined,
  spec: ProcessSpec,
): { stop: () => void; reached: () => MemoryCeilingReached | null } | null {
  if (pid === undefined || spec.windows) return null;
  let reached: MemoryCeilingReached | null = null;
  const watchdog = startMemoryWatchdog({
    pid,
    ceilingBytes: spec.maxMemoryBytes ?? 0,
    onCeiling: (why) => {
      reached = why;
      killGroup(pid, 'SIGKILL');
    },
  });
  return watchdog && { stop: () => watchdog.stop(), reached: () => reached };
}

export function runProcess(spec: ProcessSpec): Promise<ProcessResult> {
  const started = performance.now();
  const capture = new OutputCapture(
    spec.outputLimits ?? DEFAULT_OUTPUT_LIMITS,
    spec.logPath ?? null,
  );
  const limit =
    spec.maxProcesses || spec.maxMemoryBytes
      ? createCommandCgroup(`sluice-${randomUUID()}`, {
          maxProcesses: spec.maxProcesses ?? 0,
          maxMemoryBytes: spec.memoryCgroup === false ? 0 : (spec.maxMemoryBytes ?? 0),
        })
      : null;
  return new Promise<ProcessResult>((resolve) => {
    let end: CommandEnd | null = null;
    let settled = false;
    const program = limit
      ? wrapInCgroups(limit, spec.file, spec.args)
      : { file: spec.file, args: [...spec.args] };
    const child = spawn(program.file, program.args, {
      cwd: spec.cwd,
      env: { ...spec.env },
      // Extra descriptors follow the three pipes; typed as the three so stdout/stderr stay pipes.
      // Anything this process inherited from its launcher is covered (child-descriptors.ts).
      stdio: childStdio([
        spec.input !== undefined ? 'pipe' : 'ignore',
        'pipe',
        'pipe',
        ...(spec.extraFds ?? []),
        ...(spec.onHandle ? ['ipc' as const] : []),
        ...(spec.sandboxInfoFd !== undefined ? ['pipe' as const] : []),
      ]) as unknown as ['ignore', 'pipe', 'pipe'],
      detached: !spec.windows,
      windowsHide: true,
      windowsVerbatimArguments: spec.windows === true,
    });
    const pid = child.pid;
    if (spec.onHandle) {
      const onHandle = spec.onHandle;
      child.once('message', (_message: unknown, handle: unknown) => {
        if (handle) onHandle(handle);
        if (child.connected) child.disconnect();
      });
      // Whatever the channel does (closed early, a bad message), the run goes on without it.
      child.on('error', () => undefined);
    }
    let killTimer: NodeJS.Timeout | undefined;
    const sandbox = sandboxFirstProcess(child, spec, () => end !== null);
    const stop = (why: CommandEnd): void => {
      if (end) return;
      end = why;
      if (pid === undefined) return;
      killGroup(pid, 'SIGTERM', spec.windows);
      killTimer = setTimeout(() => {
        killGroup(pid, 'SIGKILL', spec.windows);
        sandbox.kill();
      }, spec.killGraceMs ?? 2000);
    };
    const memory = watchRunMemory(pid, spec);
    const disarm = stopAtTimeoutOrAbort(stop, spec.timeoutMs, spec.signal);
    const onData = captureChunks(capture, stop, spec.onChunk, spec.maxOutputBytes);
    child.stdout.on('data', onData);
    child.stderr.on('data', spec.onStderr ?? onData);
    // Typed as the three of a command without input; with `input` stdin is a pipe.
    const stdin = (child as ChildProcess).stdin;
    if (spec.input !== undefined && stdin) {
      // A program that does not read its input must not crash Sluice with EPIPE.
      stdin.on('error', () => undefined);
      stdin.end(spec.input);
    }
    const finish = (natural: CommandEnd): void => {
      if (settled) return;
      settled = true;
      disarm();
      memory?.stop();
      // Whatever is left in the group (unsandboxed daemons) goes with the command; after a
      // stop, the sandbox's first process too (a natural end: bwrap has waited for it).
      if (pid !== undefined && !spec.windows) killGroup(pid, 'SIGKILL');
      if (end) sandbox.kill();
      if (killTimer) clearTimeout(killTimer);
      const memoryStop = memory?.reached() ?? null;
      const memoryExceeded = memoryStop !== null || (limit?.oomKilled() ?? false);
      limit?.dispose();
      resolve({
        end: end ?? natural,
        durationMs: performance.now() - started,
        output: capture.finish(),
        processLimit: limit?.processes ?? false,
        memoryLimitBytes: memory ? (spec.maxMemoryBytes ?? null) : (limit?.memoryBytes ?? null),
        memoryExceeded,
        ...(memoryStop ? { memoryStop } : {}),
      });
    };
    child.on('error', (error) => finish({ kind: 'spawn_failed', message: error.message }));
    // 'close' waits for the pipes: a daemon holding them open keeps it from firing, so the
    // exit of the direct child also ends the run after a short drain.
    const naturalEnd = (code: number | null, signal: NodeJS.Signals | null): CommandEnd => {
      if (limit && code === JOIN_FAILED_STATUS && capture.totalBytes === 0)
        return {
          kind: 'spawn_failed',
          message: 'could not join the command cgroup (process and memory ceilings); nothing ran',
        };
      return code !== null
        ? { kind: 'exited', code }
        : { kind: 'signalled', signal: signal ?? 'unknown' };
    };
    child.on('close', (code, signal) => finish(naturalEnd(code, signal)));
    child.on('exit', (code, signal) => {
      const natural = naturalEnd(code, signal);
      setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        finish(natural);
      }, 200).unref();
    });
  });
}
