import { describe, expect, it } from 'vitest';
import {
  createHookRepository,
  MAX_KEPT_HOOK_RUNS,
} from '../../../../../src/main/core/store/hook-repository';
import { useTempAppDatabase } from '../temp-home';

const database = useTempAppDatabase();

const hook = {
  event: 'PreToolUse' as const,
  matcher: 'Bash',
  command: './check.sh',
  timeoutSeconds: 30,
  createdAt: 1,
};

const run = {
  hookId: 'h1',
  source: 'person' as const,
  event: 'PreToolUse' as const,
  command: './check.sh',
  toolName: 'run_command',
  outcome: 'blocked' as const,
  exitCode: 2,
  ms: 12,
  output: 'no',
  reason: 'no',
  at: 5,
  conversationId: 'c1',
};

describe('0210-hooks', () => {
  it("person hooks - a project sees its own and every project's, not another project's", () => {
    const repo = createHookRepository(database());
    repo.addPersonHook({ ...hook, id: 'a', projectId: null });
    repo.addPersonHook({ ...hook, id: 'b', projectId: 'p1', createdAt: 2 });
    repo.addPersonHook({ ...hook, id: 'c', projectId: 'p2' });
    expect(repo.personHooks('p1').map((h) => h.id)).toEqual(['a', 'b']);
    expect(repo.personHooks('p1')[1]).toEqual({ ...hook, id: 'b', projectId: 'p1', createdAt: 2 });
    expect(() => repo.addPersonHook({ ...hook, id: 'a', projectId: null })).toThrow(/UNIQUE/u);
    expect(repo.removePersonHook('a')).toBe(true);
    expect(repo.removePersonHook('a')).toBe(false);
    expect(repo.personHooks('p1').map((h) => h.id)).toEqual(['b']);
  });

  it('person hooks - refuse an unknown event, an empty command and a zero timeout', () => {
    const insert = database().prepare(
      `INSERT INTO person_hooks (id, project_id, event, matcher, command, timeout_seconds, created_at)
       VALUES (?, NULL, ?, NULL, ?, ?, 1)`,
    );
    expect(() => insert.run('x', 'Notification', 'a', 1)).toThrow(/CHECK/u);
    expect(() => insert.run('y', 'Stop', '', 1)).toThrow(/CHECK/u);
    expect(() => insert.run('z', 'Stop', 'a', 0)).toThrow(/CHECK/u);
  });

  it('approvals - every approved version is kept, per project', () => {
    const repo = createHookRepository(database());
    repo.approve('p1', { pinHash: 'v1', hookId: 'h', slot: 'PreToolUse#0#0', approvedAt: 1 });
    repo.approve('p1', { pinHash: 'v2', hookId: 'h', slot: 'PreToolUse#0#0', approvedAt: 2 });
    repo.approve('p1', { pinHash: 'v2', hookId: 'h', slot: 'PreToolUse#1#0', approvedAt: 3 });
    expect(repo.approvals('p1')).toEqual([
      { pinHash: 'v1', hookId: 'h', slot: 'PreToolUse#0#0', approvedAt: 1 },
      { pinHash: 'v2', hookId: 'h', slot: 'PreToolUse#1#0', approvedAt: 3 },
    ]);
    expect(repo.approvals('p2')).toEqual([]);
  });

  it('runs - newest first, per project, and the oldest go past the limit', () => {
    const repo = createHookRepository(database());
    repo.recordRun('p1', run);
    repo.recordRun('p1', { ...run, outcome: 'passed', exitCode: 0, reason: undefined, at: 6 });
    repo.recordRun('p2', { ...run, conversationId: null, toolName: undefined });
    const [latest, first] = repo.recentRuns('p1', 10);
    expect(latest).toMatchObject({ outcome: 'passed', at: 6 });
    expect(latest).not.toHaveProperty('reason');
    expect(first).toEqual(run);
    expect(repo.recentRuns('p2', 10)[0]).not.toHaveProperty('toolName');
    expect(repo.recentRuns('p1', 1)).toHaveLength(1);
    for (let i = 0; i < MAX_KEPT_HOOK_RUNS + 5; i++) repo.recordRun('p3', { ...run, at: i });
    const kept = repo.recentRuns('p3', MAX_KEPT_HOOK_RUNS + 10);
    expect(kept).toHaveLength(MAX_KEPT_HOOK_RUNS);
    expect(kept.at(-1)?.at).toBe(5);
    expect(() =>
      database()
        .prepare(
          `INSERT INTO hook_runs (project_id, hook_id, source, event, command, outcome, ms, output, at)
           VALUES ('p', 'h', 'person', 'Stop', 'c', 'maybe', 1, '', 1)`,
        )
        .run(),
    ).toThrow(/CHECK/u);
  });
});
