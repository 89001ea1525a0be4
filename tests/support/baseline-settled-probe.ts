// Opens a project's test runs as a bench or a CLI verb would, asks for its background baseline
// and awaits it with nothing else keeping Node alive; prints what the pass said. Exits 13
// ("unsettled top-level await") if the wait can be left hanging.
import diagnostics_channel from 'node:diagnostics_channel';
import { createTestRunService } from '../../src/main/core/test-runs/test-run-service';
import {
  TEST_RUN_TRACE,
  type TestRunTraceEvent,
} from '../../src/main/core/test-runs/test-run-trace';

const [root = '', home = '', debounce = '0'] = process.argv.slice(2);
const steps: string[] = [];
diagnostics_channel.subscribe(TEST_RUN_TRACE, (message) => {
  const event = message as TestRunTraceEvent;
  if (event.type === 'baseline') steps.push(event.step);
});
const service = createTestRunService({ root, home, baselineDebounceMs: Number(debounce) });
service.prepareBaseline();
await service.baselineSettled();
service.dispose();
process.stdout.write(`settled: ${steps.join(', ')}\n`);
