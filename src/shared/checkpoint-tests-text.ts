// The few words a checkpoint list shows for a live edit's late test verdict:
// `sluice checkpoints` and the turn's "Files changed" list in the app.
import type { CheckpointTests } from './contract/checkpoint-service';

/** "tests: 2 newly failing", "tests: passed", "tests: not run". */
export function checkpointTestsNote(tests: CheckpointTests): string {
  if (tests.newlyFailingCount > 0) return `tests: ${tests.newlyFailingCount} newly failing`;
  switch (tests.state) {
    case 'passed':
      return 'tests: passed';
    case 'not_run':
      return 'tests: not run';
    case 'failed':
    case 'running':
    case 'selecting':
    case 'timed_out':
      return `tests: ${tests.state.replace('_', ' ')}`;
    default:
      return 'tests: unknown';
  }
}
