// "Where a run executes": everything a background run needs from the place its copy and
// commands live, behind one interface the command port names. The runners are in runs/: the
// local one (local-run-executor.ts) and the container one (container-executor.ts).
import type { CommandRun, CommandRunOptions } from './command-runner';
import type { SandboxAvailability } from '../sandbox/bubblewrap';
import type { RunCopy } from '../sandbox/run-copy';
import type { LayerScan } from '../sandbox/upper-layer';
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
