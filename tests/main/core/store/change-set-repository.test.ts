import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import {
  ABANDONED_SLACK_MS,
  createChangeSetRepository,
  processIsAlive,
} from '../../../../src/main/core/store/change-set-repository';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { diffOfOverlayFile } from '../../../../src/main/core/proposals/proposal-overlay';
import { detectFormat, encodeText } from '../../../../src/main/core/edits/text-format';
import { makeTempHome } from './temp-home';

let temp: ReturnType<typeof makeTempHome>;
let db: WritableDb;
beforeEach(() => {
  temp = makeTempHome();
  db = openAppDatabase({ home: path.join(temp.home, 'h') });
});
afterEach(() => {
  db.close();
  temp.cleanup();
});

const base = {
  projectId: 'p',
  projectRoot: '/r',
  conversationId: null,
  turnId: null,
  prompt: 'x',
  model: 'm',
  timeoutMs: 1000,
  refines: null,
};

function file(p: string, text: string) {
  return diffOfOverlayFile({
    path: p,
    isNewFile: false,
    baseHash: 'h',
    baseText: 'a\n',
    text,
    format: detectFormat(text),
    bytes: encodeText(text, { bom: false }),
    changedAt: 1,
  });
}

describe('change set repository', () => {
  it('idsStartingWith - the ids a prefix names; a LIKE wildcard matches nothing', () => {
    const repo = createChangeSetRepository(db, () => 1);
    repo.create({ ...base, id: 'ab12-0001', pid: 1, createdAt: 1 });
    repo.create({ ...base, id: 'ab13-0002', pid: 1, createdAt: 1 });
    expect(repo.idsStartingWith('ab1')).toEqual(['ab12-0001', 'ab13-0002']);
    expect(repo.idsStartingWith('ab12')).toEqual(['ab12-0001']);
    expect(repo.idsStartingWith('%')).toEqual([]);
    expect(repo.idsStartingWith('a_')).toEqual([]);
    expect(repo.idsStartingWith('ab1', 1)).toEqual(['ab12-0001']);
  });

  it('recoverAbandoned - fails a dead process or an overdue run, keeps a live one', () => {
    const at = 10_000;
    const repo = createChangeSetRepository(db, () => at);
    repo.create({ ...base, id: 'dead', pid: 111, createdAt: at });
    repo.create({ ...base, id: 'live', pid: 222, createdAt: at });
    repo.create({
      ...base,
      id: 'overdue',
      pid: 222,
      createdAt: at - 1000 - ABANDONED_SLACK_MS - 1,
    });
    repo.saveFile('dead', file('a.ts', 'b\n'));
    const failed = repo.recoverAbandoned((pid) => pid === 222, at);
    expect(failed.sort()).toEqual(['dead', 'overdue']);
    expect(repo.get('dead')).toMatchObject({ status: 'failed', paths: ['a.ts'] });
    expect(repo.get('dead')?.statusReason).toContain('stopped before the run ended');
    expect(repo.get('overdue')?.statusReason).toContain('past its time limit');
    expect(repo.get('live')?.status).toBe('running');
  });

  it('fingerprint - moves on every change even within one millisecond', () => {
    const repo = createChangeSetRepository(db, () => 5);
    const seen = new Set([repo.fingerprint()]);
    repo.create({ ...base, id: 's', pid: 1, createdAt: 5 });
    seen.add(repo.fingerprint());
    repo.saveFile('s', file('a.ts', 'b\n'));
    seen.add(repo.fingerprint());
    repo.transition('s', ['running'], 'proposed', null);
    seen.add(repo.fingerprint());
    expect(seen.size).toBe(4);
  });

  it('fingerprint - moves even when another writer stamped a set past now (a background run)', () => {
    const repo = createChangeSetRepository(db, () => 5);
    repo.create({ ...base, id: 's', pid: 1, createdAt: 5 });
    repo.create({ ...base, id: 'other', pid: 1, createdAt: 5 });
    db.prepare("UPDATE change_sets SET updated_at = 1000 WHERE id = 'other'").run();
    const before = repo.fingerprint();
    repo.transition('s', ['running'], 'proposed', null);
    expect(repo.fingerprint()).not.toBe(before);
  });

  it('markRecheck - marks other reviewable sets of the project touching the paths', () => {
    const repo = createChangeSetRepository(db);
    for (const id of ['applied', 'overlaps', 'elsewhere', 'done'])
      repo.create({ ...base, id, pid: 1, createdAt: 1 });
    for (const id of ['applied', 'overlaps', 'done']) repo.saveFile(id, file('a.ts', 'b\n'));
    repo.saveFile('elsewhere', file('b.ts', 'b\n'));
    for (const id of ['applied', 'overlaps', 'elsewhere', 'done'])
      repo.transition(id, ['running'], 'proposed', null);
    repo.transition('done', ['proposed'], 'rejected', null);
    expect(repo.markRecheck('applied', 'p', ['a.ts'], 'applied first')).toEqual(['overlaps']);
    expect(repo.get('overlaps')?.needsRecheck).toBe('applied first (a.ts)');
    expect(repo.get('elsewhere')?.needsRecheck).toBeNull();
  });

  it('processIsAlive - true for this process', () => {
    expect(processIsAlive(process.pid)).toBe(true);
  });
});

describe('change set repository files', () => {
  it('saveFile - a closed or claimed set takes no file', () => {
    const repo = createChangeSetRepository(db);
    repo.create({ ...base, id: 's', pid: 1, createdAt: 1 });
    expect(repo.saveFile('s', file('a.ts', 'b\n'))).toBe(true);
    repo.transition('s', ['running'], 'proposed', null);
    repo.claimApply('s', 5);
    expect(repo.saveFile('s', file('b.ts', 'b\n'))).toBe(false);
    repo.releaseApply('s', 5);
    repo.transition('s', ['proposed'], 'rejected', 'no');
    expect(repo.saveFile('s', file('a.ts', 'c\n'))).toBe(false);
    expect(repo.get('s')).toMatchObject({ status: 'rejected', paths: ['a.ts'] });
    expect(repo.get('s')?.files[0]?.finalText).toBe('b\n');
  });

  it('saveFile - a file edited and then reverted leaves the set', () => {
    const repo = createChangeSetRepository(db);
    repo.create({ ...base, id: 's', pid: 1, createdAt: 1 });
    repo.saveFile('s', file('a.ts', 'b\n'));
    repo.saveFile('s', file('b.ts', 'b\n'));
    repo.saveFile('s', file('a.ts', 'a\n'));
    expect(repo.get('s')?.paths).toEqual(['b.ts']);
  });
});
