import { describe, expect, it } from 'vitest';
import { runMigrations } from '../../../../src/main/core/store/migration-runner';
import { appMigrations } from '../../../../src/main/core/store/migrations';
import { createNetworkRuleRepository } from '../../../../src/main/core/shell/network-rule-repository';
import { hostAllowed } from '../../../../src/shared/network-hosts';
import { useTempDatabase } from '../store/temp-home';

const database = useTempDatabase();

const allowed = (repo: ReturnType<typeof createNetworkRuleRepository>, projectId: string) =>
  repo.scopedHosts(projectId).flatMap((rule) => rule.hosts);

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
    const hostsP1 = allowed(repo, 'p1');
    expect(hostAllowed(hostsP1, 'registry.npmjs.org', 443)).toBe(true);
    expect(hostAllowed(hostsP1, 'cdn.example.com', 443)).toBe(true);
    expect(hostAllowed(hostsP1, '127.0.0.1', 8080)).toBe(true);
    expect(hostAllowed(allowed(repo, 'p2'), 'registry.npmjs.org', 443)).toBe(false);
    expect(repo.remove('p2', rule.id)).toBe(false);
    expect(repo.remove('p1', rule.id)).toBe(true);
    expect(hostAllowed(allowed(repo, 'p1'), 'registry.npmjs.org', 443)).toBe(false);
  });

  it('an invalid host list - is refused with the reason', () => {
    runMigrations(database(), appMigrations);
    const repo = createNetworkRuleRepository(database());
    expect(() => repo.add('p1', [])).toThrow(/empty/u);
    expect(() => repo.add('p1', ['https://example.com/x'])).toThrow(/not a host/u);
    expect(() => repo.add('p1', ['*'])).toThrow(/first label/u);
    expect(repo.list('p1')).toEqual([]);
  });

  it('a prefix - is kept with the rule, validated, and part of what makes a rule the same', () => {
    runMigrations(database(), appMigrations);
    const repo = createNetworkRuleRepository(database());
    const scoped = repo.add('p1', ['registry.npmjs.org'], [' npm ', 'install']);
    expect(scoped.prefix).toEqual(['npm', 'install']);
    const open = repo.add('p1', ['registry.npmjs.org']);
    expect(open.id).not.toBe(scoped.id);
    expect(repo.add('p1', ['registry.npmjs.org'], ['npm', 'install']).id).toBe(scoped.id);
    expect(repo.list('p1')).toEqual([
      { id: scoped.id, hosts: ['registry.npmjs.org'], prefix: ['npm', 'install'] },
      { id: open.id, hosts: ['registry.npmjs.org'] },
    ]);
    expect(repo.scopedHosts('p1').map((r) => r.prefix)).toEqual([['npm', 'install'], null]);
    expect(() => repo.add('p1', ['example.com'], ['bash'])).toThrow(/alone would allow/u);
    expect(() => repo.add('p1', ['example.com'], ['  '])).toThrow(/prefix is empty/u);
  });
});
