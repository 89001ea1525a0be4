// Sluice's side of the TypeScript check process: starts it (through the confinement), waits
// for its hello, sends newline-delimited JSON requests and matches the answers by id. A kill
// at the memory ceiling, a crash or a hello that says the compiler cannot be used becomes a
// `died` answer with the reason in words; the caller starts a new process on the next check.
import { createInterface } from 'node:readline';
import type { ChangedFilesOutcome } from '../language-checker';
import type { CheckProcessHello, RunnableCompiler } from './typescript-check-process';
import type { TsWorkerRequest, TsWorkerResponse } from './typescript-check-worker';
import { stoppedAtMemoryCeiling } from '../../../../shared/memory-ceiling-words';

export interface CheckerExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly reason: 'exited' | 'memory' | 'cpu' | 'aborted' | 'killed';
}

/** The confinement's process, as far as the checker needs it (ConfinedProcess has this shape). */
export interface CheckerChild {
  readonly child: import('node:child_process').ChildProcessWithoutNullStreams;
  readonly exited: Promise<CheckerExit>;
  kill(): void;
}

export type CheckAnswer =
  | (Exclude<TsWorkerResponse, { kind: 'changed_files' }> & { readonly rssBytes?: number })
  | { readonly kind: 'died'; readonly message: string };

export type CheckRequest =
  | Omit<Extract<TsWorkerRequest, { kind: 'check' }>, 'id'>
  | { readonly kind: 'project' }
  | { readonly kind: 'memory' }
  | Omit<Extract<TsWorkerRequest, { kind: 'disk' }>, 'id'>;

export interface CheckClient {
  readonly compiler: RunnableCompiler;
  /** `onChangedFiles`: a check's changed files answered before the rest (see the worker). */
  ask(
    request: CheckRequest,
    signal: AbortSignal,
    onChangedFiles?: (outcome: ChangedFilesOutcome) => void,
  ): Promise<CheckAnswer>;
  /** Last resident memory the process reported. */
  rssBytes(): number | null;
  readonly exited: Promise<CheckerExit>;
  kill(): void;
}

const STDERR_KEEP = 2048;

function lastLine(text: string): string {
  const line = text.trim().split('\n').pop() ?? '';
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

/** Why the process ended, for "not checked: …". */
export function exitWords(exit: CheckerExit, memoryMb: number, stderr: string): string {
  switch (exit.reason) {
    case 'memory':
      return `the TypeScript checker ${stoppedAtMemoryCeiling(memoryMb * 1024 * 1024)}`;
    case 'cpu':
      return 'the TypeScript checker was stopped at its CPU-time limit';
    case 'aborted':
    case 'killed':
      return 'the TypeScript checker was stopped';
    case 'exited': {
      const why = lastLine(stderr);
      const how = exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`;
      return `the TypeScript checker stopped (${how})${why ? `: ${why}` : '; it may have run out of its heap'}`;
    }
  }
}

/** Waits for the hello; the client, or why there is none ("…" for "not checked: …"). */
export function connectCheckClient(
  process: CheckerChild,
  memoryMb: number,
  readyTimeoutMs: number,
): Promise<CheckClient | string> {
  const { child } = process;
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEEP);
  });
  child.stdin.on('error', () => undefined);
  const pending = new Map<number, (answer: CheckAnswer) => void>();
  const early = new Map<number, (outcome: ChangedFilesOutcome) => void>();
  let rss: number | null = null;
  let nextId = 1;
  let ended: string | null = null;
  const lines = createInterface({ input: child.stdout });
  // An idle checker does not keep Sluice (a CLI verb, a test) running; a pending answer does,
  // and so does a checker being stopped, until it has gone: an answer read after kill() must
  // not let go of it, or whoever awaits `exited` is left with a promise that never settles
  // (Node ends with nothing left to run: exit 13, "unsettled top-level await").
  let stopping = false;
  const hold = (on: boolean): void => {
    if (!on && stopping) return;
    for (const handle of [child, child.stdin, child.stdout, child.stderr] as {
      ref?: () => void;
      unref?: () => void;
    }[])
      if (on) handle.ref?.();
      else handle.unref?.();
  };

  return new Promise((resolve) => {
    let hello = false;
    const timer = setTimeout(() => {
      process.kill();
      resolve(`the TypeScript checker did not start within ${readyTimeoutMs / 1000} s`);
    }, readyTimeoutMs);
    void process.exited.then((exit) => {
      ended = exitWords(exit, memoryMb, stderr);
      clearTimeout(timer);
      if (!hello) resolve(ended);
      for (const answer of pending.values()) answer({ kind: 'died', message: ended });
      pending.clear();
      early.clear();
    });
    lines.on('line', (line) => {
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return;
      }
      if (!hello) {
        hello = true;
        clearTimeout(timer);
        const said = message as unknown as CheckProcessHello;
        if (!said.ready) {
          process.kill();
          resolve(said.reason);
          return;
        }
        hold(false);
        resolve(client(said.compiler));
        return;
      }
      if (typeof message.rssBytes === 'number') rss = message.rssBytes;
      if (message.kind === 'changed_files') {
        early.get(message.id as number)?.(message.outcome as ChangedFilesOutcome);
        return;
      }
      const answer = pending.get(message.id as number);
      if (!answer) return;
      pending.delete(message.id as number);
      early.delete(message.id as number);
      if (!pending.size) hold(false);
      answer(message as unknown as CheckAnswer);
    });
  });

  function client(compiler: RunnableCompiler): CheckClient {
    return {
      compiler,
      exited: process.exited,
      rssBytes: () => rss,
      kill: () => {
        // Held until it has gone, so a caller awaiting `exited` keeps Node running.
        hold(true);
        stopping = true;
        process.kill();
      },
      ask(request, signal, onChangedFiles) {
        if (ended) return Promise.resolve({ kind: 'died', message: ended });
        const id = nextId++;
        if (onChangedFiles) early.set(id, onChangedFiles);
        return new Promise<CheckAnswer>((resolve) => {
          const onAbort = (): void => {
            child.stdin.write(`${JSON.stringify({ cancel: id })}\n`);
          };
          pending.set(id, (answer) => {
            signal.removeEventListener('abort', onAbort);
            resolve(answer);
          });
          if (signal.aborted) onAbort();
          else signal.addEventListener('abort', onAbort, { once: true });
          if (request.kind !== 'memory') hold(true);
          child.stdin.write(`${JSON.stringify({ id, ...request })}\n`);
        });
      },
    };
  }
}
