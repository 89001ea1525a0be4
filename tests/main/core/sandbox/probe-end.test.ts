import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { describeProbeEnd } from '../../../../src/main/core/sandbox/probe-end';
import { bubblewrapProbeDetail } from '../../../../src/main/core/sandbox/bubblewrap';

describe('describeProbeEnd', () => {
  it('describeProbeEnd - a probe stopped at its limit says the signal and the limit, never "exit null"', () => {
    const run = spawnSync(process.execPath, ['-e', 'setTimeout(() => {}, 5000)'], {
      timeout: 200,
      killSignal: 'SIGKILL',
    });
    expect(run.status).toBeNull();
    expect(describeProbeEnd(run, 120_000)).toBe(
      'the probe was ended by signal SIGKILL after the 120 s limit',
    );
    expect(bubblewrapProbeDetail({ ...run, stderr: '' })).toBe(
      'bubblewrap cannot create its namespaces here: the probe was ended by signal SIGKILL after the 10 s limit',
    );
  });

  it('describeProbeEnd - a status, a signal, a start failure', () => {
    expect(describeProbeEnd({ status: 1 })).toBe('the probe exited with status 1');
    expect(describeProbeEnd({ status: null, signal: 'SIGSEGV' })).toBe(
      'the probe was ended by signal SIGSEGV',
    );
    const missing = spawnSync('/nonexistent/bwrap', []);
    expect(describeProbeEnd(missing)).toMatch(/^the probe could not start: .*ENOENT/u);
    expect(bubblewrapProbeDetail({ status: 1, stderr: Buffer.from('no userns\n') })).toBe(
      'bubblewrap cannot create its namespaces here: no userns',
    );
  });
});
