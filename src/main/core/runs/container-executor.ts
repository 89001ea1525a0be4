// The container runner behind RunExecutor: a background run's copy is a container
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
import { defaultMaxMemoryBytes, DEFAULT_MAX_PROCESSES } from '../commands/command-runner';
import type { RunExecutor } from '../commands/run-executor';
import { createRunCopy, removeRunCopy, type RunCopy } from '../sandbox/run-copy';
import type { ContainerEngine } from './container-engine';
import type { RunImage } from './container-image';
import { filesArchive, readContainerFile, scanContainer } from './container-files';
import type { TarOwner } from './tar-archive';
import {
  execInContainer,
  message,
  RUN_IMAGE_REPO,
  startRunContainer,
  type ContainerLimits,
  type ContainerSetup,
  type RunState,
  type Started,
} from './run-container';
import type { LayerScan } from '../sandbox/upper-layer';

export type { ContainerLimits } from './run-container';

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

export function containerUser(): TarOwner {
  const uid = process.getuid?.() ?? 65534;
  const gid = process.getgid?.() ?? 65534;
  return uid === 0 ? { uid: 65534, gid: 65534 } : { uid, gid };
}

/** This machine's hard rlimit (`/proc/self/limits`), so the engine never asks for more. */

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
  const setup: ContainerSetup = { home, engine, image, user, limits, options };

  function stateOf(copy: RunCopy): RunState {
    const state = runs.get(copy.id);
    if (!state) throw new ContainerRunError(`run ${copy.id} was not prepared on this executor`);
    return state;
  }

  /** The run's container, started (and its edits written through) before anything looks. */
  async function ready(state: RunState): Promise<Docker.Container> {
    if (state.failure) throw new ContainerRunError(state.failure);
    state.started ??= startRunContainer(setup, state);
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
    run: (copy, run) => execInContainer(setup, ready, stateOf(copy), run),
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
