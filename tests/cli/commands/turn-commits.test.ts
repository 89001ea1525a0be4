import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { cliRun } from '../../support/fake-cli-io';
import {
  reply,
  startFakeAnthropicServer,
  toolUse,
  type FakeAnthropicServer,
} from '../../support/fake-anthropic-server';
import { git, makeRepo, writeIn } from '../../support/git-fixture';

let repo: string;
let home: string;
let server: FakeAnthropicServer;

beforeEach(async () => {
  repo = await makeRepo({ 'a.ts': 'export const a = 1;\n', 'b.ts': 'export const b = 1;\n' });
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-turns-home-'));
  server = await startFakeAnthropicServer();
});
afterEach(async () => {
  await server.close();
  await rm(repo, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

async function sluice(...argv: string[]) {
  const run = cliRun(
    {
      SLUICE_HOME: home,
      PATH: process.env.PATH,
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: server.baseURL,
    },
    repo,
  );
  const code = await main(argv, run.io);
  return { code, out: run.stdout(), err: run.stderr(), lines: run.io.lines };
}

/** One turn that edits a.ts, approved by auto-edit mode. */
async function turnEditingA(): Promise<string> {
  server.enqueue(
    reply([toolUse('edit_file', { path: 'a.ts', edits: [{ old_text: '= 1', new_text: '= 2' }] })]),
    reply('Done.'),
  );
  const run = await sluice('ask', 'make a two', '--project', repo, '--mode', 'auto-edit');
  expect(run.code).toBe(0);
  const list = (await sluice('checkpoints', '--project', repo, '--json')).lines() as Array<{
    turnId: string;
  }>;
  return list[0]?.turnId ?? '';
}

describe('commit each approved turn', () => {
  it('on - a turn that wrote ends as one commit of its files, with Sluice trailers', async () => {
    expect((await sluice('commit', '--each-turn', 'on', '--project', repo)).code).toBe(0);
    await writeIn(repo, 'b.ts', 'export const b = 2;\n'); // the person's, not the turn's
    const turnId = await turnEditingA();
    expect(git(repo, ['log', '-1', '--format=%s']).trim()).toBe('Sluice: make a two');
    const body = git(repo, ['log', '-1', '--format=%B']);
    expect(body).toMatch(/^Sluice-Conversation: \S+$/mu);
    expect(body).toContain(`Sluice-Turn: ${turnId}`);
    expect(body).toContain('Co-authored-by: Sluice <');
    expect(git(repo, ['show', '--name-only', '--format=', 'HEAD']).trim()).toBe('a.ts');
    expect(git(repo, ['status', '--porcelain']).trim()).toBe('M b.ts');
    expect(git(repo, ['log', '-1', '--format=%an']).trim()).toBe('Ada Person');
  });

  it('off (the default) - a turn commits nothing', async () => {
    await turnEditingA();
    expect(git(repo, ['log', '--format=%s']).trim()).toBe('initial');
  });

  it('undo of a committed turn at HEAD - is its git revert, checkpoints marked undone', async () => {
    await sluice('commit', '--each-turn', 'on', '--project', repo);
    const turnId = await turnEditingA();
    const committed = git(repo, ['rev-parse', 'HEAD']).trim();
    const undo = await sluice('undo', turnId, '--turn', '--project', repo);
    expect(undo.code).toBe(0);
    expect(undo.out).toContain(
      `Reverted this turn's commit ${committed.slice(0, 12)} with git revert`,
    );
    expect(git(repo, ['log', '-1', '--format=%s']).trim()).toBe('Revert "Sluice: make a two"');
    expect(await readFile(path.join(repo, 'a.ts'), 'utf8')).toBe('export const a = 1;\n');
    const list = (await sluice('checkpoints', '--project', repo, '--json')).lines();
    expect(list).toMatchObject([{ undone: true }]);
  });

  it('undo of a committed turn no longer at HEAD - says why not and restores the files', async () => {
    await sluice('commit', '--each-turn', 'on', '--project', repo);
    const turnId = await turnEditingA();
    await writeIn(repo, 'b.ts', 'export const b = 3;\n');
    git(repo, ['commit', '-qam', 'person: b']);
    const undo = await sluice('undo', turnId, '--turn', '--project', repo);
    expect(undo.code).toBe(0);
    expect(undo.err).toContain(
      'which is not HEAD (1 commit came after it), so Sluice does not git-revert it',
    );
    expect(git(repo, ['log', '-1', '--format=%s']).trim()).toBe('person: b');
    expect(await readFile(path.join(repo, 'a.ts'), 'utf8')).toBe('export const a = 1;\n');
  });

  it('--each-turn outside a repository - says so plainly', async () => {
    const plain = await mkdtemp(path.join(os.tmpdir(), 'sluice-not-git-'));
    try {
      const run = await sluice('commit', '--each-turn', 'on', '--project', plain);
      expect(run.code).toBe(1);
      expect(run.err).toBe(
        'This project is not a git repository, so its turns cannot be committed.\n',
      );
    } finally {
      await rm(plain, { recursive: true, force: true });
    }
  });
});
