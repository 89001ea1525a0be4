// A rule field's text as the rule holds it: prefix words, network hosts.
import { describe, expect, it } from 'vitest';
import { hostList, words } from '../../../src/renderer/src/settings/rule-words';

describe('rule words', () => {
  it('words - split at any white space, blanks dropped, quotes kept as typed', () => {
    expect(words('  npm  run "build" ')).toEqual(['npm', 'run', '"build"']);
    expect(words('   ')).toEqual([]);
  });

  it('hostList - split at spaces and commas', () => {
    expect(hostList('registry.npmjs.org, *.example.com:8443 a.b')).toEqual([
      'registry.npmjs.org',
      '*.example.com:8443',
      'a.b',
    ]);
  });
});
