import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { createSettingsRepository } from '../../../../src/main/core/store/settings-repository';
import { makeTempHome } from './temp-home';

let temp: ReturnType<typeof makeTempHome>;
let db: WritableDb;
beforeEach(() => {
  temp = makeTempHome();
  db = openAppDatabase({ home: temp.home });
});
afterEach(() => {
  db.close();
  temp.cleanup();
});

describe('createSettingsRepository', () => {
  it('writes, reads back and deletes with null', () => {
    const repo = createSettingsRepository(db);
    expect(repo.write({ model: 'm1', maxTurns: 7, theme: 'dark' })).toEqual({
      model: 'm1',
      maxTurns: 7,
      theme: 'dark',
    });
    expect(repo.write({ model: null, baseUrl: 'https://x.test' })).toEqual({
      maxTurns: 7,
      theme: 'dark',
      baseUrl: 'https://x.test',
    });
    expect(createSettingsRepository(db).read().settings).toEqual({
      maxTurns: 7,
      theme: 'dark',
      baseUrl: 'https://x.test',
    });
  });

  it('refuses an invalid value - writes nothing of the patch', () => {
    const repo = createSettingsRepository(db);
    expect(() => repo.write({ model: 'ok', maxTurns: 0 })).toThrow(
      /Invalid value for setting "maxTurns"/,
    );
    expect(repo.read().settings).toEqual({});
  });

  it('reads a corrupt row as unset and reports it', () => {
    db.prepare(
      "INSERT INTO settings VALUES ('maxTurns', 'not json', 1), ('theme', '\"purple\"', 1), ('model', '\"m\"', 1)",
    ).run();
    expect(createSettingsRepository(db).read()).toEqual({
      settings: { model: 'm' },
      invalidKeys: ['maxTurns', 'theme'],
    });
  });

  it('stores a secret blob with its backend and deletes it', () => {
    const repo = createSettingsRepository(db);
    repo.writeSecret('k', { ciphertext: new Uint8Array([9, 8, 7]), backend: 'basic_text' });
    expect(repo.readSecret('k')).toEqual({
      ciphertext: new Uint8Array([9, 8, 7]),
      backend: 'basic_text',
    });
    expect(repo.deleteSecret('k')).toBe(true);
    expect(repo.readSecret('k')).toBeNull();
  });
});
