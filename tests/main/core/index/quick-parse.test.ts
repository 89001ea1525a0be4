// The quick store: for definitions it reads TypeScript and JavaScript with oxc (rows without
// module references, so never handed to warm the index), and with TypeScript's parse job a
// file oxc leaves (a syntax error) or any file when it answers importers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuickStore } from '../../../../src/main/core/index/quick-parse';
import { makeProject, type TestProject } from './index-test-project';

describe('quick store', () => {
  let project: TestProject;
  beforeAll(async () => {
    project = await makeProject({
      'src/a.ts': "import { b } from './b';\nexport class Widget { run() { return b; } }\n",
      'src/b.ts': 'export const b = 1;\n',
      'src/broken.ts': 'export class Broken {\n',
    });
  });
  afterAll(() => project.cleanup());

  it('definitions - read with oxc, kept from warming the index', async () => {
    const quick = createQuickStore(project.dir, 1_000_000, () => undefined, 'definitions');
    try {
      const [a] = await quick.add(['src/a.ts']);
      expect(a?.outcome).toMatchObject({
        status: 'ok',
        extraction: {
          symbols: [
            expect.objectContaining({ name: 'Widget', kind: 'class', line: 2, column: 14 }),
            expect.objectContaining({ name: 'Widget.run', kind: 'method' }),
          ],
          // oxc's rows carry no module references.
          imports: [],
        },
      });
      expect(quick.store.symbolsByName('Widget')).toHaveLength(1);
      expect(quick.whole()).toEqual([]);
    } finally {
      quick.close();
    }
  });

  it('definitions - a file oxc cannot read goes through the parse job, whole', async () => {
    const quick = createQuickStore(project.dir, 1_000_000, () => undefined, 'definitions');
    try {
      await quick.add(['src/broken.ts', 'src/b.ts']);
      expect(quick.whole().map((f) => [f.path, f.outcome.status])).toEqual([
        ['src/broken.ts', 'parse-error'],
      ]);
    } finally {
      quick.close();
    }
  });

  it('importers - every file through the parse job, with its imports', async () => {
    const quick = createQuickStore(project.dir, 1_000_000, () => undefined);
    try {
      await quick.add(['src/a.ts']);
      const [a] = quick.whole();
      expect(a?.outcome).toMatchObject({
        status: 'ok',
        extraction: { imports: [expect.objectContaining({ specifier: './b', imported: 'b' })] },
      });
    } finally {
      quick.close();
    }
  });
});
