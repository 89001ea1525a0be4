// `sluice conversations` over conversations the real verbs made: a chat, one in a worktree
// (recorded under the worktree's own project, listed from the person's) and a propose run,
// each with the mode it ran in; and the short id printed is one `ask --conversation` takes.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { cliRun } from '../../support/fake-cli-io';
import {
  reply,
  startFakeAnthropicServer,
  type FakeAnthropicServer,
} from '../../support/fake-anthropic-server';
import { makeRepo } from '../../support/git-fixture';

let repo: string;
let home: string;
let server: FakeAnthropicServer;

beforeEach(async () => {
  repo = await makeRepo({ 'a.ts': 'export const a = 1;\n' });
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-found-home-'));
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

interface Listed {
  id: string;
  title: string;
  kind: string;
  mode: string | null;
  turns: number;
  worktree?: string;
}

describe('sluice conversations - what ask, ask --worktree and a propose run left', () => {
  it('lists all three from the project, each marked and with its mode; a short id continues one', async () => {
    server.enqueue(reply('Read it.'));
    expect((await sluice('ask', 'Why is a one?\nmore words', '--mode', 'read-only')).code).toBe(0);
    server.enqueue(reply('Worked there.'));
    expect((await sluice('ask', 'rename a', '--worktree=fix')).code).toBe(0);
    server.enqueue(reply('Proposed nothing.'));
    expect((await sluice('ask', 'tidy up', '--mode', 'propose')).code).toBe(0);

    const listed = (await sluice('conversations', '--json')).lines() as Listed[];
    expect(listed.map((c) => [c.title, c.kind, c.mode, c.worktree ?? null])).toEqual([
      ['tidy up', 'propose', 'propose', null],
      ['rename a', 'worktree', 'ask', 'fix'],
      ['Why is a one?', 'chat', 'read-only', null],
    ]);
    const human = await sluice('conversations', '--project', repo);
    expect(human.out).toContain('[propose] tidy up');
    expect(human.out).toContain('[worktree fix] rename a');

    const chat = listed[2]!;
    const short = human.out
      .split('\n')
      .find((l) => l.endsWith('Why is a one?'))!
      .split(' ')[0]!;
    expect(chat.id.startsWith(short)).toBe(true);
    server.enqueue(reply('Still one.'));
    const again = await sluice('ask', 'and now?', '--conversation', short, '--mode', 'ask');
    expect(again.code).toBe(0);
    const after = (await sluice('conversations', '--json', '--search', 'AND NOW')).lines();
    expect(after).toMatchObject([{ id: chat.id, turns: 2, mode: 'ask' }]);
  }, 90_000);
});
