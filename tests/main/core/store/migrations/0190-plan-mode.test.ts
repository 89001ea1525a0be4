import { describe, expect, it } from 'vitest';
import { migration0010Conversations } from '../../../../../src/main/core/store/migrations/0010-conversations';
import { migration0022ApprovalPolicies } from '../../../../../src/main/core/store/migrations/0022-approval-policies';
import { migration0150ApproveWhenClean } from '../../../../../src/main/core/store/migrations/0150-approve-when-clean';
import { migration0190PlanMode } from '../../../../../src/main/core/store/migrations/0190-plan-mode';
import { runMigrations } from '../../../../../src/main/core/store/migration-runner';
import { useTempDatabase } from '../temp-home';

const database = useTempDatabase();
const before = [
  migration0010Conversations,
  migration0022ApprovalPolicies,
  migration0150ApproveWhenClean,
];

describe('0190-plan-mode', () => {
  it('0190-plan-mode - keeps every stored policy and lets the mode be plan', () => {
    runMigrations(database(), before);
    const db = database();
    db.prepare(
      "INSERT INTO approval_policies (project_id, mode, updated_at, approve_when_clean) VALUES ('p1', 'read-only', 5, 0), ('p2', 'ask', 6, 1)",
    ).run();
    expect(() =>
      db
        .prepare(
          "INSERT INTO approval_policies (project_id, mode, updated_at) VALUES ('p3', 'plan', 7)",
        )
        .run(),
    ).toThrow(/CHECK/u);
    expect(runMigrations(db, [...before, migration0190PlanMode]).applied).toEqual([190]);
    expect(db.prepare('SELECT * FROM approval_policies ORDER BY project_id').all()).toEqual([
      { project_id: 'p1', mode: 'read-only', updated_at: 5, approve_when_clean: 0 },
      { project_id: 'p2', mode: 'ask', updated_at: 6, approve_when_clean: 1 },
    ]);
    db.prepare(
      "INSERT INTO approval_policies (project_id, mode, updated_at) VALUES ('p3', 'plan', 7)",
    ).run();
    expect(() =>
      db
        .prepare(
          "INSERT INTO approval_policies (project_id, mode, updated_at) VALUES ('p4', 'propose', 7)",
        )
        .run(),
    ).toThrow(/CHECK/u);
  });

  it('0190-plan-mode - keeps a plan with its conversation and checks its decision', () => {
    runMigrations(database(), [...before, migration0190PlanMode]);
    const db = database();
    db.prepare(
      "INSERT INTO conversations (id, project_id, title, model, created_at, updated_at) VALUES ('c1', 'p', 't', 'm', 1, 1)",
    ).run();
    const insert = db.prepare(
      "INSERT INTO conversation_plans (approval_id, conversation_id, turn_id, tool_use_id, plan_json, outcome, mode, created_at) VALUES (?, 'c1', 't1', 'tu', '{}', ?, ?, 1)",
    );
    insert.run('a1', null, null);
    insert.run('a2', 'approved', 'ask');
    expect(() => insert.run('a3', 'approved', 'read-only')).toThrow(/CHECK/u);
    expect(() => insert.run('a4', 'maybe', null)).toThrow(/CHECK/u);
    db.prepare("DELETE FROM conversations WHERE id = 'c1'").run();
    expect(db.prepare('SELECT COUNT(*) AS n FROM conversation_plans').get()).toEqual({ n: 0 });
  });
});
