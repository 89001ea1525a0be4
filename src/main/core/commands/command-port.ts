// What run_command needs from its host, injected through ToolContext.commands: the approval
// gate, the sandbox found on this machine, where full output is kept, folders to hide from
// commands, and the checkpoint store for the files a command changed.
import type { CheckpointStore } from '../checkpoints/checkpoint-store';
import type { CommandApprovalGate } from './command-approval-gate';
import type { SandboxAvailability } from './bubblewrap';
import type { OutputLimits } from './output-capture';
import type { SnapshotLimits } from './changed-files';
import type { ScopedHosts } from './network-rule-repository';

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
  /** Overrides for tests and benchmarks. */
  readonly limits?: {
    readonly output?: OutputLimits;
    readonly maxOutputBytes?: number;
    readonly snapshot?: SnapshotLimits;
    readonly killGraceMs?: number;
  };
}
