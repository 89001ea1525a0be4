import { describe, expect, it } from 'vitest';
import { plural } from '../../src/shared/plural';

describe('plural', () => {
  it('plural - one in the singular, any other count in the plural', () => {
    expect(plural(1, 'file')).toBe('1 file');
    expect(plural(0, 'file')).toBe('0 files');
    expect(plural(2, 'match', 'matches')).toBe('2 matches');
  });
});
