import { describe, expect, it } from 'vitest';
import {
  formatHostPattern,
  hostAllowed,
  hostListedByName,
  parseHostList,
  parseHostPattern,
  type HostPattern,
} from '../../src/shared/network-hosts';

function list(...texts: string[]): HostPattern[] {
  const parsed = parseHostList(texts);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

describe('network host patterns', () => {
  it('parseHostPattern - reads names, wildcards, IP literals and ports', () => {
    expect(parseHostPattern('Registry.NPMjs.org.:443')).toEqual({
      host: 'registry.npmjs.org',
      wildcard: false,
      port: 443,
    });
    expect(parseHostPattern('*.example.com')).toEqual({
      host: 'example.com',
      wildcard: true,
      port: null,
    });
    expect(parseHostPattern('[::1]:8080')).toEqual({ host: '::1', wildcard: false, port: 8080 });
    expect(parseHostPattern('127.0.0.1')).toEqual({
      host: '127.0.0.1',
      wildcard: false,
      port: null,
    });
  });

  it.each([
    ['', 'empty'],
    ['https://example.com', 'not a host'],
    ['example.com/path', 'not a host'],
    ['example.com:0', 'invalid port'],
    ['example.com:99999', 'invalid port'],
    ['*', 'only allowed as a whole first label'],
    ['*.com', 'at least two labels'],
    ['a.*.com', 'whole first label'],
    ['ex ample.com', 'not a host'],
    ['-bad.com', 'not a valid host'],
  ])('parseHostPattern - refuses %j', (text, words) => {
    const result = parseHostPattern(text);
    expect(typeof result).toBe('string');
    expect(result).toContain(words);
  });

  it('parseHostList - refuses an empty list', () => {
    expect(parseHostList([])).toBe('the host list is empty');
  });

  it('hostAllowed - exact names on listed ports only, default ports 80 and 443', () => {
    const patterns = list('registry.npmjs.org:443', 'example.org');
    expect(hostAllowed(patterns, 'registry.npmjs.org', 443)).toBe(true);
    expect(hostAllowed(patterns, 'REGISTRY.npmjs.org.', 443)).toBe(true);
    expect(hostAllowed(patterns, 'registry.npmjs.org', 80)).toBe(false);
    expect(hostAllowed(patterns, 'example.org', 80)).toBe(true);
    expect(hostAllowed(patterns, 'example.org', 443)).toBe(true);
    expect(hostAllowed(patterns, 'example.org', 22)).toBe(false);
    expect(hostAllowed(patterns, 'evil-registry.npmjs.org', 443)).toBe(false);
    expect(hostAllowed(patterns, 'registry.npmjs.org.evil.com', 443)).toBe(false);
  });

  it('hostAllowed - a wildcard covers subdomains at any depth, not the domain or IP literals', () => {
    const patterns = list('*.example.com');
    expect(hostAllowed(patterns, 'a.example.com', 443)).toBe(true);
    expect(hostAllowed(patterns, 'a.b.example.com', 443)).toBe(true);
    expect(hostAllowed(patterns, 'example.com', 443)).toBe(false);
    expect(hostAllowed(patterns, 'badexample.com', 443)).toBe(false);
    expect(typeof parseHostPattern('*.0.0.1')).toBe('string');
    expect(hostAllowed(patterns, '1.example.com', 443)).toBe(true);
    expect(hostAllowed(list('*.in-addr.arpa'), '127.0.0.1', 80)).toBe(false);
  });

  it('hostAllowed - IP literals only when listed exactly', () => {
    const patterns = list('example.com', '10.0.0.1:8080', '[::1]:80');
    expect(hostAllowed(patterns, '93.184.216.34', 443)).toBe(false);
    expect(hostAllowed(patterns, '10.0.0.1', 8080)).toBe(true);
    expect(hostAllowed(patterns, '10.0.0.1', 80)).toBe(false);
    expect(hostAllowed(patterns, '::1', 80)).toBe(true);
    expect(hostAllowed(patterns, '', 80)).toBe(false);
    expect(hostAllowed(patterns, 'exa mple.com', 443)).toBe(false);
  });

  it('formatHostPattern - writes a pattern back as it is read', () => {
    for (const text of ['*.example.com:8443', 'registry.npmjs.org', '[::1]:80', '127.0.0.1:9'])
      expect(formatHostPattern(list(text)[0]!)).toBe(text);
  });

  it('hostListedByName - only exact name patterns on their ports, never wildcards or IPs', () => {
    const patterns = list(
      'api.example.com:8080',
      '*.example.org',
      '127.0.0.1',
      'registry.npmjs.org',
    );
    expect(hostListedByName(patterns, 'API.example.com.', 8080)).toBe(true);
    expect(hostListedByName(patterns, 'api.example.com', 80)).toBe(false);
    expect(hostListedByName(patterns, 'a.example.org', 443)).toBe(false);
    expect(hostListedByName(patterns, '127.0.0.1', 80)).toBe(false);
    expect(hostListedByName(patterns, 'registry.npmjs.org', 443)).toBe(true);
  });
});
