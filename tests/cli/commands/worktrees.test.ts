import { existsSync } from 'node:fs';
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
import { git, makeRepo } from '../../support/git-fixture';

let repo: string;
let home: string;
let server: FakeAnthropicServer;

beforeEach(async () => {
  repo = await makeRepo({ 'a.ts': 'export const a = 1;\n', 'b.ts': 'export const b = 1;\n' });
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-wt-home-'));
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

/** A turn in worktree `fix`: edits a.ts, creates c.ts, and tries to read the main tree's b.ts. */
async function taskInWorktree(): Promise<string> {
  server.enqueue(
    reply([
      toolUse('edit_file', { path: 'a.ts', edits: [{ old_text: '= 1', new_text: '= 2' }] }),
      toolUse('create_file', { path: 'c.ts', content: 'export const c = 1;\n' }),
      toolUse('read_file', { path: path.join(repo, 'b.ts') }),
    ]),
    reply('Done in the worktree.'),
  );
  const run = await sluice(
    'ask',
    'fix it',
    '--project',
    repo,
    '--worktree=fix',
    '--mode',
    'auto-edit',
  );
  expect(run.err).toContain('Working in worktree fix (branch sluice/fix)');
  expect(run.code).toBe(0);
  expect(run.err).toContain('Finish worktree fix: sluice worktrees merge fix');
  const list = (await sluice('worktrees', '--project', repo, '--json')).lines() as Array<{
    name: string;
    branch: string;
    path: string;
  }>;
  expect(list).toMatchObject([{ name: 'fix', branch: 'sluice/fix' }]);
  return list[0]?.path ?? '';
}

describe('sluice ask --worktree - a task on its own branch', () => {
  it('branch made, tools confined to it, applied back per hunk, removed', async () => {
    const dir = await taskInWorktree();
    expect(dir.startsWith(path.join(home, 'worktrees'))).toBe(true);
    // The work is in the worktree only; the main tree is untouched.
    expect(await readFile(path.join(dir, 'a.ts'), 'utf8')).toBe('export const a = 2;\n');
    expect(existsSync(path.join(dir, 'c.ts'))).toBe(true);
    expect(await readFile(path.join(repo, 'a.ts'), 'utf8')).toBe('export const a = 1;\n');
    expect(existsSync(path.join(repo, 'c.ts'))).toBe(false);
    // The read of a main-tree path was refused by the worktree's sandbox.
    const results = JSON.stringify(server.requests[1]?.body.messages);
    expect(results).toMatch(/"is_error":true/u);

    const applied = await sluice('worktrees', 'apply', 'fix', '--project', repo, '--yes');
    expect(applied.code).toBe(0);
    expect(applied.out).toBe('applied  a.ts\napplied  c.ts\n');
    expect(await readFile(path.join(repo, 'a.ts'), 'utf8')).toBe('export const a = 2;\n');
    expect(await readFile(path.join(repo, 'c.ts'), 'utf8')).toBe('export const c = 1;\n');
    const checkpoints = (await sluice('checkpoints', '--project', repo, '--json')).lines();
    expect(checkpoints).toHaveLength(2);

    // Uncommitted work in the worktree: listed, and a removal refuses it, saying what is lost.
    const listed = (await sluice('worktrees', 'list', '--project', repo, '--json')).lines();
    expect(listed).toMatchObject([
      { name: 'fix', uncommittedCount: 2, uncommitted: ['a.ts', 'c.ts'], ahead: 0, base: 'main' },
    ]);
    expect((await sluice('worktrees', '--project', repo)).out).toContain(
      '2 uncommitted (a.ts, c.ts)',
    );
    const refused = await sluice('worktrees', 'remove', 'fix', '--project', repo);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      'Worktree fix was not removed: it holds 2 uncommitted files (a.ts, c.ts), which removing it would lose.',
    );
    git(dir, ['add', '-A']);
    git(dir, ['commit', '-qm', 'fix']);
    // Committed but not merged: still refused.
    const unmerged = await sluice('worktrees', 'remove', 'fix', '--project', repo);
    expect(unmerged.code).toBe(1);
    expect(unmerged.err).toContain('1 commit not merged into main');
    expect(existsSync(dir)).toBe(true);
    const removed = await sluice('worktrees', 'remove', 'fix', '--project', repo, '--force');
    expect(removed.code).toBe(0);
    expect(removed.out).toBe('Removed worktree fix and its branch sluice/fix.\n');
    expect(existsSync(dir)).toBe(false);
    expect(git(repo, ['branch', '--list', 'sluice/*']).trim()).toBe('');
  }, 60_000);

  it('merge - the branch joins the project with a merge commit; then remove deletes it', async () => {
    const dir = await taskInWorktree();
    git(dir, ['add', '-A']);
    git(dir, ['commit', '-qm', 'fix in worktree']);
    const merged = await sluice('worktrees', 'merge', 'fix', '--project', repo);
    expect(merged.code).toBe(0);
    expect(merged.out).toMatch(/^Merged sluice\/fix as [0-9a-f]{12}\. /u);
    expect(git(repo, ['log', '-1', '--format=%s']).trim()).toBe("Merge branch 'sluice/fix'");
    // The merge's files are checkpoints: undone together, the tree is as before the merge.
    const turn = /sluice undo (merge-[0-9a-f]{12}) --turn/u.exec(merged.out)?.[1] ?? '';
    expect(turn).not.toBe('');
    const undone = await sluice('undo', turn, '--turn', '--project', repo);
    expect(undone.code).toBe(0);
    expect(existsSync(path.join(repo, 'c.ts'))).toBe(false);
    expect(await readFile(path.join(repo, 'a.ts'), 'utf8')).toBe('export const a = 1;\n');
    git(repo, ['checkout', '-q', '--', '.']);
    // Again: nothing moves, and it says so instead of "Merged".
    const again = await sluice('worktrees', 'merge', 'fix', '--project', repo);
    expect(again.code).toBe(0);
    expect(again.out).toBe('Nothing to merge: sluice/fix has no commit that main lacks.\n');
    expect(await readFile(path.join(repo, 'c.ts'), 'utf8')).toBe('export const c = 1;\n');
    const removed = await sluice('worktrees', 'remove', 'fix', '--project', repo);
    expect(removed.out).toBe('Removed worktree fix and its merged branch sluice/fix.\n');
    expect(git(repo, ['branch', '--list', 'sluice/*']).trim()).toBe('');
  }, 60_000);

  it('merge with uncommitted work and no terminal - stops, says what is there, merges nothing', async () => {
    await taskInWorktree();
    const head = git(repo, ['rev-parse', 'HEAD']);
    const merged = await sluice('worktrees', 'merge', 'fix', '--project', repo);
    expect(merged.code).toBe(1);
    expect(merged.err).toContain(
      'Worktree fix holds 2 uncommitted files (a.ts, c.ts) that a merge would leave behind',
    );
    expect(merged.out).not.toContain('Merged');
    expect(git(repo, ['rev-parse', 'HEAD'])).toBe(head);
  }, 60_000);

  it('--worktree NAME PROMPT - names the worktree and sends the prompt whole', async () => {
    server.enqueue(reply('Noted.'));
    const run = await sluice(
      'ask',
      '--worktree',
      'currency',
      'Add a currency param',
      '--project',
      repo,
    );
    expect(run.code).toBe(0);
    expect(run.err).toContain('Working in worktree currency (branch sluice/currency)');
    const sent = JSON.stringify(server.requests[0]?.body.messages);
    expect(sent).toContain('Add a currency param');
    expect(sent).not.toContain('currency Add');
    server.enqueue(reply('Noted.'));
    const bare = await sluice('ask', '--worktree', 'Add a currency param', '--project', repo);
    expect(bare.code).toBe(0);
    expect(bare.err).toMatch(/Working in worktree task-\d{8}-\d{6}/u);
  }, 60_000);

  it('the same NAME again - continues in that worktree instead of failing on the branch', async () => {
    const dir = await taskInWorktree();
    server.enqueue(reply([toolUse('read_file', { path: 'c.ts' })]), reply('c is there.'));
    const again = await sluice('ask', 'is c there?', '--project', repo, '--worktree=fix');
    expect(again.code).toBe(0);
    expect(again.err).toContain(`Continuing in worktree fix (branch sluice/fix) at ${dir}`);
    expect(JSON.stringify(server.requests.at(-1)?.body.messages)).toContain('export const c = 1;');
  }, 60_000);

  it('a bad name or no repository - is refused in words before anything is made', async () => {
    const bad = await sluice('ask', 'x', '--project', repo, '--worktree=../up');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('cannot name a worktree');
    const plain = await mkdtemp(path.join(os.tmpdir(), 'sluice-not-git-'));
    try {
      const none = await sluice('ask', 'x', '--project', plain, '--worktree');
      expect(none.code).toBe(2);
      expect(none.err).toContain(
        'This project is not a git repository, so --worktree cannot make a worktree for it.',
      );
      const list = await sluice('worktrees', '--project', plain);
      expect(list.err).toBe('This project is not a git repository, so it has no worktrees.\n');
    } finally {
      await rm(plain, { recursive: true, force: true });
    }
    expect(server.requests).toHaveLength(0);
  });
});
