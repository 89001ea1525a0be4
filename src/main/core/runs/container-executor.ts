// The container runner behind RunExecutor (issue 33): a background run's copy is a container
// on a Docker Engine API (Docker or Podman, here or through DOCKER_HOST), started on first use
// (after the run took its place in the queue). Start: a container is created from the run's
// image without starting it, the project goes in as one tar stream (putArchive), and it is
// committed as the run's own image, so the container made from that image has the run's
// changes, and only them, in its writable layer (container-files.ts). Commands are `exec`s of
// `/bin/sh -c` in it; an edit is written through with putArchive before the next command
// looks. Never a writable bind of the person's tree: the container has no host mount at all.
// Confinement equal to the local one: network none unless the run was given the network, the
// same environment allow-list (never the key), CapDrop ALL, no-new-privileges, a process,
// memory and CPU ceiling, /tmp a tmpfs, a non-root user; its PID 1 is `sleep` for the run's
// time limit, so the engine ends the container even when Sluice dies; a command past its own
// timeout (or stopped) is ended by killing the container, which the next command restarts
// (its writable layer stays). When the run ends the container and its image are removed;
// the start-up sweep removes any a killed process left (labels `sluice.run`, `sluice.home`).
import type Docker from 'dockerode';
import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { performance } from 'node:perf_hooks';
import type { CommandRun } from '../commands/command-runner';
import {
  commandEnv,
  defaultMaxMemoryBytes,
  DEFAULT_MAX_PROCESSES,
} from '../commands/command-runner';
import type { CommandEnd } from '../commands/command-process';
import { OutputCapture } from '../commands/output-capture';
import type { RunContext, RunExecutor } from '../commands/run-executor';
import { createRunCopy, removeRunCopy, type RunCopy } from '../sandbox/run-copy';
import { homeLabel, runLabels, type ContainerEngine } from './container-engine';
import type { RunImage } from './container-image';
import { filesArchive, projectArchive, readContainerFile, scanContainer } from './container-files';
import type { TarOwner } from './tar-archive';
import type { LayerScan } from '../sandbox/upper-layer';

export interface ContainerLimits {
  readonly memoryBytes: number;
  readonly cpus: number;
  readonly processes: number;
}

export interface ContainerExecutorOptions {
  readonly home: string;
  readonly engine: ContainerEngine;
  readonly image: RunImage;
  readonly limits?: Partial<ContainerLimits> | undefined;
  /** The environment commands' allow-list filters (default process.env). */
  readonly env?: NodeJS.ProcessEnv | undefined;
  /** Folders never sent into a container (SLUICE_HOME when it lies inside a project). */
  readonly hidden?: readonly string[] | undefined;
}

export class ContainerRunError extends Error {
  override readonly name = 'ContainerRunError';
}

interface Started {
  readonly container: Docker.Container;
  readonly image: string;
}

interface RunState {
  readonly id: string;
  readonly context: RunContext;
  started: Promise<Started> | null;
  failure: string | null;
  /** Killed at a command's deadline: the next command starts it again. */
  stopped: boolean;
  readonly pending: Map<string, { bytes: Uint8Array; mode: number }>;
}

const RUN_IMAGE_REPO = 'localhost/sluice-run';
/** The engine's own deadline is the run's plus this, so Sluice's own timeout speaks first. */
const ENGINE_DEADLINE_SLACK_S = 60;

/** The user commands run as: the person's own uid, or nobody when Sluice runs as root. */
export function containerUser(): TarOwner {
  const uid = process.getuid?.() ?? 65534;
  const gid = process.getgid?.() ?? 65534;
  return uid === 0 ? { uid: 65534, gid: 65534 } : { uid, gid };
}

/** This machine's hard rlimit (`/proc/self/limits`), so the engine never asks for more. */
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

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createContainerRunExecutor(options: ContainerExecutorOptions): RunExecutor {
  const { home, engine, image } = options;
  const docker = engine.docker;
  const user = containerUser();
  const limits: ContainerLimits = {
    memoryBytes: options.limits?.memoryBytes ?? defaultMaxMemoryBytes(),
    cpus: options.limits?.cpus ?? 1,
    processes: options.limits?.processes ?? DEFAULT_MAX_PROCESSES,
  };
  const runs = new Map<string, RunState>();

  async function imagePath(): Promise<string> {
    const info = await docker.getImage(image.ref).inspect();
    const env = info.Config?.Env ?? [];
    return env.find((e) => e.startsWith('PATH='))?.slice(5) ?? '/usr/local/bin:/usr/bin:/bin';
  }

  async function start(state: RunState): Promise<Started> {
    const { id, context } = state;
    const labels = runLabels(home, id);
    const runImage = `${RUN_IMAGE_REPO}:${id}`;
    const env = commandEnv(options.env ?? process.env, 'linux');
    delete env.PATH;
    const envList = [
      `PATH=${await imagePath()}`,
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

  function stateOf(copy: RunCopy): RunState {
    const state = runs.get(copy.id);
    if (!state) throw new ContainerRunError(`run ${copy.id} was not prepared on this executor`);
    return state;
  }

  /** The run's container, started (and its edits written through) before anything looks. */
  async function ready(state: RunState): Promise<Docker.Container> {
    if (state.failure) throw new ContainerRunError(state.failure);
    state.started ??= start(state);
    let started: Started;
    try {
      started = await state.started;
    } catch (error) {
      state.failure = `the run's container could not be started on ${engine.description}: ${message(error)}`;
      throw new ContainerRunError(state.failure);
    }
    if (state.stopped) {
      await started.container.start();
      state.stopped = false;
    }
    if (state.pending.size) {
      const files = new Map(state.pending);
      state.pending.clear();
      await started.container.putArchive(filesArchive(state.context.root, files, user), {
        path: '/',
      });
    }
    return started.container;
  }

  async function release(id: string): Promise<void> {
    const state = runs.get(id);
    runs.delete(id);
    const started = state?.started ? await state.started.catch(() => null) : null;
    await started?.container.remove({ force: true, v: true }).catch(() => undefined);
    await docker
      .getImage(`${RUN_IMAGE_REPO}:${id}`)
      .remove({ force: true })
      .catch(() => undefined);
  }

  async function exec(
    state: RunState,
    run: Parameters<RunExecutor['run']>[1],
  ): Promise<CommandRun> {
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
    sink.on('data', (chunk: Buffer) => {
      capture.push(chunk);
      try {
        run.onChunk?.(chunk);
      } catch {
        // A listener's failure must not stop the capture.
      }
      if (capture.totalBytes > (run.maxOutputBytes ?? Infinity))
        stop({ kind: 'output_limit', bytes: run.maxOutputBytes ?? 0 });
    });
    docker.modem.demuxStream(stream, sink, sink);
    const timer = setTimeout(
      () => stop({ kind: 'timed_out', afterMs: run.timeoutMs }),
      run.timeoutMs,
    );
    const onAbort = (): void => stop({ kind: 'aborted' });
    if (run.signal.aborted) onAbort();
    else run.signal.addEventListener('abort', onAbort, { once: true });
    await new Promise<void>((resolve) => {
      stream.on('end', resolve);
      stream.on('close', resolve);
      stream.on('error', () => resolve());
    });
    clearTimeout(timer);
    run.signal.removeEventListener('abort', onAbort);
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

  return {
    name: `a container on ${engine.description} (${image.ref})`,
    sandbox: {
      available: true,
      kind: 'container',
      detail: `a container on ${engine.description}`,
    },
    problem(_root, _sandbox) {
      for (const state of runs.values()) if (state.failure) return state.failure;
      return null;
    },
    prepare(id, refines, context) {
      if (!context) throw new ContainerRunError('a container run needs its project and limits');
      // A refine starts from the project with the refined set's files written through (the
      // shell seeds them); the superseded set's container has no further use.
      if (refines) void release(refines);
      runs.set(id, {
        id,
        context,
        started: null,
        failure: null,
        stopped: false,
        pending: new Map(),
      });
      return createRunCopy(home, id);
    },
    remove(id) {
      void release(id);
      removeRunCopy(home, id);
    },
    release,
    run: (copy, run) => exec(stateOf(copy), run),
    async scan(copy, skip, previous?: LayerScan) {
      const state = stateOf(copy);
      return scanContainer(await ready(state), state.context.root, skip, previous);
    },
    async readFile(copy, relative) {
      const state = stateOf(copy);
      return readContainerFile(await ready(state), state.context.root, relative);
    },
    writeFile(copy, relative, bytes, mode) {
      stateOf(copy).pending.set(relative, { bytes: Uint8Array.from(bytes), mode });
    },
  };
}
