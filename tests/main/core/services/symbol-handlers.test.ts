import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher, sluiceContract } from '../../../../src/shared/contract';
import type { IndexStatus } from '../../../../src/shared/contract/symbol-service';
import { createSymbolHandlers } from '../../../../src/main/core/services/symbol-handlers';
import type { SymbolIndex } from '../../../../src/main/core/index/symbol-index';
import { makeProject, type TestProject } from '../index/index-test-project';

let project: TestProject;
let index: SymbolIndex;
const statuses: IndexStatus[] = [];

beforeAll(async () => {
  project = await makeProject('constructs');
  index = project.openIndex();
});
afterAll(() => project.cleanup());

describe('createSymbolHandlers', () => {
  const handlers = () =>
    createSymbolHandlers({ currentIndex: () => index, emitStatus: (s) => statuses.push(s) });

  it('builds on first query, emitting index.status - and answers every method of the contract', async () => {
    const h = handlers();
    const definition = await h.definition({ name: 'area' });
    expect(statuses.at(-1)).toMatchObject({ indexing: false, files: 16 });
    expect(definition.definitions[0]).toMatchObject({ path: 'src/shapes.ts', kind: 'function' });
    expect((await h.importers({ target: 'src/side-effect.ts' })).importers).toHaveLength(1);
    expect((await h.outline({ path: 'src/colors.ts' })).map((d) => d.name)).toEqual([
      'Color',
      'PRIMARY',
      'default',
    ]);
    expect((await h.search({ query: 'shape', limit: 3 })).length).toBeGreaterThan(0);
    expect(await h.searchFiles({ query: 'barrel', limit: 2 })).toEqual([
      'src/barrel.ts',
      'src/outer-barrel.ts',
    ]);
    expect(await h.status({})).toMatchObject({ files: 16, indexing: false });
  });

  it('reindex emits status and returns the final one', async () => {
    statuses.length = 0;
    const status = await handlers().reindex({});
    expect(status).toMatchObject({ files: 16, indexing: false });
    expect(statuses.at(-1)).toEqual(status);
  });

  it('passes the contract output validation through the dispatcher', async () => {
    const services = { symbols: handlers() } as unknown as Parameters<typeof createDispatcher>[1];
    const dispatch = createDispatcher(sluiceContract, services);
    const reply = await dispatch('symbols.definition', { name: 'Shape' });
    expect(reply).toMatchObject({ ok: true });
  });

  it('diagnosticsMemory - the running checkers of the open project, empty when none runs', async () => {
    const services = [
      { language: 'typescript', rssBytes: 190_000_000 },
      { language: 'python', rssBytes: 99_000_000 },
    ];
    const withChecker = createSymbolHandlers({
      currentIndex: () => index,
      emitStatus: () => undefined,
      currentDiagnostics: () => ({ memory: () => ({ services }) }),
    });
    const dispatch = createDispatcher(sluiceContract, {
      symbols: withChecker,
    } as unknown as Parameters<typeof createDispatcher>[1]);
    expect(await dispatch('symbols.diagnosticsMemory', {})).toEqual({
      ok: true,
      value: { services },
    });
    expect(await handlers().diagnosticsMemory({})).toEqual({ services: [] });
    const noService = createSymbolHandlers({
      currentIndex: () => index,
      emitStatus: () => undefined,
      currentDiagnostics: () => undefined,
    });
    expect(await noService.diagnosticsMemory({})).toEqual({ services: [] });
  });
});

describe('createSymbolHandlers - while the first build runs', () => {
  it('the symbol search answers from what is indexed so far, without waiting for the build', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 400; i++)
      files[`src/m${i}.ts`] = `export function needle${i}(): number { return ${i}; }\n`;
    const big = await makeProject(files);
    try {
      const building = big.openIndex();
      const h = createSymbolHandlers({ currentIndex: () => building, emitStatus: () => undefined });
      const refresh = building.refresh();
      // Wait until some files are in, then search mid-build.
      while (building.status().done === 0) await new Promise((r) => setTimeout(r, 2));
      const found = await h.search({ query: 'needle', limit: 500 });
      const midBuild = building.isRefreshing;
      await refresh;
      expect(midBuild).toBe(true);
      expect(found.length).toBeGreaterThan(0);
      expect(found.length).toBeLessThan(400);
      expect(await h.search({ query: 'needle', limit: 500 })).toHaveLength(400);
    } finally {
      big.cleanup();
    }
  });
});
