// Tests before approval at the memory ceiling, held by the watchdog alone (memoryCgroup: false,
// as on a machine without cgroup delegation): a proposed test that allocates past a 200 MB
// ceiling is stopped in its copy, and the verdict is "not run: stopped at the memory ceiling of
// 200 MB", even though the runner had written a report first; a test under the ceiling runs
// and its report is read.
import { afterEach, describe, expect, it } from 'vitest';
import { notRunVerdict } from '../../../../src/shared/test-verdict';
import { testsResultLine } from '../../../../src/main/core/evidence/test-words';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { runningMemoryWatchdogs } from '../../../../src/main/core/sandbox/memory-watchdog';
import { runPlanInCopy } from '../../../../src/main/core/test-runs/test-copy-run';
import { shellQuote, type TestPlan } from '../../../../src/main/core/test-runs/test-plan';
import { tempProject, treeHash, type TempProject } from './test-run-projects';
import path from 'node:path';

const MB = 1024 * 1024;
const sandbox = detectSandbox();
const canRun = process.platform === 'linux' && sandbox.available && detectCopySupport().available;

/** The "runner": writes a JUnit report of one passing test, then runs the test file. */
const RUNNER = `const fs = require('node:fs');
fs.writeFileSync(process.argv[2], '<testsuites><testcase name="fits" classname="t" file="big.test.js"/></testsuites>');
require('./big.test.js');
`;

const PLAN: TestPlan = {
  selection: {
    runner: 'node-test',
    command: 'node runner.js',
    label: 'node runner.js',
    targets: ['big.test.js'],
    whole: false,
    reason: 'big.test.js changed',
  },
  format: 'junit-xml',
  commandWithReport: (report) => `${shellQuote(process.execPath)} runner.js ${shellQuote(report)}`,
};

/** A test file holding `mb` MB, touched; `wait` ms later it ends. */
const bigTest = (mb: number, wait: number) =>
  `const a=[];for(let i=0;i<${mb / 8};i++)a.push(Buffer.alloc(8*1024*1024,1));setTimeout(()=>{},${wait});\n`;

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

function runIn(files: { path: string; after: string }[]) {
  if (!project) throw new Error('no project');
  return runPlanInCopy({
    root: project.root,
    plan: PLAN,
    files,
    sandbox,
    copiesDir: path.join(project.home, 'test-copies'),
    timeoutMs: 60_000,
    signal: new AbortController().signal,
    hidden: [project.home],
    maxMemoryBytes: 200 * MB,
    memoryCgroup: false,
  });
}

describe.skipIf(!canRun)('tests in a copy - memory ceiling without a cgroup', () => {
  it('a proposed test allocating past 200 MB - not run, stopped at the memory ceiling, the project untouched', async () => {
    project = tempProject({ 'runner.js': RUNNER, 'big.test.js': bigTest(8, 0) });
    const before = treeHash(project.root);
    const started = Date.now();
    const result = await runIn([{ path: 'big.test.js', after: bigTest(1024, 20_000) }]);
    expect(Date.now() - started).toBeLessThan(20_000);
    if (result.kind !== 'failed') throw new Error(`expected failed, got ${result.kind}`);
    expect(result.reason).toMatch(
      /^stopped at the memory ceiling of 200 MB: the tests' \d+ processes held \d+ MB and were killed$/u,
    );
    const verdict = notRunVerdict(result.reason, result.ms);
    expect(testsResultLine(verdict, 'written')).toMatch(
      /^Tests: not run — stopped at the memory ceiling of 200 MB: /u,
    );
    expect(treeHash(project.root)).toBe(before);
    expect(runningMemoryWatchdogs()).toBe(0);
  }, 60_000);

  it('a test under the ceiling - runs, and its report is read', async () => {
    project = tempProject({ 'runner.js': RUNNER, 'big.test.js': bigTest(8, 0) });
    const result = await runIn([{ path: 'big.test.js', after: bigTest(48, 500) }]);
    if (result.kind !== 'ran') throw new Error(`expected ran, got ${JSON.stringify(result)}`);
    expect(result.outcomes.map((o) => [o.name, o.status])).toEqual([['t::fits', 'passed']]);
    expect(runningMemoryWatchdogs()).toBe(0);
  }, 60_000);
});
