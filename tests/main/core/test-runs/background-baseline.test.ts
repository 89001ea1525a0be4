// The baseline before it is needed, with real runners in private copies: asked once (the
// engine asks when the project opens and after each write), every test's baseline is run in the
// background, so a first edit's verdict runs only its own run; runs are counted from the trace.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { sandboxExecutable } from '../../../../src/main/core/test-runs/sandbox-executable';
import {
  createTestRunService,
  DEFAULT_TEST_RUN_SETTINGS,
  type TestRunService,
} from '../../../../src/main/core/test-runs/test-run-service';
import { tempProject, type TempProject } from './test-run-projects';
import { eventually, processesNaming, traceLog, type TraceLog } from './test-run-trace-log';

const canRun = detectSandbox().available && detectCopySupport().available;
const python = sandboxExecutable('python3');
const hasPytest =
  python !== null && spawnSync(python, ['-c', 'import pytest'], { stdio: 'ignore' }).status === 0;
const hasGo = sandboxExecutable('go') !== null;

const CART = 'def total(items):\n    return sum(p * q for p, q in items)\n';
const LABEL = 'def label(name):\n    return name.upper()\n';
const SHOP = {
  'shop/__init__.py': '',
  'shop/cart.py': CART,
  'shop/label.py': LABEL,
  'tests/test_cart.py':
    'from shop.cart import total\n\ndef test_total():\n    assert total([(2, 3)]) == 6\n\ndef test_already_broken():\n    assert total([]) == 1\n',
  'tests/test_label.py':
    'from shop.label import label\n\ndef test_label():\n    assert label("a") == "A"\n',
};

let project: TempProject | undefined;
let service: TestRunService | undefined;
let log: TraceLog | undefined;
afterEach(async () => {
  service?.dispose();
  await service?.baselineSettled();
  log?.stop();
  project?.cleanup();
  service = undefined;
  log = undefined;
  project = undefined;
});

function open(files: Record<string, string>, withNodeModules = false) {
  const opened = tempProject(files, withNodeModules);
  project = opened;
  log = traceLog(opened.root);
  service = createTestRunService({ root: opened.root, home: opened.home, baselineDebounceMs: 0 });
  return { project: opened, service, log };
}

/** A planted test that sleeps, named so its processes can be found. */
function slowTest(seconds: number): { file: string; text: string } {
  const file = `tests/test_slow_${randomBytes(6).toString('hex')}.py`;
  return { file, text: `import time\n\ndef test_slow():\n    time.sleep(${seconds})\n` };
}

describe.skipIf(!canRun || !hasPytest)('background baseline with pytest', () => {
  it('background baseline - filled with no edit; a first edit runs only its own runs and compares with it', async () => {
    const { service, log } = open(SHOP);
    service.prepareBaseline();
    await service.baselineSettled();
    const filled = log.runs(true);
    expect(filled).toHaveLength(1);
    expect(filled[0]?.end).toBe('ran');
    expect([...(filled[0]?.targets ?? [])].sort()).toEqual([
      'tests/test_cart.py',
      'tests/test_label.py',
    ]);
    expect(log.steps('finished')[0]?.detail).toMatch(/^kept 2 targets' baselines; 0 not known$/u);
    log.clear();
    const broken = await service.verdict({
      changes: [{ path: 'shop/cart.py', before: CART, after: CART.replace('p * q', 'p + q') }],
      deadlineMs: 120_000,
    });
    expect(broken.state).toBe('failed');
    expect(broken.newlyFailing.map((f) => f.name)).toEqual(['tests/test_cart.py::test_total']);
    expect(broken.alreadyFailing.map((f) => f.name)).toEqual([
      'tests/test_cart.py::test_already_broken',
    ]);
    // The proposed run alone (its failure ran again within it); no baseline run.
    expect(log.runs(false)).toHaveLength(1);
    expect(log.runs(false)[0]?.ranAgain).toBe(2);
    const passing = await service.verdict({
      changes: [{ path: 'shop/label.py', before: LABEL, after: LABEL.replace('()', '()[:1]') }],
      deadlineMs: 120_000,
    });
    expect(passing.state).toBe('passed');
    expect(log.runs(false)).toHaveLength(2);
    await service.baselineSettled();
    expect(log.runs(true)).toEqual([]);
  }, 120_000);

  it('background baseline - a write on disk re-runs only the targets it reaches, before the next edit', async () => {
    const { project, service, log } = open(SHOP);
    service.prepareBaseline();
    await service.baselineSettled();
    log.clear();
    const written = LABEL.replace('upper()', 'upper().strip()');
    project.write('shop/label.py', written);
    service.prepareBaseline();
    await service.baselineSettled();
    expect(log.runs(true).map((r) => r.targets)).toEqual([['tests/test_label.py']]);
    const verdict = await service.verdict({
      changes: [{ path: 'shop/label.py', before: written, after: `${written}\nX = 1\n` }],
      deadlineMs: 120_000,
    });
    expect(verdict.state).toBe('passed');
    expect(log.runs(false)).toHaveLength(1);
  }, 120_000);

  it('background baseline - a file written while the pass runs keeps nothing: the verdict runs the baseline of the new state', async () => {
    const name = `test_flag_${randomBytes(6).toString('hex')}.py`;
    const { project, service, log } = open({
      'shop/__init__.py': '',
      'shop/flag.py': 'OK = False\n',
      [`tests/${name}`]:
        'import time\nfrom shop.flag import OK\ntime.sleep(3)\n\ndef test_flag():\n    assert OK\n',
    });
    service.prepareBaseline();
    // The run has read the old text (it sleeps after importing it); then the disk changes
    // without anyone telling the service.
    await eventually(() => processesNaming(name).length > 0, 'the pass', 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    project.write('shop/flag.py', 'OK = True\n');
    await service.baselineSettled();
    expect(log.runs(true)).toHaveLength(1);
    const dropped = log.steps('not_known');
    expect(dropped.map((s) => [s.detail, s.targets])).toEqual([
      ['files they depend on changed while they ran', [`tests/${name}`]],
    ]);
    log.clear();
    // Today's disk passes: breaking it is newly failing (the old state would say "already").
    const verdict = await service.verdict({
      changes: [{ path: 'shop/flag.py', before: 'OK = True\n', after: 'OK = 0\n' }],
      deadlineMs: 120_000,
    });
    expect(verdict.state).toBe('failed');
    expect(verdict.newlyFailing.map((f) => f.name)).toEqual([`tests/${name}::test_flag`]);
    expect(verdict.alreadyFailing).toEqual([]);
    // The proposed run (its failure ran again within it) and the new state's baseline.
    expect(log.runs(false)).toHaveLength(2);
  }, 120_000);

  it("background baseline - a verdict's run makes the pass give way; it starts again on what is still unknown once the verdict ends", async () => {
    const slow = slowTest(60);
    const { service, log } = open({ ...SHOP, [slow.file]: slow.text });
    const marker = path.posix.basename(slow.file);
    service.prepareBaseline();
    await eventually(() => processesNaming(marker).length > 0, 'the pass', 30_000);
    const verdict = service.verdict({
      changes: [{ path: 'shop/label.py', before: LABEL, after: LABEL.replace('()', '()[:1]') }],
      deadlineMs: 120_000,
    });
    await eventually(() => processesNaming(marker).length === 0, 'the pass giving way', 10_000);
    await log.until(() => log.steps('yielded').length === 1, 10_000);
    expect((await verdict).state).toBe('passed');
    await log.until(() => log.steps('started').length === 2, 60_000);
    // The verdict's own baseline of tests/test_label.py is kept: the pass takes the rest.
    expect([...(log.steps('started')[1]?.targets ?? [])].sort()).toEqual(
      ['tests/test_cart.py', slow.file].sort(),
    );
  }, 120_000);

  it('dispose - stops a pass under way and leaves no process or copy behind', async () => {
    const slow = slowTest(60);
    const { project, service, log } = open({ ...SHOP, [slow.file]: slow.text });
    const marker = path.posix.basename(slow.file);
    service.prepareBaseline();
    await eventually(() => processesNaming(marker).length > 0, 'the pass', 30_000);
    const started = Date.now();
    service.dispose();
    await service.baselineSettled();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(processesNaming(marker)).toEqual([]);
    expect(readdirSync(path.join(project.home, 'test-copies'))).toEqual([]);
    expect(log.steps('stopped')).toHaveLength(1);
    expect(log.steps('finished')).toEqual([]);
  }, 60_000);

  it('a runner that cannot run here - the trace says why; the other runners’ baselines are kept', async () => {
    const { service, log } = open({
      ...SHOP,
      'package.json': JSON.stringify({ name: 'p', scripts: { test: 'vitest' } }),
      'web/a.test.js': "import { test } from 'vitest';\ntest('a', () => {});\n",
    });
    service.prepareBaseline();
    await service.baselineSettled();
    expect(log.steps('not_known').map((s) => s.detail)).toEqual([
      expect.stringMatching(/^vitest is the project's test runner but is not installed/u),
    ]);
    expect(log.steps('finished')[0]?.detail).toBe("kept 2 targets' baselines; 0 not known");
  }, 120_000);

  it('tests off - nothing runs and the trace says why', async () => {
    const opened = tempProject(SHOP);
    project = opened;
    log = traceLog(opened.root);
    service = createTestRunService({
      root: opened.root,
      home: opened.home,
      baselineDebounceMs: 0,
      settings: () => ({ ...DEFAULT_TEST_RUN_SETTINGS, enabled: false }),
    });
    service.prepareBaseline();
    await service.baselineSettled();
    expect(log.events.filter((e) => e.type === 'run')).toEqual([]);
    expect(log.steps().map((s) => [s.step, s.detail])).toEqual([
      ['skipped', 'tests before approval are turned off for this project in Settings'],
    ]);
    expect(existsSync(path.join(opened.home, 'test-copies'))).toBe(false);
  });
});

describe.skipIf(!canRun)('background baseline without tests', () => {
  it('no test file - nothing is selected or run', async () => {
    const { project, service, log } = open({
      'package.json': JSON.stringify({ name: 'p', scripts: { test: 'vitest' } }),
      'src/a.js': 'export const a = 1;\n',
      'shop/b.py': 'B = 1\n',
    });
    service.prepareBaseline();
    await service.baselineSettled();
    expect(log.steps().map((s) => [s.step, s.detail])).toEqual([
      ['skipped', 'the project has no test file'],
    ]);
    expect(existsSync(path.join(project.home, 'test-copies'))).toBe(false);
  });
});

describe.skipIf(!canRun)('background baseline with vitest', () => {
  const PRICE = 'export function price(n) { return n * 2; }\n';
  it('background baseline - vitest: filled with no edit; a first edit runs only its own run', async () => {
    const { service, log } = open(
      {
        'package.json': JSON.stringify({ name: 's', type: 'module', scripts: { test: 'vitest' } }),
        'vitest.config.js': 'export default { test: {} };\n',
        'src/price.js': PRICE,
        'src/name.js': 'export const name = "n";\n',
        'tests/price.test.js': `import { expect, test } from 'vitest';\nimport { price } from '../src/price.js';\ntest('doubles', () => { expect(price(2)).toBe(4); });\n`,
        'tests/name.test.js': `import { expect, test } from 'vitest';\nimport { name } from '../src/name.js';\ntest('names', () => { expect(name).toBe('n'); });\n`,
      },
      true,
    );
    service.prepareBaseline();
    await service.baselineSettled();
    expect(log.steps('finished')[0]?.detail).toMatch(/^kept 2 targets/u);
    log.clear();
    const verdict = await service.verdict({
      changes: [{ path: 'src/price.js', before: PRICE, after: PRICE.replace('n * 2', '2 * n') }],
      deadlineMs: 120_000,
    });
    expect(verdict.state).toBe('passed');
    expect(log.runs(false)).toHaveLength(1);
  }, 120_000);
});

describe.skipIf(!canRun || !hasGo)('background baseline with go test', () => {
  const NUM = 'package num\n\nfunc Double(n int) int {\n\treturn n * 2\n}\n';
  it('background baseline - go test: every package is kept; a first edit runs only its own run', async () => {
    const { service, log } = open({
      'go.mod': 'module example.com/num\n\ngo 1.19\n',
      'num.go': NUM,
      'num_test.go':
        'package num\n\nimport "testing"\n\nfunc TestDouble(t *testing.T) {\n\tif Double(2) != 4 {\n\t\tt.Fatal("no")\n\t}\n}\n',
      'text/text.go':
        'package text\n\nimport "example.com/num"\n\nfunc Twice(n int) int { return num.Double(n) }\n',
      'text/text_test.go':
        'package text\n\nimport "testing"\n\nfunc TestTwice(t *testing.T) {\n\tif Twice(1) != 2 {\n\t\tt.Fatal("no")\n\t}\n}\n',
    });
    service.prepareBaseline();
    await service.baselineSettled();
    expect(log.runs(true).map((r) => r.targets)).toEqual([['.', './text']]);
    expect(log.steps('finished')[0]?.detail).toMatch(/^kept 2 targets/u);
    log.clear();
    const verdict = await service.verdict({
      changes: [{ path: 'num.go', before: NUM, after: NUM.replace('n * 2', '2 * n') }],
      deadlineMs: 120_000,
    });
    expect(verdict.state).toBe('passed');
    expect(verdict.selection?.targets).toEqual(['.', './text']);
    expect(log.runs(false)).toHaveLength(1);
  }, 120_000);
});
