import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRunCopy } from '../../../../src/main/core/sandbox/run-copy';
import { sweepBackgroundRuns } from '../../../../src/main/core/runs/sweep-runs';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import { createChangeSetRepository } from '../../../../src/main/core/store/change-set-repository';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';

let home: string;
let db: WritableDb;
beforeEach(() => {
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-sweep-'));
  db = openAppDatabase({ home });
});
afterEach(() => {
  db.close();
  rmSync(home, { recursive: true, force: true });
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function set(n: number, pid: number): void {
  createChangeSetRepository(db).create({
    id: id(n),
    projectId: 'p',
    projectRoot: '/p',
    conversationId: null,
    turnId: null,
    prompt: 'x',
    model: 'm',
    pid,
    timeoutMs: 60_000,
    refines: null,
    createdAt: Date.now(),
  });
}

describe('sweepBackgroundRuns', () => {
  it('sweepBackgroundRuns - fails dead runs and removes every copy but those of live or proposed sets', () => {
    set(1, 111); // alive
    set(2, 222); // dead
    set(3, 111);
    createChangeSetRepository(db).transition(id(3), ['running'], 'proposed', null);
    set(4, 111);
    createChangeSetRepository(db).transition(id(4), ['running'], 'proposed', null);
    createChangeSetRepository(db).transition(id(4), ['proposed'], 'rejected', null);
    for (const n of [1, 2, 3, 4, 5]) createRunCopy(home, id(n));
    const result = sweepBackgroundRuns(db, home, (pid) => pid === 111);
    expect(result.failed).toEqual([id(2)]);
    expect(result.removedCopies.sort()).toEqual([id(2), id(4), id(5)]);
    for (const n of [1, 3]) expect(existsSync(path.join(home, 'run-copies', id(n)))).toBe(true);
  });
});
