// One container run's life on the engine: its container started from the project's
// archive (committed as the run's own image), and a command exec'd in it with its deadline,
// its output and how it ended. The executor (container-executor.ts) keeps the runs.
import type Docker from 'dockerode';
import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { performance } from 'node:perf_hooks';
import type { CommandRun } from '../commands/command-runner';
import { commandEnv } from '../commands/command-runner';
import { captureChunks, stopAtTimeoutOrAbort, type CommandEnd } from '../commands/command-process';
import { OutputCapture } from '../commands/output-capture';
import type { RunContext, RunExecutor } from '../commands/run-executor';
import { homeLabel, runLabels, type ContainerEngine } from './container-engine';
import type { RunImage } from './container-image';
import { projectArchive } from './container-files';
import type { TarOwner } from './tar-archive';

export interface ContainerLimits {
  readonly memoryBytes: number;
  readonly cpus: number;
  readonly processes: number;
}

/** What every run of one executor shares. */
export interface ContainerSetup {
  readonly home: string;
  readonly engine: ContainerEngine;
  readonly image: RunImage;
  readonly user: TarOwner;
  readonly limits: ContainerLimits;
  readonly options: {
    readonly env?: NodeJS.ProcessEnv | undefined;
    readonly hidden?: readonly string[] | undefined;
  };
}

export interface Started {
  readonly container: Docker.Container;
  readonly image: string;
}

export interface RunState {
  readonly id: string;
  readonly context: RunContext;
  started: Promise<Started> | null;
  failure: string | null;
  /** Killed at a command's deadline: the next command starts it again. */
  stopped: boolean;
  readonly pending: Map<string, { bytes: Uint8Array; mode: number }>;
}

export const RUN_IMAGE_REPO = 'localhost/sluice-run';
/** The engine's own deadline is the run's plus this, so Sluice's own timeout speaks first. */
const ENGINE_DEADLINE_SLACK_S = 60;

/** The user commands run as: the person's own uid, or nobody when Sluice runs as root. */
function hardLimit(name: string, fallback: number): number {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith(name));
    const hard = line?.slice(name.length).trim().split(/\s+/u)[1];
    return hard && /^\d+$/u.test(hard) ? Number(hard) : fallback;
  } catch {
    return fallback;
  }
}

export function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function imagePath(docker: Docker, ref: string): Promise<string> {
  const info = await docker.getImage(ref).inspect();
  const env = info.Config?.Env ?? [];
  return env.find((e) => e.startsWith('PATH='))?.slice(5) ?? '/usr/local/bin:/usr/bin:/bin';
}

export async function startRunContainer(setup: ContainerSetup, state: RunState): Promise<Started> {
  const { home, engine, image, user, limits, options } = setup;
  const { docker } = engine;
  const { id, context } = state;
  const labels = runLabels(home, id);
  const runImage = `${RUN_IMAGE_REPO}:${id}`;
  const env = commandEnv(options.env ?? process.env, 'linux');
  delete env.PATH;
  const envList = [
    `PATH=${await imagePath(docker, image.ref)}`,
    'HOME=/tmp',
    'TMPDIR=/tmp',
    ...Object.entries(env).map(([k, v]) => `${k}=${v}`),
  ];
  const base = await docker.createContainer({
    name: `sluice-base-${id}`,
    Image: image.ref,
    Entrypoint: ['sleep'],
    Cmd: ['1'],
    Labels: labels,
    HostConfig: { NetworkMode: 'none' },
  });
  try {
    await base.putArchive(projectArchive(context.root, user, options.hidden ?? [home]), {
      path: '/',
    });
    await base.commit({
      repo: RUN_IMAGE_REPO,
      tag: id,
      changes: `LABEL sluice.run=${id} sluice.home=${homeLabel(home)}`,
    });
  } finally {
    await base.remove({ force: true }).catch(() => undefined);
  }
  const seconds = Math.ceil(context.timeoutMs / 1000) + ENGINE_DEADLINE_SLACK_S;
  const insideTmp = context.root === '/tmp' || context.root.startsWith('/tmp/');
  // Modest rlimits, never above this machine's hard ones: an engine refuses to start a
  // container asking more than its own process may set (runc: "error setting rlimits").
  const nofile = Math.min(hardLimit('Max open files', 4096), 8192);
  const nproc = Math.min(hardLimit('Max processes', 4096), 4096);
  const container = await docker.createContainer({
    name: `sluice-run-${id}`,
    Image: runImage,
    Entrypoint: ['sleep'],
    Cmd: [String(seconds)],
    User: `${user.uid}:${user.gid}`,
    WorkingDir: context.root,
    Env: envList,
    Labels: labels,
    NetworkDisabled: !context.allowNetwork,
    HostConfig: {
      NetworkMode: context.allowNetwork ? 'bridge' : 'none',
      CapDrop: ['ALL'],
      SecurityOpt: ['no-new-privileges'],
      Memory: limits.memoryBytes,
      MemorySwap: limits.memoryBytes,
      NanoCpus: Math.round(limits.cpus * 1e9),
      PidsLimit: limits.processes,
      Ulimits: [
        { Name: 'nofile', Soft: nofile, Hard: nofile },
        { Name: 'nproc', Soft: nproc, Hard: nproc },
      ],
      // /tmp a tmpfs (memory-charged, gone with the container), unless the project itself
      // lies under /tmp: its files must stay in the writable layer the changes come from.
      ...(insideTmp ? {} : { Tmpfs: { '/tmp': 'rw,nosuid,nodev,mode=1777' } }),
      Privileged: false,
      AutoRemove: false,
    },
  });
  try {
    await container.start();
  } catch (error) {
    await container.remove({ force: true }).catch(() => undefined);
    throw error;
  }
  context.onPlacement?.({
    executor: 'container',
    engine: engine.description,
    image: `${image.ref} (${image.source})`,
    containerId: container.id,
  });
  return { container, image: runImage };
}

export async function execInContainer(
  setup: ContainerSetup,
  ready: (state: RunState) => Promise<Docker.Container>,
  state: RunState,
  run: Parameters<RunExecutor['run']>[1],
): Promise<CommandRun> {
  const { engine, limits } = setup;
  const { docker } = engine;
  const began = performance.now();
  const capture = new OutputCapture(run.outputLimits, run.logPath ?? null);
  const notes: string[] = [];
  /** Nothing ran: the command never reached a process in the container. */
  const spawnFailed = (why: string): CommandRun => ({
    end: { kind: 'spawn_failed', message: why },
    durationMs: performance.now() - began,
    output: capture.finish(),
    processLimit: false,
    memoryLimitBytes: null,
    memoryExceeded: false,
    sandboxed: true,
    notes,
  });
  if (!run.network && run.allowedHosts?.length)
    notes.push(
      "the project's host rules do not reach into a container: it has no network unless the run was given it",
    );
  let container: Docker.Container;
  try {
    container = await ready(state);
  } catch (error) {
    return spawnFailed(message(error));
  }
  let end: CommandEnd | null = null;
  const stop = (why: CommandEnd): void => {
    if (end) return;
    end = why;
    state.stopped = true;
    void container.kill().catch(() => undefined);
  };
  let execution: Docker.Exec;
  let stream: NodeJS.ReadWriteStream;
  try {
    execution = await container.exec({
      Cmd: ['/bin/sh', '-c', 'exec /bin/sh -c "$1" 2>&1', 'sh', run.command],
      AttachStdout: true,
      AttachStderr: true,
      WorkingDir: run.cwd,
    });
    stream = (await execution.start({ hijack: true, stdin: false })) as NodeJS.ReadWriteStream;
  } catch (error) {
    // The container went away under the run (removed, the engine restarted): nothing ran.
    return spawnFailed(`the run's container did not take the command: ${message(error)}`);
  }
  const sink = new PassThrough();
  sink.on('data', captureChunks(capture, stop, run.onChunk, run.maxOutputBytes));
  docker.modem.demuxStream(stream, sink, sink);
  const disarm = stopAtTimeoutOrAbort(stop, run.timeoutMs, run.signal);
  await new Promise<void>((resolve) => {
    stream.on('end', resolve);
    stream.on('close', resolve);
    stream.on('error', () => resolve());
  });
  disarm();
  let natural: CommandEnd = { kind: 'signalled', signal: 'SIGKILL' };
  let memoryExceeded = false;
  try {
    const info = await execution.inspect();
    if (typeof info.ExitCode === 'number' && !info.Running)
      natural = { kind: 'exited', code: info.ExitCode };
  } catch {
    // The container was killed under it: the kill is the end.
  }
  if (state.stopped)
    memoryExceeded = await container
      .inspect()
      .then((info) => info.State.OOMKilled)
      .catch(() => false);
  return {
    end: end ?? natural,
    durationMs: performance.now() - began,
    output: capture.finish(),
    processLimit: true,
    memoryLimitBytes: limits.memoryBytes,
    memoryExceeded,
    sandboxed: true,
    notes,
  };
}
