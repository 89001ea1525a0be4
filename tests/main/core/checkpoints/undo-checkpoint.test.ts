import { chmod, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { undoCheckpoint, undoTurn } from '../../../../src/main/core/checkpoints/undo-checkpoint';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { createCheckpointRepository } from '../../../../src/main/core/store/checkpoint-repository';
import { Workspace } from '../../../../src/main/core/workspace/workspace';

let project: string;
let home: string;
let db: WritableDb;
beforeEach(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'sluice-undo-'));
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-undo-home-'));
  db = openAppDatabase({ home });
});
afterEach(async () => {
  db.close();
  await rm(project, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

async function setup() {
  const workspace = await Workspace.open(project);
  const store = createCheckpointRepository(db, 'p1');
  return { deps: { workspace, store }, store };
}

const b = (s: string) => Buffer.from(s, 'utf8');

describe('undoCheckpoint', () => {
  it('restores the exact bytes before and keeps the mode', async () => {
    const file = path.join(project, 'a.txt');
    await writeFile(file, b('\uFEFFnew\r\n'));
    await chmod(file, 0o640);
    const { deps, store } = await setup();
    const id = store.record({
      approvalId: 'ap',
      conversationId: 'c',
      turnId: 't',
      path: 'a.txt',
      beforeBytes: b('\uFEFFold\r\n'),
      afterBytes: b('\uFEFFnew\r\n'),
      mode: 0o640,
    });
    expect(await undoCheckpoint(deps, id)).toEqual({ undone: [id], refused: [] });
    expect(await readFile(file)).toEqual(b('\uFEFFold\r\n'));
    expect((await stat(file)).mode & 0o777).toBe(0o640);
    expect(store.list()[0]).toMatchObject({ id, undone: true });
  });

  it('refuses when the file changed since - says why - and force overrides', async () => {
    const file = path.join(project, 'a.txt');
    await writeFile(file, 'edited by hand\n');
    const { deps, store } = await setup();
    const id = store.record({
      approvalId: null,
      conversationId: null,
      turnId: null,
      path: 'a.txt',
      beforeBytes: b('old\n'),
      afterBytes: b('new\n'),
      mode: 0o644,
    });
    const refused = await undoCheckpoint(deps, id);
    expect(refused.undone).toEqual([]);
    expect(refused.refused[0]?.reason).toMatch(
      /a\.txt changed since checkpoint .*not what this checkpoint wrote.*use force/u,
    );
    expect(await readFile(file, 'utf8')).toBe('edited by hand\n');
    expect((await undoCheckpoint(deps, id, true)).undone).toEqual([id]);
    expect(await readFile(file, 'utf8')).toBe('old\n');
  });

  it('removes a file the change created; refuses a missing one unless forced', async () => {
    await writeFile(path.join(project, 'n.txt'), 'hi\n');
    const { deps, store } = await setup();
    const id = store.record({
      approvalId: null,
      conversationId: null,
      turnId: null,
      path: 'n.txt',
      beforeBytes: null,
      afterBytes: b('hi\n'),
      mode: 0o644,
    });
    expect((await undoCheckpoint(deps, id)).undone).toEqual([id]);
    await expect(stat(path.join(project, 'n.txt'))).rejects.toThrow(/ENOENT/u);
    const gone = store.record({
      approvalId: null,
      conversationId: null,
      turnId: null,
      path: 'gone.txt',
      beforeBytes: b('x'),
      afterBytes: b('y'),
      mode: 0o644,
    });
    expect((await undoCheckpoint(deps, gone)).refused[0]?.reason).toMatch(/no longer exists/u);
  });

  it('refuses an unknown id and a path that became a symlink', async () => {
    const { deps, store } = await setup();
    expect((await undoCheckpoint(deps, 'nope')).refused[0]?.reason).toMatch(/no checkpoint nope/u);
    await writeFile(path.join(project, 'real.txt'), 'new\n');
    await symlink(path.join(project, 'real.txt'), path.join(project, 'l.txt'));
    const id = store.record({
      approvalId: null,
      conversationId: null,
      turnId: null,
      path: 'l.txt',
      beforeBytes: b('old\n'),
      afterBytes: b('new\n'),
      mode: 0o644,
    });
    expect((await undoCheckpoint(deps, id, true)).refused[0]?.reason).toMatch(/symlink/u);
    expect(await readFile(path.join(project, 'real.txt'), 'utf8')).toBe('new\n');
  });
});

describe('undoTurn', () => {
  it('undoes every change of the turn, newest first, so stacked edits unwind', async () => {
    const file = path.join(project, 'a.txt');
    await writeFile(file, 'v3\n');
    const { deps, store } = await setup();
    const first = store.record({
      approvalId: null,
      conversationId: 'c',
      turnId: 't',
      path: 'a.txt',
      beforeBytes: b('v1\n'),
      afterBytes: b('v2\n'),
      mode: 0o644,
    });
    const second = store.record({
      approvalId: null,
      conversationId: 'c',
      turnId: 't',
      path: 'a.txt',
      beforeBytes: b('v2\n'),
      afterBytes: b('v3\n'),
      mode: 0o644,
    });
    const result = await undoTurn(deps, 't');
    expect(result).toEqual({ undone: [second, first], refused: [] });
    expect(await readFile(file, 'utf8')).toBe('v1\n');
    expect((await undoTurn(deps, 'unknown')).refused[0]?.reason).toMatch(
      /no checkpoints for turn unknown/u,
    );
  });
});
