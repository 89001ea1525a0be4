// Awaiting the background baseline with nothing else keeping Node alive: the pending pass's
// timer does not hold the process (a CLI verb exits when its work is done), so an await on it
// could be left hanging and Node ended with 13 ("unsettled top-level await").
import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempProject, type TempProject } from './test-run-projects';

const PROBE = path.resolve(__dirname, '../../../support/baseline-settled-probe.ts');
const RUNS = 6;

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

function probe(root: string, home: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', PROBE, root, home, '0'],
      { timeout: 60_000 },
      (_error, stdout) => resolve({ code: child.exitCode, out: stdout }),
    );
  });
}

describe('background baseline awaited', () => {
  it(`settled - awaited alone, the pending pass runs and the wait ends, ${RUNS} runs of ${RUNS}`, async () => {
    project = tempProject({ 'tests/test_a.py': 'def test_a():\n    assert True\n' });
    for (let i = 0; i < RUNS; i++) {
      const result = await probe(project.root, project.home);
      expect(result).toEqual({ code: 0, out: expect.stringMatching(/^settled: /u) as string });
    }
  }, 300_000);
});
