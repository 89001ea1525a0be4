// The port write tools get as `ctx.tests` (issue 31): the project's test-run service with
// the live deadline from Settings. Shells make one per project; tests inject their own.
import type { TestVerdict } from '../../../shared/test-verdict';
import type { TestRunService, TestVerdictRequest } from './test-run-service';

export interface ProjectTests {
  verdict(request: TestVerdictRequest): Promise<TestVerdict>;
  /** How long a live proposal waits for its verdict before the person sees it. */
  liveDeadlineMs(): number;
}

export function projectTests(service: TestRunService, liveDeadlineMs: () => number): ProjectTests {
  return { verdict: (request) => service.verdict(request), liveDeadlineMs };
}
