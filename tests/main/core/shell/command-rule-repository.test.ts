import { describe, expect, it } from 'vitest';
import { runMigrations } from '../../../../src/main/core/store/migration-runner';
import { appMigrations } from '../../../../src/main/core/store/migrations';
import { createCommandRuleRepository } from '../../../../src/main/core/shell/command-rule-repository';
import { useTempDatabase } from '../store/temp-home';

const database = useTempDatabase();

describe('CommandRuleRepository', () => {
  it('add, list, remove - per project, duplicates kept once', () => {
    runMigrations(database(), appMigrations);
    const repo = createCommandRuleRepository(database());
    const rule = repo.add('p1', { prefix: ['npm', 'test'], action: 'allow' });
    expect(repo.add('p1', { prefix: ['npm', 'test'], action: 'allow' }).id).toBe(rule.id);
    repo.add('p1', { prefix: ['curl'], action: 'deny' });
    expect(repo.list('p1').map((r) => r.prefix.join(' '))).toEqual(['npm test', 'curl']);
    expect(repo.list('p2')).toEqual([]);
    expect(repo.remove('p2', rule.id)).toBe(false);
    expect(repo.remove('p1', rule.id)).toBe(true);
    expect(repo.list('p1')).toHaveLength(1);
  });

  it('a bare interpreter - is refused as a prefix', () => {
    runMigrations(database(), appMigrations);
    const repo = createCommandRuleRepository(database());
    expect(() => repo.add('p1', { prefix: ['bash'], action: 'allow' })).toThrow(/alone/u);
    expect(() => repo.add('p1', { prefix: [' '], action: 'allow' })).toThrow(/empty/u);
  });
});
