// `sluice def` / `sluice importers` in a never-indexed project (issue 20): the answer comes
// from a quick search, stderr says so, and the index answers the next run with the same
// output; a partial quick answer is said and not printed. Here the io has no background
// launcher, so the verb finishes the index itself (background-index.test.ts: the detached one).
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeCliIo } from '../../support/fake-cli-io';
import { main } from '../../../src/cli/main';
import { indexDatabasePath } from '../../../src/main/core/index/index-database';

let base: string;

function fakeIo() {
  return fakeCliIo({ cwd: base, env: { SLUICE_HOME: path.join(base, 'home') } });
}

beforeEach(() => {
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-cli-quick-')));
  cpSync(path.resolve(__dirname, '../../fixtures/index/constructs'), path.join(base, 'proj'), {
    recursive: true,
  });
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const QUICK = /answered from a quick search; the index is still being built/;

describe('sluice def - before the index', () => {
  it('answers from the quick search, says so on stderr, and leaves a complete index behind', async () => {
    const first = fakeIo();
    expect(await main(['def', 'area', '--project', 'proj'], first)).toBe(0);
    expect(first.err()).toMatch(QUICK);
    expect(first.out()).toMatch(/^1 definition of area:\nsrc\/shapes\.ts:2:17 function area/);
    const second = fakeIo();
    expect(await main(['def', 'area', '--project', 'proj'], second)).toBe(0);
    expect(second.err()).toBe('');
    expect(second.out()).toBe(first.out());
  });

  it('with a background launcher, no index database is created in this process (issue 30)', async () => {
    const home = path.join(base, 'home');
    const database = indexDatabasePath(home, path.join(base, 'proj'));
    const launched: boolean[] = [];
    const io = {
      ...fakeIo(),
      startBackgroundIndex: () => {
        launched.push(existsSync(database));
        return Promise.resolve({ kind: 'failed' as const, message: 'not in this test' });
      },
    };
    expect(await main(['def', 'area', '--project', 'proj'], io)).toBe(0);
    expect(io.out()).toMatch(/^1 definition of area:\nsrc\/shapes\.ts:2:17 function area/);
    expect(io.err()).toMatch(/could not start the background index \(not in this test\)/);
    expect(launched).toEqual([false]);
    expect(existsSync(database)).toBe(false);
    // importers the same way.
    const imports = { ...fakeIo(), startBackgroundIndex: io.startBackgroundIndex };
    expect(await main(['importers', 'src/shapes.ts', '--project', 'proj'], imports)).toBe(0);
    expect(launched).toEqual([false, false]);
  });

  it('a name nothing defines waits for the index, which suggests similar names (exit 1)', async () => {
    const io = fakeIo();
    expect(await main(['def', 'Shap', '--project', 'proj'], io)).toBe(1);
    expect(io.err()).not.toMatch(QUICK);
    expect(io.err()).toMatch(/Similar names: .*Shape/);
  });
});

describe('sluice importers - before the index', () => {
  it('answers from the quick search with the index answer, said on stderr', async () => {
    const args = ['importers', 'src/geometry/index.ts#distance', '--project', 'proj', '--json'];
    const first = fakeIo();
    expect(await main(args, first)).toBe(0);
    expect(first.err()).toMatch(QUICK);
    expect(first.out()).not.toBe('');
    const second = fakeIo();
    expect(await main(args, second)).toBe(0);
    expect(second.err()).toBe('');
    expect(second.out()).toBe(first.out());
  });

  it('a partial quick answer is said on stderr, and the index answers', async () => {
    const dir = path.join(base, 'chain');
    mkdirSync(path.join(dir, 'src'), { recursive: true });
    writeFileSync(path.join(dir, 'src/b0.ts'), 'export const deepest = 1;\n');
    for (let i = 1; i <= 15; i++)
      writeFileSync(path.join(dir, `src/b${i}.ts`), `export * from './b${i - 1}';\n`);
    writeFileSync(path.join(dir, 'src/top.ts'), "import { deepest } from './b15';\n");
    const io = fakeIo();
    expect(await main(['importers', 'src/b0.ts#deepest', '--project', 'chain'], io)).toBe(0);
    expect(io.err()).toMatch(/partial: the index is still being built .*waiting for the index/);
    expect(io.out()).toMatch(/^src\/top\.ts:1 \.\/b15 via src\/b15\.ts/m);
  });
});
