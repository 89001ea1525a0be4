import { describe, expect, it } from 'vitest';
import { changeSetIdFor, labelHunks, parseHunkSelectors } from '../../src/cli/change-set-picks';
import { UsageError } from '../../src/cli/cli-io';
import type { StoredChangeSet } from '../../src/main/core/store/change-set-repository';

function repoOf(ids: string[]) {
  return { idsStartingWith: (prefix: string) => ids.filter((id) => id.startsWith(prefix)) };
}

describe('change set picks', () => {
  const a = '3f2a9c10-0000-4000-8000-000000000001';
  const b = '3f2b0000-0000-4000-8000-000000000002';

  it('an id prefix - names the one set it starts, as git takes a short hash', () => {
    expect(changeSetIdFor(repoOf([a, b]), '3f2a')).toBe(a);
    expect(changeSetIdFor(repoOf([a, b]), '3F2B')).toBe(b);
    expect(changeSetIdFor(repoOf([a, b]), a)).toBe(a);
  });

  it('an ambiguous prefix - an error listing the matches; an unknown one is left for "no such set"', () => {
    expect(() => changeSetIdFor(repoOf([a, b]), '3f2')).toThrow(UsageError);
    expect(() => changeSetIdFor(repoOf([a, b]), '3f2')).toThrow(
      `"3f2" names more than one change set (${a}, ${b}); type more of its id.`,
    );
    expect(changeSetIdFor(repoOf([a, b]), 'zz')).toBe('zz');
  });

  it('--hunks - a bare number is the hunk show labels with it', () => {
    expect(parseHunkSelectors(['src/cart.ts:2', 'src/cart.ts:h1', 'a.ts:H3'])).toEqual({
      'src/cart.ts': ['h2', 'h1'],
      'a.ts': ['h3'],
    });
    expect(() => parseHunkSelectors(['src/cart.ts'])).toThrow('must look like PATH:h1,h2');
  });

  it('show - labels each hunk as apply --hunks takes it', () => {
    const file = {
      unifiedDiff: '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n@@ -9 +9 @@\n-c\n+d\n',
      hunks: [{ id: 'h1' }, { id: 'h2' }],
    } as unknown as StoredChangeSet['files'][number];
    expect(labelHunks(file)).toEqual([
      '--- a/x',
      '+++ b/x',
      'h1 @@ -1 +1 @@',
      '-a',
      '+b',
      'h2 @@ -9 +9 @@',
      '-c',
      '+d',
    ]);
  });
});
