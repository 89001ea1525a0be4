import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAppDatabase } from '../../../../../src/main/core/store/app-database';
import { createCheckpointRepository } from '../../../../../src/main/core/store/checkpoint-repository';
import type { WritableDb } from '../../../../../src/main/core/store/database-handles';
import type { TestVerdict } from '../../../../../src/shared/test-verdict';
import { makeTempHome } from '../temp-home';

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

const failure = (name: string) => ({ name, file: 'tests/cart.test.js', output: 'boom' });
const verdict = (newly: number): TestVerdict => ({
  state: newly > 0 ? 'failed' : 'passed',
  newlyFailing: Array.from({ length: newly }, (_, i) => failure(`case ${i}`)),
  flaky: [],
  alreadyFailing: [failure('old')],
  passed: 3,
  ms: 1200,
  checkedAt: '2026-11-28T08:00:00.000Z',
});

describe('0130-checkpoint-test-verdicts', () => {
  it('keeps the late verdict by approval, the newest wins, and lists it with its checkpoint only', () => {
    const repo = createCheckpointRepository(db, 'p1');
    const other = createCheckpointRepository(db, 'p2');
    const bytes = new TextEncoder().encode('x\n');
    const change = {
      conversationId: 'c1',
      turnId: 't1',
      beforeBytes: bytes,
      afterBytes: bytes,
      mode: 0o644,
    };
    repo.record({ ...change, approvalId: 'a1', path: 'a.js' });
    repo.record({ ...change, approvalId: 'a2', path: 'b.js' });
    other.record({ ...change, approvalId: 'a1', path: 'a.js' });
    // Arrives before the checkpoint exists and again after: the newest verdict is listed.
    repo.recordLateTests('a1', verdict(0));
    repo.recordLateTests('a1', verdict(2));
    const [b, a] = repo.list();
    expect(a?.path).toBe('a.js');
    expect(a?.tests).toEqual({
      state: 'failed',
      newlyFailing: ['tests/cart.test.js: case 0', 'tests/cart.test.js: case 1'],
      newlyFailingCount: 2,
      alreadyFailing: 1,
      flaky: 0,
      passed: 3,
      line: expect.stringMatching(/^Tests: 2 newly failing/u),
    });
    expect(b?.tests).toBeUndefined();
    // Another project's checkpoint with the same approval id does not show this project's verdict.
    expect(other.list()[0]?.tests).toBeUndefined();
    expect(
      (db.prepare('SELECT COUNT(*) AS n FROM checkpoint_test_verdicts').get() as { n: number }).n,
    ).toBe(1);
  });

  it('leaves out a stored verdict it cannot read instead of guessing', () => {
    const repo = createCheckpointRepository(db, 'p1');
    const bytes = new TextEncoder().encode('x\n');
    repo.record({
      approvalId: 'a1',
      conversationId: null,
      turnId: null,
      path: 'a.js',
      beforeBytes: bytes,
      afterBytes: bytes,
      mode: 0o644,
    });
    db.prepare(
      "INSERT INTO checkpoint_test_verdicts VALUES ('a1', 'p1', '{\"state\":\"exploded\"}', 1)",
    ).run();
    expect(repo.list()[0]).not.toHaveProperty('tests');
  });
});
