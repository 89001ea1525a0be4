import { describe, expect, it } from 'vitest';
import { defaultParallel, waitForRunSlot } from '../../../../src/main/core/runs/run-queue';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import { createBackgroundRunRepository } from '../../../../src/main/core/store/background-run-repository';
import { createChangeSetRepository } from '../../../../src/main/core/store/change-set-repository';
import { makeTempHome } from '../store/temp-home';
import { afterEach, beforeEach } from 'vitest';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';

let temp: ReturnType<typeof makeTempHome>;
let db: WritableDb;

beforeEach(() => {
  temp = makeTempHome();
  db = openAppDatabase({ home: temp.home });
});
afterEach(() => {
  db.close();
  temp.cleanup();
});

function queued(id: string, pid: number, at: number): void {
  createChangeSetRepository(db).create({
    id,
    projectId: 'p',
    projectRoot: '/p',
    conversationId: null,
    turnId: null,
    prompt: id,
    model: 'm',
    pid,
    timeoutMs: 60_000,
    refines: null,
    createdAt: at,
  });
  createBackgroundRunRepository(db).create(id, {
    allowedCommands: ['npm test'],
    allowNetwork: false,
    queuedAt: at,
  });
}

describe('run queue', () => {
  it('defaultParallel - half the cores, at least one', () => {
    expect(defaultParallel(2)).toBe(1);
    expect(defaultParallel(1)).toBe(1);
    expect(defaultParallel(16)).toBe(8);
  });

  it('tryStart - first come first served under the limit; an ended or dead run frees its place', () => {
    const runs = createBackgroundRunRepository(db);
    const alive = new Set([1, 2, 3]);
    const isAlive = (pid: number) => alive.has(pid);
    queued('a', 1, 1);
    queued('b', 2, 2);
    queued('c', 3, 3);
    // c may not jump ahead of b even when a place is free for one of them.
    expect(runs.tryStart('a', 2, isAlive, 10)).toBe(true);
    expect(runs.tryStart('c', 2, isAlive, 10)).toBe(false);
    expect(runs.tryStart('b', 2, isAlive, 10)).toBe(true);
    expect(runs.tryStart('c', 2, isAlive, 10)).toBe(false);
    expect(runs.get('c')?.state).toBe('queued');
    runs.end('a');
    expect(runs.tryStart('c', 2, isAlive, 11)).toBe(true);
    expect(runs.get('c')).toMatchObject({ state: 'running', startedAt: 11 });
    queued('d', 1, 4);
    expect(runs.tryStart('d', 2, isAlive, 12)).toBe(false);
    alive.delete(2); // b's process was killed: its place is free
    expect(runs.tryStart('d', 2, isAlive, 13)).toBe(true);
  });

  it('waitForRunSlot - waits for a place, and gives up when stopped here or from elsewhere', async () => {
    const runs = createBackgroundRunRepository(db);
    queued('a', 1, 1);
    queued('b', 1, 2);
    expect(runs.tryStart('a', 1, () => true, 1)).toBe(true);
    let stopped = false;
    const waiting = waitForRunSlot({
      runs,
      id: 'b',
      limit: 1,
      isAlive: () => true,
      stopped: () => stopped,
      pollMs: 5,
    });
    await new Promise((r) => setTimeout(r, 30));
    expect(runs.get('b')?.state).toBe('queued');
    runs.end('a');
    expect(await waiting).toBe(true);
    queued('c', 1, 3);
    const blocked = waitForRunSlot({
      runs,
      id: 'c',
      limit: 1,
      isAlive: () => true,
      stopped: () => stopped,
      pollMs: 5,
    });
    runs.requestStop('c');
    expect(await blocked).toBe(false);
    queued('d', 1, 4);
    stopped = true;
    expect(
      await waitForRunSlot({
        runs,
        id: 'd',
        limit: 1,
        isAlive: () => true,
        stopped: () => stopped,
        pollMs: 5,
      }),
    ).toBe(false);
  });
});
