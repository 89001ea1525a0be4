import { afterEach, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { makeProject, type TestProject } from './index-test-project';

let project: TestProject | undefined;
afterEach(() => project?.cleanup());

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('watchIndex', () => {
  it('picks up edits, new files in new folders, and deletions while running', async () => {
    project = await makeProject({
      'src/a.ts': 'export const one = 1;\n',
      'node_modules/x/index.ts': 'export const ignored = 1;\n',
      '.gitignore': 'node_modules\n',
    });
    const index = project.openIndex();
    await index.refresh();
    const watcher = index.watch({ debounceMs: 20 });

    project.write('src/a.ts', 'export const two = 2;\n');
    await until(() => index.findDefinition('two').definitions.length === 1);
    expect(index.findDefinition('one').definitions).toEqual([]);

    project.write(
      'src/deep/new/b.ts',
      "import { two } from '../../a';\nexport const three = two;\n",
    );
    await until(() => index.findDefinition('three').definitions.length === 1);
    expect(index.findImporters('src/a.ts#two').map((i) => i.path)).toEqual(['src/deep/new/b.ts']);

    rmSync(path.join(project.dir, 'src/deep/new/b.ts'));
    await until(() => index.findDefinition('three').definitions.length === 0);

    project.write('node_modules/x/index.ts', 'export const stillIgnored = 1;\n');
    await new Promise((r) => setTimeout(r, 150));
    await watcher.settled();
    expect(index.findDefinition('stillIgnored').definitions).toEqual([]);
    watcher.close();
  });
});
