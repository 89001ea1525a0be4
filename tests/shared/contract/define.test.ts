// The contract's shared input shapes: a method that takes nothing, and one that names a record.
import { describe, expect, it } from 'vitest';
import { byId, idText, noInput } from '../../../src/shared/contract/define';

describe('contract input shapes', () => {
  it('noInput - accepts only {}', () => {
    expect(noInput.safeParse({}).success).toBe(true);
    expect(noInput.safeParse({ extra: 1 }).success).toBe(false);
  });

  it('idText - never empty, at most 200 characters', () => {
    expect(idText.safeParse('a1').success).toBe(true);
    expect(idText.safeParse('').success).toBe(false);
    expect(idText.safeParse('x'.repeat(201)).success).toBe(false);
  });

  it('byId - one id and nothing else', () => {
    expect(byId.parse({ id: 'r1' })).toEqual({ id: 'r1' });
    expect(byId.safeParse({ id: 'r1', more: true }).success).toBe(false);
  });
});
