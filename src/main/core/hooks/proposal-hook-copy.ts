// Proposal hooks in a private copy of the project: the project is the lower layer of an
// overlay, a fresh folder the upper one, and the proposed texts are written into that upper
// layer before any hook starts, so each hook sees the project as it would be with the change
// (the test runs' copy, test-runs/test-copy-run.ts). The hooks run in order in the same copy,
// each through runCommand: bubblewrap, network off, the environment allow-list, process and
// memory ceilings, killed at its own timeout. A hook's stdin is a file and its stderr another,
// in a folder of the copy's own outside the project (bound into the sandbox), so the project's
// tree shows nothing of Sluice's. The copy is removed afterwards; the project is never written.
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { HookDefinition } from '../../../shared/hooks';
import { runCommand, type CommandRun } from '../commands/command-runner';
import type { SandboxAvailability } from '../sandbox/bubblewrap';
import { copyMountProblem, type CopyMount, type CopySupport } from '../sandbox/copy-mount';
import { hookNotRun, readHookExit, type HookExit, type HookReading } from './hook-exit';

/** The environment variable that names the changed files, one project-relative path a line. */
export const CHANGED_FILES_VARIABLE = 'SLUICE_CHANGED_FILES';
/** What a hook prints on stdout is read up to this much; past it the hook is stopped. */
export const MAX_HOOK_STDOUT_BYTES = 4 * 1024 * 1024;
/** The first bytes of a hook's stderr that are read (its reason, its first lines). */
const STDERR_READ_BYTES = 64 * 1024;

export interface HookCopyInput {
  /** Realpath of the project root: the overlay's lower layer, and where the copy is seen. */
  readonly root: string;
  /** Run in this order, each with its own timeout. */
  readonly hooks: readonly HookDefinition[];
  /** The proposed texts laid over the project (project-relative paths). */
  readonly files: readonly { readonly path: string; readonly text: string }[];
  /** The JSON every hook reads on stdin. */
  readonly stdin: string;
  /** Sluice's tool name, recorded with each run. */
  readonly toolName: string;
  readonly sandbox: SandboxAvailability;
  readonly copySupport: CopySupport;
  /** Where copies are made (under SLUICE_HOME); never inside the project. */
  readonly copiesDir: string;
  /** Host folders hidden inside the sandbox (SLUICE_HOME). */
  readonly hidden?: readonly string[];
  readonly signal: AbortSignal;
  /** The environment the allow-list filters (default process.env). */
  readonly baseEnv?: NodeJS.ProcessEnv;
  /** Hears each reading as its hook ends. */
  readonly onReading?: (reading: HookReading) => void;
}

export type HookCopyResult =
  | { readonly kind: 'ran'; readonly readings: readonly HookReading[] }
  /** Nothing could run: no sandbox, no private copy, a path an overlay cannot name. */
  | { readonly kind: 'not_run'; readonly reason: string }
  | { readonly kind: 'cancelled'; readonly readings: readonly HookReading[] };

/** Why hooks cannot run in a private copy on this machine, or null when they can. */
export function hookCopyProblem(sandbox: SandboxAvailability, copy: CopySupport): string | null {
  if (!sandbox.available) return `no sandbox on this machine (${sandbox.detail})`;
  if (sandbox.kind === 'seatbelt')
    return 'proposal hooks run in a private copy, which needs bubblewrap (Linux); not on this machine';
  if (!copy.available) return `no private copy can be made here: ${copy.detail}`;
  return null;
}

function quote(word: string): string {
  return /^[\w./@%+=:,-]+$/u.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

interface Copy {
  readonly base: string;
  readonly mount: CopyMount;
  /** The hooks' stdin and stderr files, outside the project, bound into the sandbox. */
  readonly io: string;
}

function makeCopy(copiesDir: string, root: string): Copy {
  mkdirSync(copiesDir, { recursive: true, mode: 0o700 });
  const base = mkdtempSync(path.join(copiesDir, 'hooks-'));
  const mount = {
    lower: root,
    upper: path.join(base, 'upper'),
    work: path.join(base, 'work'),
    merged: path.join(base, 'merged'),
  };
  const io = path.join(base, 'io');
  for (const dir of [mount.upper, mount.work, mount.merged, io]) mkdirSync(dir, { mode: 0o700 });
  return { base, mount, io };
}

function removeCopy(base: string): void {
  try {
    // overlayfs leaves work/work with mode 000.
    chmodSync(path.join(base, 'work', 'work'), 0o700);
  } catch {
    // Not made: nothing to open.
  }
  rmSync(base, { recursive: true, force: true });
}

/** Writes the proposed texts into the upper layer; a path that is not plainly inside is refused. */
function layFiles(upper: string, files: HookCopyInput['files']): string | null {
  for (const file of files) {
    const parts = file.path.split('/');
    if (parts.some((p) => p === '..' || p === '' || p === '.'))
      return `the changed path ${JSON.stringify(file.path)} is not a plain project-relative path`;
    const target = path.join(upper, ...parts);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.text);
  }
  return null;
}

function readHead(file: string, bytes: number): string {
  if (!existsSync(file)) return '';
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const read = readSync(fd, buffer, 0, bytes, 0);
    return buffer.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * The line the sandbox's shell runs: the changed files and the project's folder exported, a
 * mark that the hook is about to start (so a failure of the wrapper itself is never read as the
 * hook's exit 2), then the hook's own command with its stdin and stderr files.
 */
function wrapperLine(hook: HookDefinition, input: HookCopyInput, io: string, n: number): string {
  const changed = input.files.map((f) => f.path).join('\n');
  const started = path.join(io, `started-${n}`);
  return [
    `export ${CHANGED_FILES_VARIABLE}=${quote(changed)} CLAUDE_PROJECT_DIR=${quote(input.root)}`,
    `: > ${quote(started)} || exit 125`,
    `exec /bin/sh -c ${quote(hook.command)} < ${quote(path.join(io, 'stdin.json'))} 2> ${quote(path.join(io, `stderr-${n}`))}`,
  ].join('\n');
}

function exitOf(
  hook: HookDefinition,
  input: HookCopyInput,
  run: CommandRun,
  stderr: string,
): HookExit | string {
  const common = { hook, toolName: input.toolName, stdout: run.output.view, stderr };
  const ms = run.durationMs;
  switch (run.end.kind) {
    case 'exited':
      return { ...common, ended: 'exited', exitCode: run.end.code, ms };
    case 'signalled':
      return { ...common, ended: 'exited', exitCode: null, signal: run.end.signal, ms };
    case 'timed_out':
      return { ...common, ended: 'timed_out', exitCode: null, ms };
    case 'output_limit':
      return { ...common, ended: 'output_over_limit', exitCode: null, ms };
    case 'spawn_failed':
      return `the sandbox could not start it: ${run.end.message}`;
    case 'aborted':
      return 'it was stopped before it ended';
  }
}

/** One hook in the copy: its reading (`not_run` with why when it did not start), or cancelled. */
async function runOne(
  hook: HookDefinition,
  input: HookCopyInput,
  copy: Copy,
  n: number,
): Promise<HookReading | 'cancelled'> {
  const notRun = (reason: string): HookReading =>
    hookNotRun(hook, reason, { toolName: input.toolName });
  const run = await runCommand({
    command: wrapperLine(hook, input, copy.io, n),
    root: input.root,
    cwd: input.root,
    timeoutMs: Math.max(1, Math.round(hook.timeoutSeconds * 1000)),
    network: false,
    sandbox: input.sandbox,
    signal: input.signal,
    hidden: input.hidden ?? [],
    copy: copy.mount,
    writable: [copy.io],
    maxOutputBytes: MAX_HOOK_STDOUT_BYTES,
    ...(input.baseEnv ? { baseEnv: input.baseEnv } : {}),
  });
  if (run.end.kind === 'aborted') return 'cancelled';
  if (run.end.kind === 'spawn_failed')
    return notRun(`the sandbox could not start it: ${run.end.message}`);
  if (!existsSync(path.join(copy.io, `started-${n}`)))
    return notRun(
      `it could not be started in the private copy: ${run.output.view.trim().split('\n')[0] || `the sandbox ended with ${run.end.kind === 'exited' ? `exit ${run.end.code}` : run.end.kind}`}`,
    );
  const stderr = readHead(path.join(copy.io, `stderr-${n}`), STDERR_READ_BYTES);
  const exit = exitOf(hook, input, run, stderr);
  return typeof exit === 'string' ? notRun(exit) : readHookExit(exit);
}

export async function runHooksInCopy(input: HookCopyInput): Promise<HookCopyResult> {
  const refused = hookCopyProblem(input.sandbox, input.copySupport);
  if (refused) return { kind: 'not_run', reason: refused };
  const copy = makeCopy(input.copiesDir, input.root);
  const readings: HookReading[] = [];
  try {
    const problem = copyMountProblem(copy.mount) ?? layFiles(copy.mount.upper, input.files);
    if (problem) return { kind: 'not_run', reason: problem };
    writeFileSync(path.join(copy.io, 'stdin.json'), input.stdin);
    for (const [n, hook] of input.hooks.entries()) {
      if (input.signal.aborted) return { kind: 'cancelled', readings };
      const reading = await runOne(hook, input, copy, n);
      if (reading === 'cancelled') return { kind: 'cancelled', readings };
      readings.push(reading);
      input.onReading?.(reading);
    }
    return { kind: 'ran', readings };
  } finally {
    removeCopy(copy.base);
  }
}
