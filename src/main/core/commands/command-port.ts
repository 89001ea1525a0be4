// What run_command needs from its host, injected through ToolContext.commands: the approval
// gate, the sandbox found on this machine, where full output is kept, folders to hide from
// commands, and the checkpoint store for the files a command changed.
import type { CheckpointStore } from '../checkpoints/checkpoint-store';
import type { CommandApprovalGate } from './command-approval-gate';
import type { SandboxAvailability } from '../sandbox/bubblewrap';
import type { OutputLimits } from './output-capture';
import type { SnapshotLimits } from './changed-files';
import type { ScopedHosts } from '../shell/network-rule-repository';
import type { RunCopy } from '../sandbox/run-copy';
import type { RunExecutor } from './run-executor';
import type { CommandEnd } from './command-process';
import type { CapturedOutput } from './output-capture';
import type { DecisionSource } from '../../../shared/approvals';

/** A background run's private copy: its commands run there, never in the project. */
export interface CommandCopyPort {
  /** Where the run executes (the local runner: overlay + bubblewrap). */
  readonly executor: RunExecutor;
  readonly copy: RunCopy;
  /** The project's ignore rules: ignored paths of the copy are not the run's changes. */
  readonly skip: (relative: string, isDir: boolean) => boolean;
  /** After a command: the run takes the copy's changed paths into its change set; notes back. */
  readonly absorb: (paths: readonly string[]) => Promise<string[]>;
}

/** One command that ran, with what it did, for a host that keeps evidence. */
export interface RanCommand {
  readonly command: string;
  readonly cwdRelative: string;
  readonly decidedBy: DecisionSource;
  readonly reason: string | null;
  readonly end: CommandEnd;
  /** `end` in words, as the model reads it. */
  readonly endText: string;
  readonly durationMs: number;
  readonly output: CapturedOutput;
  readonly logId: string | null;
  readonly startedAt: number;
  readonly finishedAt: number;
}

export interface CommandPort {
  readonly gate: Pick<CommandApprovalGate, 'request'>;
  readonly sandbox: SandboxAvailability;
  /** Folder for full output logs (SLUICE_HOME/command-output); null keeps none. */
  readonly outputDir: string | null;
  /** Host folders commands must not see (SLUICE_HOME). */
  readonly hidden: readonly string[];
  readonly checkpoints?: CheckpointStore | undefined;
  /**
   * The project's network rules (read fresh per call): a sandboxed command without full
   * network reaches the hosts of the rules that apply to it, and only them, through the
   * filtering proxy. Absent: none.
   */
  readonly networkRules?: (() => readonly ScopedHosts[]) | undefined;
  /** Set in a background run: commands run in its private copy. */
  readonly copy?: CommandCopyPort | undefined;
  /** Told of every command that ran (background runs keep it in the change set). */
  readonly record?: ((ran: RanCommand) => void) | undefined;
  /** Overrides for tests and benchmarks. */
  readonly limits?: {
    readonly output?: OutputLimits;
    readonly maxOutputBytes?: number;
    readonly snapshot?: SnapshotLimits;
    readonly killGraceMs?: number;
  };
}
