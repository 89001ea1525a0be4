import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { createPolicyRepository } from '../../../../src/main/core/store/policy-repository';
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

describe('createPolicyRepository', () => {
  it('defaults to ask with no rules, per project', () => {
    const repo = createPolicyRepository(db);
    expect(repo.get('p1')).toEqual({ mode: 'ask', rules: [], approveWhenClean: false });
    repo.setMode('p1', 'auto-edit');
    expect(repo.get('p1').mode).toBe('auto-edit');
    expect(repo.get('p2').mode).toBe('ask');
  });

  it('adds, lists (in order), de-duplicates and removes rules', () => {
    const repo = createPolicyRepository(db);
    const a = repo.addRule('p1', { tool: 'write', pathGlob: 'src/**', action: 'allow' });
    const b = repo.addRule('p1', { tool: 'edit_file', pathGlob: 'gen/**', action: 'deny' });
    expect(repo.addRule('p1', { tool: 'write', pathGlob: ' src/** ', action: 'allow' }).id).toBe(
      a.id,
    );
    expect(repo.get('p1').rules).toEqual([a, b]);
    expect(repo.get('p2').rules).toEqual([]);
    expect(repo.removeRule('p2', a.id)).toBe(false);
    expect(repo.removeRule('p1', a.id)).toBe(true);
    expect(repo.get('p1').rules).toEqual([b]);
  });

  it('refuses globs outside the project and empty tools', () => {
    const repo = createPolicyRepository(db);
    expect(() => repo.addRule('p1', { tool: 'write', pathGlob: '../**', action: 'allow' })).toThrow(
      /climbs out/u,
    );
    expect(() => repo.addRule('p1', { tool: ' ', pathGlob: 'a', action: 'allow' })).toThrow(
      /tool name/u,
    );
  });
});
