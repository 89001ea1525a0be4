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
