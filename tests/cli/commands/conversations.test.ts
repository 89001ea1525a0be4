import { existsSync, realpathSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { appDatabasePath, openAppDatabase } from '../../../src/main/core/store/app-database';
import { createChangeSetRepository } from '../../../src/main/core/store/change-set-repository';
import { createConversationRepository } from '../../../src/main/core/store/conversation-repository';
import { idsStartingWith } from '../../../src/main/core/store/id-prefix';
import { projectIdFor } from '../../../src/main/core/store/project-id';
import { shortWhen } from '../../../src/shared/conversation-listing-text';
import { typedId } from '../../../src/cli/typed-id';
import { fakeCliIo } from '../../support/fake-cli-io';

let project: string;
let home: string;

beforeEach(async () => {
  project = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'sluice-conversations-project-')));
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-conversations-home-'));
});
afterEach(async () => {
  for (const dir of [project, home]) await rm(dir, { recursive: true, force: true });
});

async function sluice(...argv: string[]) {
  const io = fakeCliIo({ cwd: project, env: { SLUICE_HOME: home } });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err(), lines: () => io.lines() };
}

const AT = Date.now() - 60_000;

/** Three conversations of the project (a chat, a propose run, a worktree's) and another's. */
function seed(): { chat: string; run: string; worktree: string } {
  const db = openAppDatabase({ home });
  try {
    const repo = createConversationRepository(db, () => AT);
    const projectId = projectIdFor(project);
    const chat = repo.create({ projectId, title: 'Fix the cart \u001b[2Jtotal', model: 'm' });
    const t1 = repo.startTurn(chat.id, 'Fix the cart total', undefined, 'auto-edit');
    repo.startTurn(chat.id, 'and the checkout page', undefined, 'auto-edit');
    repo.recorder(chat.id).usage(
      {
        inputTokens: 10,
        outputTokens: 5,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
        costUsd: 0.04,
      },
      'm',
      t1,
    );
    const run = repo.create({ projectId, title: 'Add retries to the fetcher', model: 'm' });
    const t2 = repo.startTurn(run.id, 'Add retries to the fetcher', undefined, 'propose');
    createChangeSetRepository(db).create({
      id: 'cs1',
      projectId,
      projectRoot: project,
      conversationId: run.id,
      turnId: t2,
      prompt: 'Add retries to the fetcher',
      model: 'm',
      pid: process.pid,
      timeoutMs: 1000,
      refines: null,
      createdAt: AT,
    });
    const worktree = repo.create({
      projectId: 'the-worktree-project',
      title: 'Rename the module',
      model: 'm',
      worktree: { projectId, name: 'task-1' },
    });
    repo.startTurn(worktree.id, 'Rename the module', undefined, 'ask');
    repo.create({ projectId: 'another-project', title: 'Not this one', model: 'm' });
    return { chat: chat.id, run: run.id, worktree: worktree.id };
  } finally {
    db.close();
  }
}

describe('sluice conversations', () => {
  it('one line each: short id, when, mode, turns, cost, marker and the title made safe', async () => {
    const { chat, run, worktree } = seed();
    const { code, out } = await sluice('conversations', '--project', project);
    expect(code).toBe(0);
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    const when = shortWhen(AT, Date.now());
    const byId = (id: string) => lines.find((l) => l.startsWith(`${id.slice(0, 8)}  `)) ?? '';
    expect(byId(chat)).toMatch(
      new RegExp(`^${chat.slice(0, 8)}  ${when} +auto-edit +2 turns +\\$0\\.04  Fix the cart `),
    );
    // The title's escape sequence is shown, never obeyed.
    expect(byId(chat)).toContain('Fix the cart \\u001b[2Jtotal');
    expect(byId(run)).toMatch(
      /propose +1 turn +\$0\.00 {2}\[propose\] Add retries to the fetcher$/u,
    );
    expect(byId(worktree)).toMatch(
      /ask +1 turn +\$0\.00 {2}\[worktree task-1\] Rename the module$/u,
    );
    expect(out).not.toContain('Not this one');
  });

  it('the short id is one --conversation takes back, longer while another id starts the same', async () => {
    const db = openAppDatabase({ home });
    try {
      const repo = createConversationRepository(db);
      const projectId = projectIdFor(project);
      repo.create({
        projectId,
        title: 'first',
        model: 'm',
        id: 'abcdef12-1111-4000-8000-000000000001',
      });
      repo.create({
        projectId: 'elsewhere',
        title: 'x',
        model: 'm',
        id: 'abcdef12-1199-4000-8000-000000000002',
      });
      repo.create({
        projectId,
        title: 'second',
        model: 'm',
        id: '12345678-2222-4000-8000-000000000003',
      });
    } finally {
      db.close();
    }
    const { out } = await sluice('conversations', '--project', project);
    const ids = out
      .trimEnd()
      .split('\n')
      .map((l) => l.split('  ')[0] ?? '');
    expect(ids.sort()).toEqual(['12345678', 'abcdef12-111']);
    const check = openAppDatabase({ home });
    try {
      for (const id of ids) {
        const matches = idsStartingWith(check, { table: 'conversations' }, id);
        expect(typedId(id, matches, 'conversation')).toHaveLength(36);
      }
    } finally {
      check.close();
    }
  });

  it('--search finds a conversation by a later prompt, in any case; nothing found says so', async () => {
    const { chat } = seed();
    const found = await sluice('conversations', '--project', project, '--search', 'CHECKOUT');
    expect(found.out.trimEnd().split('\n')).toHaveLength(1);
    expect(found.out.startsWith(chat.slice(0, 8))).toBe(true);
    const none = await sluice('conversations', '--project', project, '--search', 'nowhere');
    expect(none.code).toBe(0);
    expect(none.out).toBe('No conversation in this project matches "nowhere".\n');
  });

  it('--json prints one summary a line; --limit keeps the newest', async () => {
    const { worktree } = seed();
    const { lines } = await sluice('conversations', '--project', project, '--json', '--limit', '1');
    expect(lines()).toHaveLength(1);
    const all = await sluice('conversations', '--project', project, '--json');
    expect(all.lines()).toHaveLength(3);
    expect(all.lines()).toContainEqual(
      expect.objectContaining({
        id: worktree,
        kind: 'worktree',
        worktree: 'task-1',
        mode: 'ask',
        turns: 1,
        costUsd: 0,
        title: 'Rename the module',
      }),
    );
  });

  it('--limit out of range is a usage error', async () => {
    for (const bad of ['0', '1001', 'ten', '-3']) {
      const { code, err } = await sluice('conversations', '--project', project, `--limit=${bad}`);
      expect(code).toBe(2);
      expect(err).toContain('--limit must be a whole number from 1 to 1000');
    }
  });

  it('no conversations yet - says how to start one, without creating the database', async () => {
    const { code, out } = await sluice('conversations', '--project', project);
    expect(code).toBe(0);
    expect(out).toBe('No conversations in this project yet. Start one with: sluice\n');
    expect(existsSync(appDatabasePath(home))).toBe(false);
    expect((await sluice('conversations', '--project', project, '--json')).out).toBe('');
  });
});
