import { afterEach, describe, expect, it } from 'vitest';
import { createTestSelector } from '../../../../src/main/core/test-runs/test-selection';
import { tempProject, type TempProject } from './test-run-projects';

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

describe('test selection', () => {
  it('js - transitive importers through .js-named .ts imports and index files; a setup file named by the config selects all', () => {
    project = tempProject({
      'package.json': JSON.stringify({ scripts: { test: 'vitest run' } }),
      'vitest.config.ts': "export default { test: { setupFiles: ['./tests/setup.ts'] } };\n",
      'node_modules/.bin/vitest': '',
      'src/money.ts': 'export const cents = (n: number) => n * 100;\n',
      'src/cart/index.ts': "export { cents } from '../money.js';\n",
      'src/checkout.ts': "import { cents } from './cart';\nexport const pay = cents;\n",
      'tests/checkout.test.ts': "import { pay } from '../src/checkout';\n",
      'tests/other.test.ts': "import { x } from '../src/other';\n",
      'tests/setup.ts': '',
      'src/other.ts': 'export const x = 1;\n',
    });
    const select = createTestSelector();
    const money = select({ root: project.root, changes: [{ path: 'src/money.ts', after: '' }] });
    expect(money.plans[0]?.selection).toMatchObject({
      label: 'vitest related',
      targets: ['tests/checkout.test.ts'],
      whole: false,
      reason: '1 test file imports src/money.ts, directly or through other files',
    });
    expect(money.plans[0]?.commandWithReport('.r/report')).toBe(
      'node_modules/.bin/vitest related src/money.ts --run --passWithNoTests --reporter=json --outputFile=.r/report',
    );
    const setup = select({ root: project.root, changes: [{ path: 'tests/setup.ts', after: '' }] });
    expect(setup.plans[0]?.selection.whole).toBe(true);
    expect(setup.plans[0]?.selection.reason).toMatch(
      /^tests\/setup\.ts changed \(vitest's configuration or setup\)/u,
    );
    expect(setup.ms).toBeLessThan(1000);
  });

  it('js - a runner named but not installed is not run, saying it would need the network', () => {
    project = tempProject({
      'package.json': JSON.stringify({ devDependencies: { jest: '^30' } }),
      'src/a.js': '',
      'src/a.test.js': "require('./a');\n",
    });
    const result = createTestSelector()({
      root: project.root,
      changes: [{ path: 'src/a.js', after: '' }],
    });
    expect(result.plans).toEqual([]);
    expect(result.notRun[0]).toMatch(
      /jest is the project's test runner but is not installed .* would need the network/u,
    );
  });

  it('python - a change reaches tests through a package barrel; a shell word in a path is quoted', () => {
    project = tempProject({
      'app/__init__.py': 'from .core import run\n',
      'app/core.py': 'from .util import helper\n\ndef run():\n    return helper()\n',
      'app/util.py': 'def helper():\n    return 1\n',
      "tests/test_app's.py": 'import app\n',
      'tests/test_unrelated.py': 'import os\n',
    });
    const result = createTestSelector()({
      root: project.root,
      changes: [{ path: 'app/util.py', after: '' }],
    });
    expect(result.plans[0]?.selection.targets).toEqual(["tests/test_app's.py"]);
    expect(result.plans[0]?.selection.command).toContain(`'tests/test_app'\\''s.py'`);
  });

  it('go - a module that needs other modules and has no vendor folder is not run; go.mod changing selects every package', () => {
    project = tempProject({
      'go.mod': 'module example.com/x\n\ngo 1.19\n\nrequire golang.org/x/net v0.1.0\n',
      'a/a.go': 'package a\n',
    });
    const select = createTestSelector();
    expect(
      select({ root: project.root, changes: [{ path: 'a/a.go', after: '' }] }).notRun[0],
    ).toMatch(/needs other modules and has no vendor folder/u);
    project.write('go.mod', 'module example.com/x\n\ngo 1.19\n');
    const whole = select({
      root: project.root,
      changes: [{ path: 'go.mod', after: 'module example.com/x\n' }],
    });
    expect(whole.plans[0]?.selection).toMatchObject({ targets: ['./...'], whole: true });
  });
});
