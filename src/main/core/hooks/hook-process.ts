// Runs one hook and reads how it ended. The person's own hooks run as their commands do: in
// run_command's sandbox (the project writable, their network rules, the same environment
// allow-list), refused when one of their command rules denies the line; where no sandbox exists
// they run as the person's command would after approval, unconfined. The project's hooks are code
// from the repository and always run in the confinement (project read-only, network off, secrets
// out, private HOME, ceilings); with no sandbox they do not run. Either way the hook gets its JSON
// on stdin, stdout and stderr apart and bounded, and is killed with its process group at its
// timeout. Never throws: every failure is a run with a reason.
import type { HookDefinition } from '../../../shared/hooks';
import type { HostPattern } from '../../../shared/network-hosts';
import { runCommand } from '../commands/command-runner';
import type { CommandEnd } from '../commands/command-process';
import { runConfined } from '../confinement/confined-process';
import type { SandboxAvailability } from '../sandbox/bubblewrap';
import { hookNotRun, readHookExit, type HookExit, type HookReading } from './hook-exit';

/** The most of a hook's stdout read: past it the hook is stopped and its answer not read. */
export const MAX_HOOK_STDOUT_BYTES = 1024 * 1024;
/** The most of its stderr kept (the rest is dropped; it is only ever a reason). */
export const MAX_HOOK_STDERR_BYTES = 64 * 1024;

/** What the person's rules say of a hook's command: refused (why), or the hosts it may reach. */
export type PersonHookPolicy =
  { readonly refused: string } | { readonly hosts: readonly HostPattern[] };

export interface HookProcessDeps {
  /** Realpath of the project root: the hook's working folder. */
  readonly root: string;
  readonly sandbox: SandboxAvailability;
  /** Host folders a hook must not see (SLUICE_HOME). */
  readonly hidden: readonly string[];
  /** The person's command rules and network rules, judged on a person's hook's command line. */
  readonly personPolicy: (command: string) => Promise<PersonHookPolicy>;
  /** The environment the allow-list filters (default process.env). */
  readonly baseEnv?: NodeJS.ProcessEnv;
  /** Between SIGTERM and SIGKILL at the timeout (person's hooks; the confinement kills at once). */
  readonly killGraceMs?: number;
}

export interface HookCall {
  readonly hook: HookDefinition;
  readonly stdin: string;
  readonly toolName?: string | undefined;
  readonly signal: AbortSignal;
}

function bounded(limit: number, onOver?: () => void) {
  const chunks: Buffer[] = [];
  let size = 0;
  return {
    push(chunk: Buffer) {
      if (size >= limit) return onOver?.();
      const kept = chunk.subarray(0, limit - size);
      chunks.push(kept);
      size += kept.length;
      if (kept.length < chunk.length) onOver?.();
    },
    text: () => Buffer.concat(chunks).toString('utf8'),
  };
}

function quoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

function toolOf(call: HookCall): { toolName?: string } {
  return call.toolName !== undefined ? { toolName: call.toolName } : {};
}

/** How a command's end reads as a hook's end (a live hook's, or one run on a proposal's copy). */
export function endedOf(end: CommandEnd): Pick<HookExit, 'ended' | 'exitCode' | 'signal'> {
  switch (end.kind) {
    case 'exited':
      return { ended: 'exited', exitCode: end.code };
    case 'signalled':
      return { ended: 'exited', exitCode: null, signal: end.signal };
    case 'timed_out':
      return { ended: 'timed_out', exitCode: null };
    case 'aborted':
      return { ended: 'aborted', exitCode: null };
    case 'output_limit':
      return { ended: 'output_over_limit', exitCode: null };
    case 'spawn_failed':
      return { ended: 'stopped', exitCode: null };
  }
}

async function runPersonHook(call: HookCall, deps: HookProcessDeps): Promise<HookReading> {
  const { hook } = call;
  let policy: PersonHookPolicy;
  try {
    policy = await deps.personPolicy(hook.command);
  } catch (error) {
    return hookNotRun(
      hook,
      `your command rules could not be read: ${messageOf(error)}`,
      toolOf(call),
    );
  }
  if ('refused' in policy) return hookNotRun(hook, policy.refused, toolOf(call));
  const stdout = bounded(MAX_HOOK_STDOUT_BYTES);
  const stderr = bounded(MAX_HOOK_STDERR_BYTES);
  const started = performance.now();
  try {
    const run = await runCommand({
      // The project's folder under Claude Code's name too, so a pasted hook finds its scripts.
      command: `export CLAUDE_PROJECT_DIR=${quoted(deps.root)} SLUICE_PROJECT_DIR=${quoted(deps.root)}\n${hook.command}`,
      root: deps.root,
      cwd: deps.root,
      timeoutMs: hook.timeoutSeconds * 1000,
      network: false,
      allowedHosts: policy.hosts,
      sandbox: deps.sandbox,
      signal: call.signal,
      hidden: deps.hidden,
      logPath: null,
      input: call.stdin,
      onChunk: (chunk) => stdout.push(chunk),
      onStderr: (chunk) => stderr.push(chunk),
      maxOutputBytes: MAX_HOOK_STDOUT_BYTES,
      outputLimits: { headBytes: 1024, tailBytes: 0, logBytes: 0 },
      killGraceMs: deps.killGraceMs ?? 1000,
      ...(deps.baseEnv ? { baseEnv: deps.baseEnv } : {}),
    });
    if (run.end.kind === 'spawn_failed')
      return hookNotRun(hook, `it could not start: ${run.end.message}`, toolOf(call));
    return readHookExit({
      hook,
      ...toolOf(call),
      ...endedOf(run.end),
      stdout: stdout.text(),
      stderr: stderr.text(),
      ms: performance.now() - started,
    });
  } catch (error) {
    return hookNotRun(hook, `it could not start: ${messageOf(error)}`, toolOf(call));
  }
}

async function runProjectHook(call: HookCall, deps: HookProcessDeps): Promise<HookReading> {
  const { hook } = call;
  const started = performance.now();
  const run = await runConfined({
    root: deps.root,
    argv: ['/bin/sh', '-c', hook.command],
    cwd: deps.root,
    env: { CLAUDE_PROJECT_DIR: deps.root, SLUICE_PROJECT_DIR: deps.root },
    hidden: deps.hidden,
    sandbox: deps.sandbox,
    signal: call.signal,
    deadlineMs: hook.timeoutSeconds * 1000,
    maxOutputBytes: MAX_HOOK_STDOUT_BYTES,
    input: call.stdin,
    ...(deps.baseEnv ? { baseEnv: deps.baseEnv } : {}),
  });
  if (!run.ok) return hookNotRun(hook, run.reason, toolOf(call));
  const ms = performance.now() - started;
  const common = { hook, ...toolOf(call), stdout: run.stdout, stderr: run.stderr, ms };
  const exitCode = run.exit.code;
  if (run.timedOut) return readHookExit({ ...common, ended: 'timed_out', exitCode: null });
  if (run.truncated) return readHookExit({ ...common, ended: 'output_over_limit', exitCode: null });
  switch (run.exit.reason) {
    case 'aborted':
    case 'killed':
      return readHookExit({ ...common, ended: 'aborted', exitCode: null });
    case 'memory':
      return readHookExit({
        ...common,
        ended: 'stopped',
        exitCode: null,
        stoppedBecause: 'it reached the memory ceiling of a confined process',
      });
    case 'cpu':
      return readHookExit({
        ...common,
        ended: 'stopped',
        exitCode: null,
        stoppedBecause: 'it reached the CPU-time limit of a confined process',
      });
    case 'exited':
      return readHookExit({ ...common, ended: 'exited', exitCode, signal: run.exit.signal });
  }
}

/** Runs one hook where its source says it runs, and reads its end. Never throws. */
export function runHookProcess(call: HookCall, deps: HookProcessDeps): Promise<HookReading> {
  return call.hook.source === 'person' ? runPersonHook(call, deps) : runProjectHook(call, deps);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
