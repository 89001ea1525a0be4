import { afterEach, describe, expect, it } from 'vitest';
import { rmSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { makeProject, type TestProject } from './index-test-project';
import type { WatchFunction } from '../../../../src/main/core/index/index-watcher';

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

  it('names the changed code and config files to onFilesChanged - after the index took them in', async () => {
    project = await makeProject({
      'src/a.ts': 'export const one = 1;\n',
      'tsconfig.json': '{}\n',
      'node_modules/x/index.ts': 'export const ignored = 1;\n',
      '.gitignore': 'node_modules\n',
    });
    const index = project.openIndex();
    await index.refresh();
    const heard: { paths: string[]; indexed: boolean }[] = [];
    const watcher = index.watch({
      debounceMs: 20,
      onFilesChanged: (paths) =>
        heard.push({
          paths: [...paths].sort(),
          indexed: index.findDefinition('two').definitions.length === 1,
        }),
    });
    project.write('src/a.ts', 'export const two = 2;\n');
    project.write('tsconfig.json', '{ "compilerOptions": {} }\n');
    project.write('src/notes.txt', 'not code\n');
    project.write('node_modules/x/index.ts', 'export const stillIgnored = 1;\n');
    await until(() => heard.length > 0);
    await new Promise((r) => setTimeout(r, 150));
    await watcher.settled();
    expect(heard.flatMap((h) => h.paths).sort()).toEqual(['src/a.ts', 'tsconfig.json']);
    expect(heard.every((h) => h.indexed)).toBe(true);
    watcher.close();
  });

  it('falls back to polling when the OS runs out of watches - with a visible notice', async () => {
    project = await makeProject({
      'src/a.ts': 'export const one = 1;\n',
      'src/b/c.ts': 'export const sea = 1;\n',
    });
    const index = project.openIndex();
    await index.refresh();
    let granted = 0;
    const opened: FSWatcher[] = [];
    // The first folder gets a real watch; the next one finds inotify's limit reached.
    const limited: WatchFunction = (folder, options, listener) => {
      if (granted++ >= 1)
        throw Object.assign(
          new Error(`ENOSPC: System limit for number of file watchers reached, watch '${folder}'`),
          { code: 'ENOSPC' },
        );
      const watcher = watch(folder, options, listener);
      opened.push(watcher);
      return watcher;
    };
    const notices: (string | undefined)[] = [];
    const errors: unknown[] = [];
    const watcher = index.watch({
      watch: limited,
      pollMs: 30,
      debounceMs: 20,
      onNotice: (n) => notices.push(n),
      onError: (e) => errors.push(e),
    });
    expect(watcher.mode()).toBe('polling');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(
      /system limit \(ENOSPC: raise fs\.inotify\.max_user_watches\).*polling/,
    );
    expect(index.status().notices).toEqual([notices[0]]);
    expect((errors[0] as { code?: string }).code).toBe('ENOSPC');

    // Changes in the folder that got no watch are still seen, by polling.
    project.write('src/b/c.ts', 'export const polled = 1;\n');
    await until(() => index.findDefinition('polled').definitions.length === 1);
    project.write('src/b/new.ts', 'export const fresh = 1;\n');
    await until(() => index.findDefinition('fresh').definitions.length === 1);

    watcher.close();
    expect(notices.at(-1)).toBeUndefined();
    expect(index.status().notices).toBeUndefined();
    for (const w of opened) w.close();
  });

  it('treats EMFILE from a watch error event as the limit too - and keeps up by polling', async () => {
    project = await makeProject({ 'src/a.ts': 'export const one = 1;\n' });
    const index = project.openIndex();
    await index.refresh();
    let first: FSWatcher | undefined;
    const failing: WatchFunction = (folder, options, listener) => {
      const w = watch(folder, options, listener);
      first ??= w;
      return w;
    };
    const watcher = index.watch({ watch: failing, pollMs: 30, onError: () => undefined });
    expect(watcher.mode()).toBe('watching');
    first?.emit(
      'error',
      Object.assign(new Error('EMFILE: too many open files'), { code: 'EMFILE' }),
    );
    expect(watcher.mode()).toBe('polling');
    expect(index.status().notices?.[0]).toMatch(/EMFILE/);
    project.write('src/a.ts', 'export const two = 2;\n');
    await until(() => index.findDefinition('two').definitions.length === 1);
    watcher.close();
  });
});
