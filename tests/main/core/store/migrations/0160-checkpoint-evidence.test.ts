import { describe, expect, it } from 'vitest';
import { useTempAppDatabase } from '../temp-home';

const database = useTempAppDatabase();

const row = (approvalId: string, projectId: string, what = 'selection') => ({
  approvalId,
  projectId,
  what,
});
const insert = `INSERT INTO checkpoint_evidence (approval_id, project_id, what, text_hash, evidence_json,
  introduced_count, fixed_count, newly_failing_count, line, selection_json, complete, recorded_at)
  VALUES (@approvalId, @projectId, @what, 'h', '{}', 0, 0, 0, 'l', NULL, 1, 1)`;

describe('0160-checkpoint-evidence', () => {
  it('keys a record by approval and project, and takes only the three kinds of text', () => {
    const db = database();
    const add = db.prepare(insert);
    add.run(row('a1', 'p1'));
    add.run(row('a1', 'p2'));
    expect(() => add.run(row('a1', 'p1'))).toThrow(/UNIQUE/u);
    expect(() => add.run(row('a2', 'p1', 'guess'))).toThrow(/CHECK/u);
    const count = db.prepare('SELECT COUNT(*) AS n FROM checkpoint_evidence').get() as {
      n: number;
    };
    expect(count.n).toBe(2);
  });
});
