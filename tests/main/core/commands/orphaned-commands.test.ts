// No stray processes survive the app: when the process that started a sandboxed command dies
// (even by SIGKILL, with no chance to clean up), bwrap's --die-with-parent ends the sandbox
// and the kernel ends everything in its PID namespace, double-forked daemons included.
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { detectBubblewrap } from '../../../../src/main/core/sandbox/bubblewrap';

const itSandboxed = detectBubblewrap().available ? it : it.skip;
const REPO = path.resolve(import.meta.dirname, '../../../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let base: string;
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('sandboxed commands - when Sluice dies', () => {
  itSandboxed('SIGKILL of the host process - the command and its daemon die too', async () => {
    base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-orphan-')));
    const root = path.join(base, 'project');
    const script = path.join(base, 'host.mts');
    const runner = path.join(REPO, 'src/main/core/commands/command-runner.ts');
    const bwrap = path.join(REPO, 'src/main/core/sandbox/bubblewrap.ts');
    writeFileSync(
      script,
      `import { runCommand } from ${JSON.stringify(runner)};
import { detectBubblewrap } from ${JSON.stringify(bwrap)};
import { mkdirSync } from 'node:fs';
mkdirSync(${JSON.stringify(root)});
await runCommand({
  command: "(setsid sh -c 'while true; do date +%s%N > daemon-beat; sleep 0.05; done' &) ; while true; do date +%s%N > beat; sleep 0.05; done",
  root: ${JSON.stringify(root)}, cwd: ${JSON.stringify(root)}, timeoutMs: 60000, network: false,
  sandbox: detectBubblewrap(), signal: new AbortController().signal,
});
`,
    );
    // node itself with tsx's loader: the tsx CLI would be a wrapper around a second node.
    const host = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: REPO,
      stdio: 'ignore',
    });
    // Whatever happens below, the host does not outlive the test.
    onTestFinished(() => void host.kill('SIGKILL'));
    for (let i = 0; i < 200 && !existsSync(path.join(root, 'daemon-beat')); i += 1) await sleep(50);
    expect(existsSync(path.join(root, 'beat'))).toBe(true);
    expect(existsSync(path.join(root, 'daemon-beat'))).toBe(true);
    host.kill('SIGKILL');
    await new Promise((resolve) => host.on('exit', resolve));
    await sleep(400);
    const beat = readFileSync(path.join(root, 'beat'), 'utf8');
    const daemon = readFileSync(path.join(root, 'daemon-beat'), 'utf8');
    await sleep(500);
    expect(readFileSync(path.join(root, 'beat'), 'utf8')).toBe(beat);
    expect(readFileSync(path.join(root, 'daemon-beat'), 'utf8')).toBe(daemon);
  });
});
