// The transition table (issue 23 item 1): every edge moves a set that is in the source state,
// every missing edge is refused, and a move from a state the set is not in changes nothing.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeSetStatusSchema, type ChangeSetStatus } from '../../../../src/shared/change-sets';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import { createChangeSetRepository } from '../../../../src/main/core/store/change-set-repository';
import {
  CHANGE_SET_TRANSITIONS,
  IllegalChangeSetTransitionError,
} from '../../../../src/main/core/store/change-set-status';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
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

const ALL = changeSetStatusSchema.options;
const edges = ALL.flatMap((from) => CHANGE_SET_TRANSITIONS[from].map((to) => [from, to] as const));
const missing = ALL.flatMap((from) =>
  ALL.filter((to) => !CHANGE_SET_TRANSITIONS[from].includes(to)).map((to) => [from, to] as const),
);

/** A set in `status`, reached through the table itself (and the raw row for final states). */
function setIn(id: string, status: ChangeSetStatus) {
  const repo = createChangeSetRepository(db);
  repo.create({
    id,
    projectId: 'p',
    projectRoot: '/r',
    conversationId: null,
    turnId: null,
    prompt: 'x',
    model: 'm',
    pid: 1,
    timeoutMs: 1000,
    refines: null,
    createdAt: 1,
  });
  if (status !== 'running')
    db.prepare('UPDATE change_sets SET status = ? WHERE id = ?').run(status, id);
  return repo;
}

describe('change set status transitions', () => {
  it('table - names every status, and the final ones move nowhere', () => {
    expect(Object.keys(CHANGE_SET_TRANSITIONS).sort()).toEqual([...ALL].sort());
    for (const final of [
      'accepted',
      'partly-accepted',
      'rejected',
      'failed',
      'superseded',
    ] as const)
      expect(CHANGE_SET_TRANSITIONS[final]).toEqual([]);
  });

  it.each(edges)('transition - %s to %s moves a set that is in the source state', (from, to) => {
    const repo = setIn('s', from);
    expect(repo.transition('s', [from], to, 'why')).toBe(true);
    expect(repo.get('s')).toMatchObject({ status: to, statusReason: 'why' });
  });

  it.each(edges)('transition - %s to %s changes nothing when the set is elsewhere', (from, to) => {
    const other =
      ALL.find((s) => s !== from && !CHANGE_SET_TRANSITIONS[s].includes(to)) ?? 'failed';
    const repo = setIn('s', other);
    expect(repo.transition('s', [from], to, 'why')).toBe(false);
    expect(repo.get('s')?.status).toBe(other);
  });

  it.each(missing)('transition - %s to %s is not an edge and throws', (from, to) => {
    const repo = setIn('s', from);
    expect(() => repo.transition('s', [from], to, null)).toThrow(IllegalChangeSetTransitionError);
    expect(repo.get('s')?.status).toBe(from);
  });

  it('transition - a move must name where it comes from', () => {
    const repo = setIn('s', 'proposed');
    expect(() => repo.transition('s', [], 'rejected', null)).toThrow(/must name/u);
  });

  it('finish - only ends a running set', () => {
    const repo = setIn('s', 'rejected');
    const usage = {
      inputTokens: 0,
      outputTokens: 0,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      costUsd: 0,
    };
    expect(repo.finish('s', { status: 'proposed', reason: null, summary: '', usage })).toBe(false);
    expect(repo.get('s')?.status).toBe('rejected');
    expect(() =>
      repo.finish('s', { status: 'accepted', reason: null, summary: '', usage }),
    ).toThrow(IllegalChangeSetTransitionError);
  });

  it('claimApply - a set being applied takes no other move until the claimant finishes', () => {
    const repo = setIn('s', 'proposed');
    expect(repo.claimApply('s', 42)).toBe(true);
    expect(repo.claimApply('s', 43)).toBe(false);
    expect(repo.transition('s', ['proposed'], 'rejected', 'no')).toBe(false);
    expect(repo.finishApply('s', 43, 'accepted', null)).toBe(false);
    expect(repo.finishApply('s', 42, 'accepted', null)).toBe(true);
    expect(repo.get('s')?.status).toBe('accepted');
    expect(repo.claimApply('s', 42)).toBe(false);
  });

  it('recoverAbandoned - releases the claim of a dead applier; a set it wrote to is partly accepted', () => {
    const repo = setIn('a', 'proposed');
    setIn('b', 'proposed');
    repo.claimApply('a', 7);
    repo.claimApply('b', 7);
    db.prepare(
      `INSERT INTO change_set_files (change_set_id, path, is_new_file, base_hash, base_text,
         final_text, format, hunks, unified_diff, protected_path, state, updated_at)
       VALUES ('a', 'x.ts', 0, 'h', '', 'y', '{}', '[]', '', 0, 'applied', 1)`,
    ).run();
    repo.recoverAbandoned(() => false, 10);
    expect(repo.get('a')).toMatchObject({ status: 'partly-accepted' });
    expect(repo.get('a')?.statusReason).toMatch(/stopped halfway/u);
    expect(repo.get('b')?.status).toBe('proposed');
    expect(repo.transition('b', ['proposed'], 'rejected', null)).toBe(true);
  });
});
