import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { createTestRunService } from '../../../../src/main/core/test-runs/test-run-service';
import { tempProject, type TempProject } from './test-run-projects';

const canRun = detectSandbox().available && detectCopySupport().available;

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

describe.skipIf(!canRun)('the priority of a test run', () => {
  it('test verdict - the tests run at the priority of Sluice and its checkers, not below it', async () => {
    // The planted test passes only at this process's own priority (which checkers keep).
    project = tempProject({
      'package.json': JSON.stringify({
        name: 'p',
        type: 'module',
        scripts: { test: 'node --test' },
      }),
      'src/value.js': 'export const value = 1;\n',
      'test/priority.test.js': [
        "import test from 'node:test';",
        "import assert from 'node:assert';",
        "import os from 'node:os';",
        "import { value } from '../src/value.js';",
        `test('runs at priority ${os.getPriority()}', () => { assert.equal(value, 2); assert.equal(os.getPriority(), ${os.getPriority()}); });`,
        '',
      ].join('\n'),
    });
    const service = createTestRunService({ root: project.root, home: project.home });
    const verdict = await service.verdict({
      changes: [
        {
          path: 'src/value.js',
          before: 'export const value = 1;\n',
          after: 'export const value = 2;\n',
        },
      ],
      deadlineMs: 120_000,
    });
    service.dispose();
    expect(verdict.state).toBe('passed');
    expect(verdict.passed).toBe(1);
  }, 180_000);
});
