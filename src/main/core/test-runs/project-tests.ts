// The port write tools get as `ctx.tests`: the project's test-run service with
// the live deadline from Settings. Shells make one per project; tests inject their own.
import type { TestVerdict } from '../../../shared/test-verdict';
import { NO_RUNNER_REASON, type TestRunService, type TestVerdictRequest } from './test-run-service';

export interface ProjectTests {
  /** The verdict, or null when no test runner of the project handles the changed files. */
  verdict(request: TestVerdictRequest): Promise<TestVerdict | null>;
  /** How long a live proposal waits for its verdict before the person sees it. */
  liveDeadlineMs(): number;
}

export function projectTests(service: TestRunService, liveDeadlineMs: () => number): ProjectTests {
  return {
    verdict: async (request) => {
      const verdict = await service.verdict(request);
      return verdict.state === 'not_run' && verdict.reason === NO_RUNNER_REASON ? null : verdict;
    },
    liveDeadlineMs,
  };
}
