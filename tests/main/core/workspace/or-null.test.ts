// A read whose failure means "nothing there" answers null instead of throwing.
import { describe, expect, it } from 'vitest';
import { orNull } from '../../../../src/main/core/workspace/or-null';

describe('orNull', () => {
  it('a read that succeeds - answers its value', () => {
    expect(orNull(() => 'text')).toBe('text');
  });

  it('a read that throws - answers null', () => {
    expect(
      orNull(() => {
        throw new Error('ENOENT');
      }),
    ).toBeNull();
  });
});
