// Real temp folders for store tests; each test removes its own.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { openSqliteWritable } from '../../../../src/main/core/store/sqlite-connection';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';

export function makeTempHome(): { home: string; cleanup(): void } {
  const home = mkdtempSync(path.join(os.tmpdir(), 'sluice-store-'));
  return { home, cleanup: () => rmSync(home, { recursive: true, force: true }) };
}

/** A database in a fresh temp home for each test of the calling file (its own hooks). */
function useTemp(name: string, open: (home: string) => WritableDb): () => WritableDb {
  let temp: ReturnType<typeof makeTempHome> | undefined;
  let db: WritableDb | undefined;
  beforeEach(() => {
    temp = makeTempHome();
    db = open(temp.home);
  });
  afterEach(() => {
    db?.close();
    temp?.cleanup();
    db = undefined;
    temp = undefined;
  });
  return () => {
    if (!db) throw new Error(`${name}: the database exists only inside a test.`);
    return db;
  };
}

/**
 * A fresh SQLite file in a temp folder for each test of the calling file (registers its own
 * beforeEach/afterEach); call the returned function inside a test to get the handle.
 */
export function useTempDatabase(): () => WritableDb {
  return useTemp('useTempDatabase', (home) => openSqliteWritable(path.join(home, 'm.db')));
}

/** The app database (every migration run) in a temp home for each test of the calling file. */
export function useTempAppDatabase(): () => WritableDb {
  return useTemp('useTempAppDatabase', (home) => openAppDatabase({ home }));
}
