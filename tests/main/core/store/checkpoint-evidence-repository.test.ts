import { describe, expect, it } from 'vitest';
import {
  createCheckpointEvidenceRepository,
  KEPT_LIST_ENTRIES,
} from '../../../../src/main/core/store/checkpoint-evidence-repository';
import { createCheckpointRepository } from '../../../../src/main/core/store/checkpoint-repository';
import type { KeptEvidence } from '../../../../src/main/core/checkpoints/checkpoint-evidence-store';
import type { Diagnostic, ProposalEvidence } from '../../../../src/shared/diagnostics';
import type { TestVerdict } from '../../../../src/shared/test-verdict';
import { useTempAppDatabase } from './temp-home';

const database = useTempAppDatabase();

const error = (n: number): Diagnostic => ({
  path: 'src/cart.ts',
  line: n,
  column: 1,
  code: 'TS2304',
  message: `Cannot find name 'x${n}'.`,
  lineText: `x${n}();`,
  source: 'typescript',
});

const failure = (n: number) => ({
  name: `cart > case ${n}`,
  file: 'src/cart.test.ts',
  output: 'expected 3 to be 2\n'.repeat(200),
});

function verdict(newly: number): TestVerdict {
  return {
    state: newly > 0 ? 'failed' : 'passed',
    newlyFailing: Array.from({ length: newly }, (_, i) => failure(i)),
    flaky: [],
    alreadyFailing: [],
    passed: 3,
    ms: 800,
    checkedAt: new Date(0).toISOString(),
  };
}

function evidence(introduced: number, newly: number | null, fixed = 0): ProposalEvidence {
  return {
    state: 'checked',
    ms: 40,
    introduced: Array.from({ length: introduced }, (_, i) => error(i + 1)),
    fixed: Array.from({ length: fixed }, (_, i) => error(100 + i)),
    languages: [{ language: 'typescript', state: 'checked', filesChecked: 2, ms: 40 }],
    checkedAt: new Date(0).toISOString(),
    baseHashes: { 'src/cart.ts': 'base' },
    ...(newly === null ? {} : { tests: verdict(newly) }),
  };
}

const kept = (over: Partial<KeptEvidence> = {}): KeptEvidence => ({
  approvalId: 'a1',
  what: 'selection',
  textHash: 'hash-of-text',
  evidence: evidence(1, 0),
  complete: true,
  kept: { hunks: 2, wholeHunks: 1, partialHunks: 0, changedLines: 4, keptLines: 2 },
  ...over,
});

function checkpointFor(approvalId: string, projectId = 'p1'): void {
  const bytes = new TextEncoder().encode('x\n');
  createCheckpointRepository(database(), projectId).record({
    approvalId,
    conversationId: 'c1',
    turnId: 't1',
    path: 'src/cart.ts',
    beforeBytes: bytes,
    afterBytes: bytes,
    mode: 0o644,
  });
}

describe('checkpoint evidence repository', () => {
  it('round trip - what is kept is read back and listed with its checkpoint, in this project only', () => {
    const store = createCheckpointEvidenceRepository(database(), 'p1', { now: () => 7 });
    checkpointFor('a1');
    checkpointFor('a1', 'p2');
    store.keep(kept());
    expect(store.read('a1')).toEqual({
      ...kept(),
      introducedCount: 1,
      fixedCount: 0,
      newlyFailingCount: 0,
      recordedAt: 7,
    });
    const [listed] = createCheckpointRepository(database(), 'p1').list();
    expect(listed?.evidence).toEqual({
      what: 'selection',
      checked: 'the 1 of 2 hunks you kept',
      errors: 'checked',
      tests: 'passed',
      languagesUnchecked: false,
      introducedCount: 1,
      fixedCount: 0,
      newlyFailingCount: 0,
      introduced: ["src/cart.ts:1: Cannot find name 'x1'."],
      newlyFailing: [],
      complete: true,
      line: expect.stringMatching(/^This change introduces 1 error .* · Tests: no new failures/u),
    });
    expect(createCheckpointRepository(database(), 'p2').list()[0]).not.toHaveProperty('evidence');
    expect(createCheckpointEvidenceRepository(database(), 'p2').read('a1')).toBeNull();
  });

  it('bounded - at most 20 errors and tests are kept, long output cut, the counts and line of all of them', () => {
    const store = createCheckpointEvidenceRepository(database(), 'p1');
    checkpointFor('a1');
    store.keep(kept({ evidence: evidence(25, 30, 22) }));
    const read = store.read('a1');
    expect(read?.evidence.introduced).toHaveLength(KEPT_LIST_ENTRIES);
    expect(read?.evidence.fixed).toHaveLength(KEPT_LIST_ENTRIES);
    expect(read?.evidence.tests?.newlyFailing).toHaveLength(KEPT_LIST_ENTRIES);
    expect(read?.evidence.tests?.newlyFailing[0]?.output.length).toBeLessThanOrEqual(500);
    expect(read).toMatchObject({ introducedCount: 25, fixedCount: 22, newlyFailingCount: 30 });
    const json = database()
      .prepare(
        "SELECT length(evidence_json) AS n FROM checkpoint_evidence WHERE approval_id = 'a1'",
      )
      .get() as { n: number };
    expect(json.n).toBeLessThan(30_000);
    const [listed] = createCheckpointRepository(database(), 'p1').list();
    expect(listed?.evidence).toMatchObject({
      introducedCount: 25,
      newlyFailingCount: 30,
      line: expect.stringMatching(/introduces 25 errors · fixes 22 .*Tests: 30 newly failing/u),
    });
    expect(listed?.evidence?.introduced).toHaveLength(KEPT_LIST_ENTRIES);
    expect(listed?.evidence?.newlyFailing[0]).toBe('src/cart.test.ts: cart > case 0');
  });

  it('a later result completes a record; an incomplete one never replaces a complete one', () => {
    const store = createCheckpointEvidenceRepository(database(), 'p1');
    const running: ProposalEvidence = { ...evidence(0, null), state: 'checking' };
    store.keep(kept({ what: 'proposal', evidence: running, complete: false, kept: undefined }));
    expect(store.read('a1')).toMatchObject({ complete: false, evidence: { state: 'checking' } });
    store.keep(kept({ what: 'proposal', evidence: evidence(2, 1), kept: undefined }));
    store.keep(kept({ what: 'proposal', evidence: running, complete: false, kept: undefined }));
    expect(store.read('a1')).toMatchObject({
      complete: true,
      introducedCount: 2,
      newlyFailingCount: 1,
    });
  });

  it('an unreadable record is left out, not guessed at', () => {
    const db = database();
    const store = createCheckpointEvidenceRepository(db, 'p1');
    checkpointFor('a1');
    checkpointFor('a2');
    store.keep(kept());
    store.keep(kept({ approvalId: 'a2' }));
    db.prepare(
      `UPDATE checkpoint_evidence SET evidence_json = '{"state":"exploded"}' WHERE approval_id = 'a1'`,
    ).run();
    db.prepare(
      "UPDATE checkpoint_evidence SET introduced_count = 'many' WHERE approval_id = 'a2'",
    ).run();
    expect(store.read('a1')).toBeNull();
    expect(store.read('a2')).toBeNull();
    for (const checkpoint of createCheckpointRepository(db, 'p1').list())
      expect(checkpoint).not.toHaveProperty('evidence');
  });

  it('a selection count that cannot be read still says it was the parts kept, without numbers', () => {
    const db = database();
    const store = createCheckpointEvidenceRepository(db, 'p1');
    checkpointFor('a1');
    store.keep(kept());
    db.prepare('UPDATE checkpoint_evidence SET selection_json = \'{"hunks":-1}\'').run();
    expect(createCheckpointRepository(db, 'p1').list()[0]?.evidence?.checked).toBe(
      'the parts you kept',
    );
  });
});
