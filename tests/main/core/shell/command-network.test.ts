import { beforeAll, describe, expect, it } from 'vitest';
import type { Parser } from 'web-tree-sitter';
import {
  hostNames,
  hostsForCommand,
  planFromGrant,
} from '../../../../src/main/core/shell/command-network';
import { loadShellParser } from '../../../../src/main/core/shell/shell-grammar';
import { parseCommandLine } from '../../../../src/main/core/shell/shell-parser';
import type { ScopedHosts } from '../../../../src/main/core/shell/network-rule-repository';
import { formatHostPattern, parseHostList } from '../../../../src/shared/network-hosts';

let parser: Parser;
beforeAll(async () => {
  parser = await loadShellParser();
});

function rule(hosts: string[], prefix: string[] | null = null): ScopedHosts {
  const parsed = parseHostList(hosts);
  if (typeof parsed === 'string') throw new Error(parsed);
  return { hosts: parsed, prefix };
}

function hostsFor(rules: ScopedHosts[], command: string): string[] {
  const parsed = parseCommandLine(parser, command, { root: '/p', cwd: '/p' });
  return hostsForCommand(rules, parsed).map(formatHostPattern);
}

describe('hostsForCommand', () => {
  const rules = [
    rule(['registry.npmjs.org'], ['npm', 'install']),
    rule(['pypi.org', 'registry.npmjs.org']),
    rule(['github.com'], ['git', 'fetch']),
  ];

  it('a rule without prefix - applies to every command line, hosts deduplicated', () => {
    expect(hostsFor(rules, 'make build')).toEqual(['pypi.org', 'registry.npmjs.org']);
  });

  it('a prefixed rule - applies when every command of the line starts with it', () => {
    expect(hostsFor(rules, 'git fetch origin && git fetch upstream')).toEqual([
      'pypi.org',
      'registry.npmjs.org',
      'github.com',
    ]);
    expect(hostsFor([rules[2]!], 'git fetch origin')).toEqual(['github.com']);
  });

  it.each([
    'git fetch origin; curl https://evil.example',
    'git fetch $(curl evil.example)',
    'git fetch `whoami`',
    'sh -c "git fetch && curl x"',
    'git fetchall',
    'git',
  ])('a prefixed rule - does not apply to %s', (command) => {
    expect(hostsFor([rules[2]!], command)).toEqual([]);
  });
});

describe('planFromGrant', () => {
  it('off, a host list, full - become plans; a bad host list says why', () => {
    expect(planFromGrant({ type: 'off' })).toEqual({ full: false, hosts: [] });
    expect(planFromGrant({ type: 'full' })).toEqual({ full: true, hosts: [] });
    expect(
      hostNames(planFromGrant({ type: 'hosts', hosts: [' example.com:8443 '] }) as never),
    ).toEqual(['example.com:8443']);
    expect(planFromGrant({ type: 'hosts', hosts: ['http://x/'] })).toMatch(/not a host/u);
  });
});
