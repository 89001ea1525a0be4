import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { trackStderrLines } from '../../src/cli/stderr-line-tracker';

describe('stderr line tracker', () => {
  it('trackStderrLines - knows when an open question is on stderr, keeps isTTY, writes through', () => {
    const written: string[] = [];
    const tracked = trackStderrLines({
      stdout: { write: () => true },
      stderr: { write: (t: string) => written.push(t), isTTY: true },
      stdin: Readable.from([]),
      env: {},
      cwd: '/',
    });
    expect(tracked.atLineStart()).toBe(true);
    tracked.io.stderr.write('Run this call? > ');
    expect(tracked.atLineStart()).toBe(false);
    tracked.io.stderr.write('');
    expect(tracked.atLineStart()).toBe(false);
    tracked.io.stderr.write('y\n');
    expect(tracked.atLineStart()).toBe(true);
    expect(tracked.io.stderr.isTTY).toBe(true);
    expect(written.join('')).toBe('Run this call? > y\n');
  });
});
