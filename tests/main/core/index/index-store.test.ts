import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import {
  indexDatabasePath,
  migrateIndexDatabase,
} from '../../../../src/main/core/index/index-database';
import { createIndexStore } from '../../../../src/main/core/index/index-store';
import type { ParsedFile } from '../../../../src/main/core/index/index-types';
import { makeProject, type TestProject } from './index-test-project';

const LOOKUP_INDEXES = [
  'exports_file',
  'imports_file',
  'imports_target',
  'symbols_file',
  'symbols_name',
  'symbols_short_name',
];

function lookupIndexes(db: Database.Database): string[] {
  return db
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
    )
    .pluck()
    .all() as string[];
}

function parsed(path: string, name: string): ParsedFile {
  return {
    path,
    size: 1,
    mtimeMs: 1,
    hash: 'h',
    outcome: {
      status: 'ok',
      extraction: {
        symbols: [{ name, kind: 'function', line: 1, column: 1, exported: true, signature: name }],
        imports: [],
        exports: [],
      },
    },
  };
}

let db: Database.Database | undefined;
let project: TestProject | undefined;
afterEach(() => {
  db?.close();
  db = undefined;
  project?.cleanup();
  project = undefined;
});

describe('createIndexStore', () => {
  it('restores lookup indexes a bulk load left dropped - a crash mid-build is not permanent', () => {
    db = new Database(':memory:');
    migrateIndexDatabase(db);
    db.exec('DROP INDEX symbols_name; DROP INDEX imports_target;');
    createIndexStore(db);
    expect(lookupIndexes(db)).toEqual(LOOKUP_INDEXES);
  });

  it('withoutSecondaryIndexes - loads with the indexes dropped and rebuilds them, also on failure', async () => {
    db = new Database(':memory:');
    migrateIndexDatabase(db);
    const store = createIndexStore(db);
    const handle = db;
    let during: string[] = [];
    await store.withoutSecondaryIndexes(async () => {
      during = lookupIndexes(handle);
      store.writeFiles([parsed('a.ts', 'alpha')], () => undefined);
      await Promise.resolve();
    });
    expect(during).toEqual([]);
    expect(lookupIndexes(db)).toEqual(LOOKUP_INDEXES);
    expect(store.symbolsByName('alpha')).toHaveLength(1);

    await expect(
      store.withoutSecondaryIndexes(() => Promise.reject(new Error('load failed'))),
    ).rejects.toThrow('load failed');
    expect(lookupIndexes(db)).toEqual(LOOKUP_INDEXES);
  });
});

describe('SymbolIndex cold build', () => {
  it('bulk loads a large project - and leaves every lookup index in place', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 220; i++)
      files[`src/m${i}.ts`] =
        i > 0 ? `import { f${i - 1} } from './m${i - 1}';\nexport function f${i}() {}\n` : '';
    project = await makeProject(files);
    const index = project.openIndex({ pool: { entry: 'in-process' } });
    const summary = await index.refresh();
    expect(summary).toMatchObject({ files: 220, parsed: 220 });
    expect(index.findDefinition('f150').definitions[0]).toMatchObject({ path: 'src/m150.ts' });
    expect(index.findImporters('src/m150.ts').map((i) => i.path)).toEqual(['src/m151.ts']);
    await index.close();
    db = new Database(indexDatabasePath(project.home, project.dir), { readonly: true });
    expect(lookupIndexes(db)).toEqual(LOOKUP_INDEXES);
  });
});
