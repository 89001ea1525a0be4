// The memory ceiling where no cgroup holds it (most machines, the CI one among them): a command
// that allocates past a small ceiling is stopped by the watchdog, sandboxed or not, and its
// result says "stopped at the memory ceiling of 200 MB"; one under the ceiling is untouched;
// the watchdog ends with the run and keeps nothing alive. The cgroup is switched off here
// (memoryCgroup: false) so the watchdog alone is tested, wherever the tests run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  detectBubblewrap,
  type SandboxAvailability,
} from '../../../../src/main/core/sandbox/bubblewrap';
import { runningMemoryWatchdogs } from '../../../../src/main/core/sandbox/memory-watchdog';
import {
  runCommand,
  type CommandRunOptions,
} from '../../../../src/main/core/commands/command-runner';
import { describeRunEnd } from '../../../../src/main/core/tools/command-result';

const MB = 1024 * 1024;
const CEILING = 200 * MB;
const linux = process.platform === 'linux';
const bubblewrap = detectBubblewrap();
const unsandboxed: SandboxAvailability = { available: false, detail: 'test: unsandboxed' };
const ways: [string, SandboxAvailability][] = [
  ['unsandboxed', unsandboxed],
  ...(bubblewrap.available ? [['in bubblewrap', bubblewrap] as [string, SandboxAvailability]] : []),
];
if (!bubblewrap.available)
  console.warn(`memory watchdog commands: bubblewrap part skipped, ${bubblewrap.detail}`);

let root: string;
beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-memory-watchdog-')));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function run(
  command: string,
  sandbox: SandboxAvailability,
  extra: Partial<CommandRunOptions> = {},
) {
  return runCommand({
    command,
    root,
    cwd: root,
    timeoutMs: 60_000,
    network: false,
    sandbox,
    signal: new AbortController().signal,
    maxMemoryBytes: CEILING,
    memoryCgroup: false,
    ...extra,
  });
}

/** Holds `mb` MB touched in 8 MB steps, says so, then stays 20 s (the watchdog must end it). */
const hog = (mb: number) =>
  `node -e "const a=[];for(let i=0;i<${mb / 8};i++)a.push(Buffer.alloc(8*1024*1024,1));console.log('held ${mb} MB');setTimeout(()=>{},20000)"`;

describe.skipIf(!linux).each(ways)('run_command %s - memory watchdog', (_name, sandbox) => {
  it('allocating past 200 MB - stopped at the ceiling, and the result says so', async () => {
    const started = Date.now();
    const r = await run(hog(1024), sandbox);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(r.output.view).not.toContain('held 1024 MB');
    expect(r.memoryExceeded).toBe(true);
    expect(r.memoryLimitBytes).toBe(CEILING);
    expect(r.memoryStop?.usedBytes).toBeGreaterThan(CEILING);
    expect(describeRunEnd(r)).toMatch(
      /^stopped at the memory ceiling of 200 MB: its \d+ processes held \d+ MB and were killed$/u,
    );
    expect(r.notes.join('\n')).not.toMatch(/no (process-count or )?memory ceiling/u);
    expect(runningMemoryWatchdogs()).toBe(0);
  }, 60_000);

  it('several processes that pass the ceiling together - stopped, though each is under it', async () => {
    const r = await run(`${hog(96)} & ${hog(96)} & ${hog(96)} & wait`, sandbox);
    expect(r.memoryStop?.processes).toBeGreaterThanOrEqual(3);
    expect(describeRunEnd(r)).toMatch(/^stopped at the memory ceiling of 200 MB/u);
  }, 60_000);

  it('under the ceiling - runs to its end, no word of the ceiling', async () => {
    const r = await run(
      `node -e "const a=Buffer.alloc(64*1024*1024,1);setTimeout(()=>console.log('kept',a.length),1200)"`,
      sandbox,
    );
    expect(r.end).toEqual({ kind: 'exited', code: 0 });
    expect(r.output.view).toContain(`kept ${64 * MB}`);
    expect(r.memoryExceeded).toBe(false);
    expect(r.memoryStop).toBeUndefined();
    expect(describeRunEnd(r)).toBe('exit code 0');
    expect(r.notes.join('\n')).not.toMatch(/memory ceiling/u);
    expect(runningMemoryWatchdogs()).toBe(0);
  }, 60_000);
});

describe.skipIf(!linux)('memory watchdog - the run ends, nothing stays', () => {
  it('a Node process that ran a command stopped at the ceiling exits at once afterwards', () => {
    const script = `
      import { runCommand } from ${JSON.stringify(path.resolve('src/main/core/commands/command-runner.ts'))};
      import { runningMemoryWatchdogs } from ${JSON.stringify(path.resolve('src/main/core/sandbox/memory-watchdog.ts'))};
      const r = await runCommand({
        command: ${JSON.stringify(hog(1024))}, root: ${JSON.stringify(root)}, cwd: ${JSON.stringify(root)},
        timeoutMs: 60000, network: false, sandbox: { available: false, detail: 'x' },
        signal: new AbortController().signal, maxMemoryBytes: ${CEILING}, memoryCgroup: false,
      });
      console.log(JSON.stringify({ exceeded: r.memoryExceeded, running: runningMemoryWatchdogs(), at: Date.now() }));
    `;
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    const ended = Date.now();
    expect(child.status, child.stderr).toBe(0);
    const said = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}') as {
      exceeded: boolean;
      running: number;
      at: number;
    };
    expect(said.exceeded).toBe(true);
    expect(said.running).toBe(0);
    // Nothing of the run (a timer, a pipe) keeps the process after its last line.
    expect(ended - said.at).toBeLessThan(1_000);
  }, 90_000);
});
