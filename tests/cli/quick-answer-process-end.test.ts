// The `sluice` process after a quick answer (bin/sluice.js): the verb is done and the rest of
// the index is built by a detached child, so the process ends as soon as its output is out,
// all of it (an answer larger than a pipe's buffer, read by a slow reader), with its exit code;
// and the child it leaves runs at the lowest priority on every thread it has.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import { fakeCliIo } from '../support/fake-cli-io';
import { alive } from '../support/process-alive';

const REPO = path.resolve(__dirname, '../..');
const FILES = 600;
/** Definitions of the name per file (one per namespace). */
const PER_FILE = 3;
let base: string;
/** Background indexers the runs left: they write into the base folder until they end. */
const leftIndexers: number[] = [];

/** Each thread's nice value (Linux: a priority is a thread's); empty once the process is gone. */
function threadNices(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).map((tid) => {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // Fields after the command's closing parenthesis; nice is the 19th field overall.
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    });
  } catch {
    return [];
  }
}

beforeAll(() => {
  execFileSync('npx', ['vite', 'build', '--config', 'vite.cli.config.ts', '--logLevel', 'error'], {
    cwd: REPO,
    stdio: 'ignore',
  });
  base = mkdtempSync(path.join(os.tmpdir(), 'sluice-quick-end-'));
  const params = Array.from({ length: 12 }, (_, i) => `parameterNumber${i}: string`).join(', ');
  for (let i = 0; i < FILES; i++) {
    // Long paths: the answer's lines (at most the query's limit of them) outgrow a pipe's buffer.
    const dir = path.join(
      base,
      'proj',
      'src',
      `${'a-rather-long-folder-name-'.repeat(5)}${i % 20}`,
    );
    mkdirSync(dir, { recursive: true });
    const spaces = Array.from(
      { length: PER_FILE },
      (_, n) => `export namespace n${n} {\n  export function shared(${params}): void {}\n}\n`,
    );
    writeFileSync(path.join(dir, `m${i}.ts`), spaces.join(''));
  }
  writeFileSync(
    path.join(base, 'proj', 'src', 'use.ts'),
    "import { injectable } from 'inversify';\n@injectable()\nexport class Used {}\n",
  );
}, 180_000);
afterAll(async () => {
  // Removing the folder under a live indexer races its writes (ENOTEMPTY): wait for each to end.
  const deadline = Date.now() + 60_000;
  while (leftIndexers.some(alive) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const pid of leftIndexers.filter(alive)) process.kill(pid, 'SIGKILL');
  rmSync(base, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}, 90_000);

/** The pid of the background indexer a run says it left, remembered so the end waits for it. */
function indexerLeft(stderr: string): number {
  const pid = Number(/indexing in the background \(pid (\d+)/.exec(stderr)?.[1]);
  if (pid > 0) leftIndexers.push(pid);
  return pid;
}

/** Runs bin/sluice.js, reading its stdout slowly (a pause per chunk) so its pipe fills up. */
function runSlowlyRead(args: string[], home: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(REPO, 'bin/sluice.js'), ...args], {
      env: { ...process.env, SLUICE_HOME: home },
    });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out.push(chunk);
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 20);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('close', (code) =>
      resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr }),
    );
  });
}

describe('sluice def after a quick answer - the process', () => {
  it('ends with all of its output and its exit code; the indexer it leaves runs at the lowest priority', async () => {
    const home = path.join(base, 'home');
    const args = ['def', 'shared', '--json', '--project', path.join(base, 'proj')];
    const run = await runSlowlyRead(args, home);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/answered from a quick search/);
    const pid = indexerLeft(run.stderr);
    expect(pid).toBeGreaterThan(0);
    const seen: number[] = [];
    while (alive(pid)) {
      seen.push(...threadNices(pid));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set([19]));

    // Bigger than a pipe's buffer, and exactly what the same query prints in process.
    expect(run.stdout.length).toBeGreaterThan(64 * 1024);
    const inProcess = fakeCliIo({ cwd: base, env: { SLUICE_HOME: path.join(base, 'home2') } });
    expect(await main(args, inProcess)).toBe(0);
    expect(run.stdout).toBe(inProcess.out());
  }, 120_000);

  it('a name a file uses and none declares - exit 1 at once, saying so, no index waited for', async () => {
    const home = path.join(base, 'home4');
    const run = await runSlowlyRead(
      ['def', 'injectable', '--project', path.join(base, 'proj')],
      home,
    );
    indexerLeft(run.stderr);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/answered from a quick search/);
    expect(run.stderr).toMatch(
      /No definition named "injectable" in the project's files: 1 file uses it, none declares it\. It may come from a package or the runtime/,
    );
    // The index is left to the background child, as after any quick answer.
    expect(run.stderr).toMatch(/indexing in the background \(pid \d+/);
  }, 120_000);

  it("a name nothing uses - exit 1 and the index's message, once the index answers", async () => {
    const home = path.join(base, 'home3');
    const run = await runSlowlyRead(['def', 'nowhere', '--project', path.join(base, 'proj')], home);
    indexerLeft(run.stderr);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/No definition named "nowhere" in the index/);
  }, 120_000);
});
