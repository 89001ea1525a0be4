import { describe, expect, it } from 'vitest';
import { createConversationRepository } from '../../../../../src/main/core/store/conversation-repository';
import { useTempAppDatabase } from '../temp-home';

const database = useTempAppDatabase();

describe('0180-conversation-listing', () => {
  it('keeps the mode each turn ran in, and none for a turn recorded without one', () => {
    const repo = createConversationRepository(database());
    const c = repo.create({ projectId: 'p1', title: 'fix the cart', model: 'm' });
    repo.startTurn(c.id, 'fix the cart', 't1', 'auto-edit');
    repo.startTurn(c.id, '[Review of change set x]', 't2');
    const rows = database()
      .prepare('SELECT id, mode FROM conversation_turns WHERE conversation_id = ? ORDER BY seq')
      .all(c.id);
    expect(rows).toEqual([
      { id: 't1', mode: 'auto-edit' },
      { id: 't2', mode: null },
    ]);
  });

  it('links a conversation to the worktree it works in, and drops the link with it', () => {
    const repo = createConversationRepository(database());
    const c = repo.create({
      projectId: 'worktree-project',
      title: 'in a worktree',
      model: 'm',
      worktree: { projectId: 'main-project', name: 'task-1' },
    });
    const link = () =>
      database()
        .prepare('SELECT project_id, name FROM conversation_worktrees WHERE conversation_id = ?')
        .get(c.id);
    expect(link()).toEqual({ project_id: 'main-project', name: 'task-1' });
    repo.delete(c.id);
    expect(link()).toBeUndefined();
  });
});
