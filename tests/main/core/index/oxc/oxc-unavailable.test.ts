// Where oxc's native binding cannot load (a platform without a prebuilt binary), the quick
// definitions parse every file with TypeScript, whole, as before oxc was used.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadOxc, extractWithOxc } from '../../../../../src/main/core/index/oxc/oxc-extract-file';
import { createQuickStore } from '../../../../../src/main/core/index/quick-parse';
import { makeProject, type TestProject } from '../index-test-project';

vi.mock('oxc-parser', () => {
  throw new Error('Cannot find native binding');
});

describe('oxc unavailable', () => {
  let project: TestProject;
  beforeAll(async () => {
    project = await makeProject({ 'src/a.ts': 'export class Widget {}\n' });
  });
  afterAll(() => project.cleanup());

  it('loadOxc - false, and nothing is read with it', async () => {
    expect(await loadOxc()).toBe(false);
    expect(extractWithOxc('src/a.ts', 'export class Widget {}\n')).toBeUndefined();
  });

  it('definitions store - every file through the parse job, whole', async () => {
    const quick = createQuickStore(project.dir, 1_000_000, () => undefined, 'definitions');
    try {
      await quick.add(['src/a.ts']);
      expect(quick.whole().map((f) => f.path)).toEqual(['src/a.ts']);
      expect(quick.store.symbolsByName('Widget')).toHaveLength(1);
    } finally {
      quick.close();
    }
  });
});
