// The seccomp program itself; what it does to a real command is in hostile-commands.test.ts.
import { describe, expect, it } from 'vitest';
import { unixSocketFilter } from '../../../../src/main/core/sandbox/unix-socket-filter';

describe('unixSocketFilter', () => {
  it('x64 and arm64 - a whole number of 8-byte instructions, ending in allow then EPERM', () => {
    for (const [arch, families] of [
      ['x64', 'none'],
      ['x64', 'internet'],
      ['arm64', 'none'],
      ['arm64', 'internet'],
    ] as const) {
      const program = unixSocketFilter(arch, { families });
      expect(program).not.toBeNull();
      const bytes = program as Buffer;
      expect(bytes.length % 8).toBe(0);
      const last = bytes.length - 8;
      expect(bytes.readUInt32LE(last - 8 + 4)).toBe(0x7fff0000);
      expect(bytes.readUInt32LE(last + 4)).toBe(0x00050001);
      // Every jump lands inside the program.
      for (let i = 0; i < bytes.length / 8; i += 1) {
        expect(i + 1 + (bytes.readUInt8(i * 8 + 2) as number)).toBeLessThan(bytes.length / 8 + 1);
        expect(i + 1 + (bytes.readUInt8(i * 8 + 3) as number)).toBeLessThan(bytes.length / 8 + 1);
      }
    }
  });

  it('internet - two more instructions than none (AF_INET, AF_INET6 compared)', () => {
    const none = unixSocketFilter('x64', { families: 'none' }) as Buffer;
    const internet = unixSocketFilter('x64', { families: 'internet' }) as Buffer;
    expect(internet.length - none.length).toBe(16);
    expect(unixSocketFilter('x64')).toEqual(none);
  });

  it('an architecture without a table - null, so the caller reports that no filter applies', () => {
    expect(unixSocketFilter('ia32')).toBeNull();
  });
});
