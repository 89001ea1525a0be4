import { describe, expect, it } from 'vitest';
import { memorySizeText, stoppedAtMemoryCeiling } from '../../src/shared/memory-ceiling-words';

const MB = 1024 * 1024;
const GB = 1024 * MB;

describe('memory ceiling words', () => {
  it('memorySizeText - whole megabytes under a gigabyte, one decimal under ten, whole above', () => {
    expect(memorySizeText(200 * MB)).toBe('200 MB');
    expect(memorySizeText(96 * MB)).toBe('96 MB');
    expect(memorySizeText(1000)).toBe('1 MB');
    expect(memorySizeText(GB)).toBe('1 GB');
    expect(memorySizeText(1.5 * GB)).toBe('1.5 GB');
    expect(memorySizeText(11.7 * GB)).toBe('12 GB');
  });

  it('stoppedAtMemoryCeiling - the one sentence every result uses', () => {
    expect(stoppedAtMemoryCeiling(12 * GB)).toBe('stopped at the memory ceiling of 12 GB');
    expect(stoppedAtMemoryCeiling(2048 * MB)).toBe('stopped at the memory ceiling of 2 GB');
  });
});
