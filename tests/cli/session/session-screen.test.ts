// The session's screen coming back after a review, on a real process's stdin: a review that
// lets go of stdin (a paused stream, which Node stops reading a tick later) must not leave the
// screen that comes back waiting for keys that never arrive.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const PROBE = path.resolve(__dirname, 'screen-after-review-probe.ts');

/** Runs the probe, types `typed` once it is ready; its exit code and what it said. */
function probe(typed: string): Promise<{ code: number | null; said: string }> {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', tsx, PROBE], {
      env: { ...process.env, TSX_TSCONFIG_PATH: path.resolve('tsconfig.node.json') },
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let said = '';
    const timer = setTimeout(() => child.kill(), 30_000);
    child.stderr.on('data', (chunk: Buffer) => {
      said += chunk.toString('utf8');
      if (said.includes('ready\n') && !said.includes('typed')) {
        said += 'typed\n';
        setTimeout(() => child.stdin.write(typed), 100);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, said });
    });
  });
}

describe('SessionScreen', () => {
  it('SessionScreen - after a review that let go of stdin, a prompt typed reaches the screen', async () => {
    const { code, said } = await probe('hello\r');
    expect(said).toContain('sent: hello');
    expect(code).toBe(0);
  }, 60_000);
});
