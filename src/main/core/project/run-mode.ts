// The mode an open project's run is in: `--mode` (or the terminal session's switch) when the
// shell gave one, else the project's stored setting, read fresh each time. It can change while
// the project is open: setMode, or an approved plan, which goes on in the mode the person
// chose — for this run only, or, in the app (whose mode is the project's setting), stored.
import type { ApprovalMode } from '../../../shared/approvals';
import type { PlanGoOnMode } from '../../../shared/plans';
import type { WritableDb } from '../store/database-handles';
import { createPolicyRepository } from '../store/policy-repository';

export interface RunMode {
  /** The mode in force: the run's, else the stored one. */
  current(): ApprovalMode;
  /** The run's own mode; undefined: the stored one applies. */
  override(): ApprovalMode | undefined;
  /** Switches the run's mode (not the stored one). */
  set(mode: ApprovalMode): void;
  /** Where an approved plan's mode goes. */
  goOn(mode: PlanGoOnMode): void;
}

export function openRunMode(
  db: WritableDb,
  projectId: string,
  options: {
    readonly modeOverride?: ApprovalMode | undefined;
    readonly approvedPlanSetsStoredMode?: boolean | undefined;
  },
): RunMode {
  const policies = createPolicyRepository(db);
  let run = options.modeOverride;
  return {
    current: () => run ?? policies.get(projectId).mode,
    override: () => run,
    set(mode) {
      run = mode;
    },
    goOn(mode) {
      if (options.approvedPlanSetsStoredMode) policies.setMode(projectId, mode);
      else run = mode;
    },
  };
}
