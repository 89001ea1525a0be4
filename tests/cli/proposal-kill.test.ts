// kill -9 during a propose run: the built CLI is spawned and killed mid-run; the set it left
// `running` is marked failed on the next open, its changes kept, and the DB intact.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/cli-io';
import { main } from '../../src/cli/main';
import { openAppDatabase } from '../../src/main/core/store/app-database';
import {
  reply,
  stallAfterText,
  startFakeAnthropicServer,
  toolUse,
  type FakeAnthropicServer,
} from '../support/fake-anthropic-server';

const REPO = path.resolve(__dirname, '../..');
let server: FakeAnthropicServer;
let project: string;
let home: string;

beforeAll(() => {
  execFileSync('npx', ['vite', 'build', '--config', 'vite.cli.config.ts', '--logLevel', 'error'], {
    cwd: REPO,
    stdio: 'ignore',
  });
}, 120_000);

beforeEach(async () => {
  server = await startFakeAnthropicServer();
  project = mkdtempSync(path.join(os.tmpdir(), 'sluice-kill-project-'));
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-kill-home-'));
  writeFileSync(path.join(project, 'b.ts'), 'export const b = 1;\n');
});
afterEach(async () => {
  await server.close();
  rmSync(project, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

async function waitFor(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('sluice ask --mode propose under kill -9', () => {
  it('kill -9 mid-run - leaves a failed set with its changes and an intact DB', async () => {
    server.enqueue(
      reply([toolUse('edit_file', { path: 'b.ts', content: 'export const b = 2;\n' })]),
      stallAfterText('still working'),
    );
    const env = {
      ...process.env,
      ANTHROPIC_API_KEY: 'k',
      ANTHROPIC_BASE_URL: server.baseURL,
      SLUICE_HOME: home,
    };
    const child = spawn(
      process.execPath,
      [path.join(REPO, 'bin/sluice.js'), 'ask', 'go', '--mode', 'propose', '--project', project],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    await waitFor(() => server.requests.length >= 2, 'the second model request');
    const id = /Change set ([0-9a-f-]{36}) \(running\)/u.exec(stderr)?.[1];
    expect(id).toBeDefined();
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const db = openAppDatabase({ home });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.prepare('SELECT status FROM change_sets WHERE id = ?').get(id)).toEqual({
        status: 'running',
      });
    } finally {
      db.close();
    }
    const out: string[] = [];
    const io: CliIo = {
      stdout: { write: (t: string) => out.push(t) },
      stderr: { write: () => undefined },
      stdin: Readable.from([]) as Readable & { isTTY?: boolean },
      env: { SLUICE_HOME: home },
      cwd: os.tmpdir(),
    };
    expect(await main(['proposal', 'show', id as string, '--json'], io)).toBe(0);
    const set = JSON.parse(out.join('')) as {
      status: string;
      statusReason: string;
      files: { path: string; finalText: string }[];
    };
    expect(set.status).toBe('failed');
    expect(set.statusReason).toContain('stopped before the run ended');
    expect(set.files).toMatchObject([{ path: 'b.ts', finalText: 'export const b = 2;\n' }]);
    expect(readFileSync(path.join(project, 'b.ts'), 'utf8')).toBe('export const b = 1;\n');
  }, 60_000);
});
