import { describe, expect, it } from 'vitest';
import {
  BINARY_SNIFF_BYTES,
  isBinaryContent,
} from '../../../../src/main/core/workspace/binary-detection';

describe('isBinaryContent', () => {
  it('treats UTF-8 text as text - including multi-byte characters', () => {
    expect(isBinaryContent(Buffer.from('plain ascii\n'))).toBe(false);
    expect(isBinaryContent(Buffer.from('héllo wörld — ✓ 日本語 🎉\n'))).toBe(false);
    expect(isBinaryContent(Buffer.alloc(0))).toBe(false);
  });

  it('treats a NUL byte in the first 8 KB as binary', () => {
    expect(isBinaryContent(Buffer.from([0x68, 0x69, 0x00, 0x21]))).toBe(true);
  });

  it('treats invalid UTF-8 as binary', () => {
    expect(isBinaryContent(Buffer.from([0xff, 0xfe, 0x41, 0x42]))).toBe(true);
    expect(isBinaryContent(Buffer.from([0x41, 0xc3]))).toBe(true);
  });

  it('does not count a multi-byte character cut by the 8 KB window against the file', () => {
    const prefix = 'a'.repeat(BINARY_SNIFF_BYTES - 1);
    const bytes = Buffer.concat([Buffer.from(prefix), Buffer.from('é'), Buffer.from('tail')]);
    expect(isBinaryContent(bytes)).toBe(false);
  });

  it('only looks at the first 8 KB', () => {
    const bytes = Buffer.concat([Buffer.from('a'.repeat(BINARY_SNIFF_BYTES)), Buffer.from([0])]);
    expect(isBinaryContent(bytes)).toBe(false);
  });
});
