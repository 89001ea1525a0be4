// A command given input on stdin, its stderr kept apart from its output (how a hook is run:
// JSON in, its answer on stdout, its reason on stderr), in the sandbox and without it.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCommand } from '../../../../src/main/core/commands/command-runner';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import type { SandboxAvailability } from '../../../../src/main/core/sandbox/bubblewrap';

const sandbox = detectSandbox();
const none: SandboxAvailability = { available: false, detail: 'none in this test' };

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

async function run(which: SandboxAvailability, command: string, input?: string) {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-apart-')));
  const stderr: Buffer[] = [];
  const result = await runCommand({
    command,
    root,
    cwd: root,
    timeoutMs: 10_000,
    network: false,
    sandbox: which,
    signal: new AbortController().signal,
    ...(input !== undefined ? { input } : {}),
    onStderr: (chunk) => stderr.push(chunk),
  });
  return { result, stderr: Buffer.concat(stderr).toString('utf8') };
}

describe('runCommand with stderr apart', () => {
  it('runCommand - unsandboxed: stdin is the input, stderr does not reach the output', async () => {
    const { result, stderr } = await run(none, 'cat; echo oops >&2', '{"a":1}');
    expect(result.end).toEqual({ kind: 'exited', code: 0 });
    expect(result.output.view).toBe('{"a":1}');
    expect(stderr).toBe('oops\n');
  });

  it.skipIf(!sandbox.available || sandbox.kind !== 'bubblewrap')(
    'runCommand - in bubblewrap: stdin is the input, stderr does not reach the output',
    async () => {
      const { result, stderr } = await run(sandbox, 'cat; echo oops >&2; exit 3', 'in');
      expect(result.sandboxed).toBe(true);
      expect(result.end).toEqual({ kind: 'exited', code: 3 });
      expect(result.output.view).toBe('in');
      expect(stderr).toBe('oops\n');
    },
  );

  it('runCommand - without onStderr, stderr is merged and stdin is empty as before', async () => {
    root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-apart-')));
    const result = await runCommand({
      command: 'cat; echo oops >&2',
      root,
      cwd: root,
      timeoutMs: 10_000,
      network: false,
      sandbox: none,
      signal: new AbortController().signal,
    });
    expect(result.output.view.trimEnd()).toBe('oops');
  });
});
