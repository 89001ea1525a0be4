// Proposal hooks in a private copy of the project: the project is the lower layer of an
// overlay, a fresh folder the upper one, and the proposed texts are written into that upper
// layer before any hook starts, so each hook sees the project as it would be with the change
// (the test runs' copy, test-runs/test-copy-run.ts). The hooks run in order in the same copy,
// each through runCommand: bubblewrap, network off, the environment allow-list, process and
// memory ceilings, killed with its group at its own timeout; its JSON on stdin, stdout and stderr
// apart and bounded, as every hook's (hook-process.ts). A person's hook that their command rules
// deny does not run. The copy is removed afterwards; the project is never written.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { HookDefinition } from '../../../shared/hooks';
import { runCommand } from '../commands/command-runner';
import type { SandboxAvailability } from '../sandbox/bubblewrap';
import {
  copyMountProblem,
  makeOverlayCopy,
  removeOverlayCopy,
  type CopyMount,
  type CopySupport,
} from '../sandbox/copy-mount';
import { hookNotRun, readHookExit, type HookReading } from './hook-exit';
import {
  endedOf,
  MAX_HOOK_STDERR_BYTES,
  MAX_HOOK_STDOUT_BYTES,
  type PersonHookPolicy,
} from './hook-process';

/** The environment variable that names the changed files, one project-relative path a line. */
export const CHANGED_FILES_VARIABLE = 'SLUICE_CHANGED_FILES';

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
  /** The person's command rules on a person's hook's command line (a deny refuses it). */
  readonly personPolicy?: ((command: string) => Promise<PersonHookPolicy>) | undefined;
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

/** A bounded buffer of a stream's bytes. */
function bounded(limit: number): { push(chunk: Buffer): void; text(): string } {
  const chunks: Buffer[] = [];
  let size = 0;
  return {
    push(chunk) {
      if (size >= limit) return;
      const kept = chunk.subarray(0, limit - size);
      chunks.push(kept);
      size += kept.length;
    },
    text: () => Buffer.concat(chunks).toString('utf8'),
  };
}

/** The changed files and the project's folder (Claude Code's name and Sluice's), then the hook. */
function commandLine(hook: HookDefinition, input: HookCopyInput): string {
  const changed = input.files.map((f) => f.path).join('\n');
  const root = quote(input.root);
  return `export ${CHANGED_FILES_VARIABLE}=${quote(changed)} CLAUDE_PROJECT_DIR=${root} SLUICE_PROJECT_DIR=${root}\n${hook.command}`;
}

/** One hook in the copy: its reading (`not_run` with why when it did not start), or cancelled. */
async function runOne(
  hook: HookDefinition,
  input: HookCopyInput,
  copy: Copy,
): Promise<HookReading | 'cancelled'> {
  const tool = { toolName: input.toolName };
  if (hook.source === 'person' && input.personPolicy) {
    const policy = await input.personPolicy(hook.command).catch((error: unknown) => ({
      refused: `your command rules could not be read: ${error instanceof Error ? error.message : String(error)}`,
    }));
    if ('refused' in policy) return hookNotRun(hook, policy.refused, tool);
  }
  const stdout = bounded(MAX_HOOK_STDOUT_BYTES);
  const stderr = bounded(MAX_HOOK_STDERR_BYTES);
  const started = performance.now();
  const run = await runCommand({
    command: commandLine(hook, input),
    root: input.root,
    cwd: input.root,
    timeoutMs: Math.max(1, Math.round(hook.timeoutSeconds * 1000)),
    network: false,
    sandbox: input.sandbox,
    signal: input.signal,
    hidden: input.hidden ?? [],
    copy: copy.mount,
    logPath: null,
    input: input.stdin,
    onChunk: (chunk) => stdout.push(chunk),
    onStderr: (chunk) => stderr.push(chunk),
    maxOutputBytes: MAX_HOOK_STDOUT_BYTES,
    outputLimits: { headBytes: 1024, tailBytes: 0, logBytes: 0 },
    ...(input.baseEnv ? { baseEnv: input.baseEnv } : {}),
  });
  if (run.end.kind === 'aborted') return 'cancelled';
  if (run.end.kind === 'spawn_failed')
    return hookNotRun(hook, `the sandbox could not start it: ${run.end.message}`, tool);
  return readHookExit({
    hook,
    ...tool,
    ...endedOf(run.end),
    stdout: stdout.text(),
    stderr: stderr.text(),
    ms: performance.now() - started,
  });
}

export async function runHooksInCopy(input: HookCopyInput): Promise<HookCopyResult> {
  const refused = hookCopyProblem(input.sandbox, input.copySupport);
  if (refused) return { kind: 'not_run', reason: refused };
  const copy = makeOverlayCopy(input.copiesDir, input.root, 'hooks-');
  const readings: HookReading[] = [];
  try {
    const problem = copyMountProblem(copy.mount) ?? layFiles(copy.mount.upper, input.files);
    if (problem) return { kind: 'not_run', reason: problem };
    for (const hook of input.hooks) {
      if (input.signal.aborted) return { kind: 'cancelled', readings };
      const reading = await runOne(hook, input, copy);
      if (reading === 'cancelled') return { kind: 'cancelled', readings };
      readings.push(reading);
      input.onReading?.(reading);
    }
    return { kind: 'ran', readings };
  } finally {
    removeOverlayCopy(copy.base);
  }
}
