import { describe, expect, it } from 'vitest';
import { runMigrations } from '../../../../src/main/core/store/migration-runner';
import { appMigrations } from '../../../../src/main/core/store/migrations';
import { createNetworkRuleRepository } from '../../../../src/main/core/store/network-rule-repository';
import { hostAllowed } from '../../../../src/shared/network-hosts';
import { useTempDatabase } from './temp-home';

const database = useTempDatabase();

describe('NetworkRuleRepository', () => {
  it('add, list, remove - per project, hosts normalised, duplicates kept once', () => {
    runMigrations(database(), appMigrations);
    const repo = createNetworkRuleRepository(database());
    const rule = repo.add('p1', [' Registry.npmjs.org:443 ', '*.Example.com', '*.example.com']);
    expect(rule.hosts).toEqual(['registry.npmjs.org:443', '*.example.com']);
    expect(repo.add('p1', ['registry.npmjs.org:443', '*.example.com']).id).toBe(rule.id);
    repo.add('p1', ['127.0.0.1:8080']);
    expect(repo.list('p1').map((r) => r.hosts.join(' '))).toEqual([
      'registry.npmjs.org:443 *.example.com',
      '127.0.0.1:8080',
    ]);
    expect(repo.list('p2')).toEqual([]);
    const allowed = repo.allowedHosts('p1');
    expect(hostAllowed(allowed, 'registry.npmjs.org', 443)).toBe(true);
    expect(hostAllowed(allowed, 'cdn.example.com', 443)).toBe(true);
    expect(hostAllowed(allowed, '127.0.0.1', 8080)).toBe(true);
    expect(hostAllowed(repo.allowedHosts('p2'), 'registry.npmjs.org', 443)).toBe(false);
    expect(repo.remove('p2', rule.id)).toBe(false);
    expect(repo.remove('p1', rule.id)).toBe(true);
    expect(hostAllowed(repo.allowedHosts('p1'), 'registry.npmjs.org', 443)).toBe(false);
  });

  it('an invalid host list - is refused with the reason', () => {
    runMigrations(database(), appMigrations);
    const repo = createNetworkRuleRepository(database());
    expect(() => repo.add('p1', [])).toThrow(/empty/u);
    expect(() => repo.add('p1', ['https://example.com/x'])).toThrow(/not a host/u);
    expect(() => repo.add('p1', ['*'])).toThrow(/first label/u);
    expect(repo.list('p1')).toEqual([]);
  });
});
