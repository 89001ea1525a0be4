// "Where a run executes" (issue 19 item 6): everything a background run needs from the place
// its copy and commands live, behind one interface. The local runner is here: the copy is an
// overlay under SLUICE_HOME, commands run in bubblewrap over it (copy-mount.ts), and the run's
// layer is a folder the Node process reads and writes. The container runner (issue 33) is
// container-executor.ts; docs/ARCHITECTURE.md has Kubernetes Jobs on paper.
import type { CommandRun, CommandRunOptions } from './command-runner';
import { runCommand } from './command-runner';
import type { SandboxAvailability } from './bubblewrap';
import {
  copyMountOf,
  copyMountProblem,
  detectCopySupport,
  type CopySupport,
} from '../runs/copy-mount';
import {
  adoptRunCopy,
  createRunCopy,
  removeRunCopy,
  runCopyFor,
  type RunCopy,
} from '../runs/run-copy';

/** Any copy's paths (they differ only by the id, which has no comma or colon). */
function createRunCopyPaths(home: string): RunCopy {
  return runCopyFor(home, '00000000-0000-0000-0000-000000000000');
}
import { readLayerFile, scanLayer, writeLayerFile, type LayerScan } from '../runs/upper-layer';
import type { RunPlacement } from '../store/run-placement-repository';

/** What a runner that is not this machine needs of the run when it prepares its copy. */
export interface RunContext {
  /** Realpath of the project (the copy is made of it, at the same path). */
  readonly root: string;
  readonly allowNetwork: boolean;
  /** The run's whole time limit: a runner that can enforce it itself does. */
  readonly timeoutMs: number;
  /** Told where the run executes once it is placed (engine, image, container id). */
  readonly onPlacement?: ((placement: RunPlacement) => void) | undefined;
}

export interface RunExecutor {
  /** Shown in results and the inbox ("this machine"). */
  readonly name: string;
  /**
   * The confinement this runner's commands get when it is not this machine's sandbox (a
   * container); absent: the sandbox found here.
   */
  readonly sandbox?: SandboxAvailability;
  /** Why a command of this run cannot run here (no sandbox, no overlay, …), or null. */
  problem(root: string, sandbox: SandboxAvailability): string | null;
  /** Makes the run's copy, or takes over the copy of the set it refines. */
  prepare(id: string, refines: string | null, context?: RunContext): RunCopy;
  /** The copy is no longer needed (applied, rejected, superseded, failed). */
  remove(id: string): void;
  /**
   * The run ended (its commands are over; the set may still be reviewed). A runner holding
   * something only commands need (a container) gives it back; the local runner keeps its copy.
   */
  release?(id: string): Promise<void>;
  /** Runs one command that the gate allowed, in the copy (the project root as it sees it). */
  run(copy: RunCopy, options: Omit<CommandRunOptions, 'copy'>): Promise<CommandRun>;
  /** The run's own changes: its files and deletions (ignored paths left out). */
  scan(
    copy: RunCopy,
    skip: (relative: string, isDir: boolean) => boolean,
    previous?: LayerScan,
  ): Promise<LayerScan>;
  readFile(copy: RunCopy, relative: string): Promise<Buffer | null>;
  writeFile(copy: RunCopy, relative: string, bytes: Uint8Array, mode: number): void;
}

/** The local runner: overlay + bubblewrap on this machine. */
export function createLocalRunExecutor(home: string, support?: CopySupport): RunExecutor {
  return {
    name: 'this machine',
    problem(root, sandbox) {
      const copies = support ?? detectCopySupport();
      if (!copies.available) return copies.detail;
      if (!sandbox.available || sandbox.kind === 'seatbelt')
        return `the private copy needs the bubblewrap sandbox (${sandbox.available ? 'this machine has Seatbelt' : sandbox.detail})`;
      return copyMountProblem(copyMountOf(root, createRunCopyPaths(home)));
    },
    prepare: (id, refines) =>
      (refines ? adoptRunCopy(home, refines, id) : null) ?? createRunCopy(home, id),
    remove: (id) => removeRunCopy(home, id),
    run: (copy, options) => runCommand({ ...options, copy: copyMountOf(options.root, copy) }),
    scan: async (copy, skip, previous) => (await scanLayer(copy.upper, skip, previous)).entries,
    readFile: (copy, relative) => readLayerFile(copy.upper, relative),
    writeFile: (copy, relative, bytes, mode) => writeLayerFile(copy.upper, relative, bytes, mode),
  };
}
