import { describe, expect, it } from 'vitest';
import { createChangeSetRepository } from '../../../../src/main/core/store/change-set-repository';
import {
  lastConversation,
  listConversations,
} from '../../../../src/main/core/store/conversation-listing';
import {
  createConversationRepository,
  type ConversationRepository,
} from '../../../../src/main/core/store/conversation-repository';
import type { TurnMode } from '../../../../src/shared/contract/agent-service';
import { useTempAppDatabase } from './temp-home';

const database = useTempAppDatabase();

function repository(): { repo: ConversationRepository; tick: (at: number) => void } {
  const clock = { at: 1000 };
  return {
    repo: createConversationRepository(database(), () => clock.at),
    tick: (at) => {
      clock.at = at;
    },
  };
}

/** A conversation with one turn per prompt, each in `mode`, at the clock's time. */
function conversation(
  repo: ConversationRepository,
  prompts: readonly string[],
  options: { projectId?: string; mode?: TurnMode | null; worktree?: string } = {},
): { id: string; turns: string[] } {
  const projectId = options.projectId ?? 'main';
  const created = repo.create({
    projectId: options.worktree ? `wt-${options.worktree}` : projectId,
    title: prompts[0] ?? '',
    model: 'm',
    ...(options.worktree ? { worktree: { projectId, name: options.worktree } } : {}),
  });
  const turns = prompts.map((p) =>
    repo.startTurn(created.id, p, undefined, options.mode === undefined ? 'ask' : options.mode),
  );
  return { id: created.id, turns };
}

function usage(repo: ConversationRepository, id: string, turnId: string, cost: number): void {
  repo.recorder(id).usage(
    {
      inputTokens: 100,
      outputTokens: 20,
      cacheReadTokens: 300,
      cacheWriteTokens: 5,
      costUsd: cost,
    },
    'm',
    turnId,
  );
}

/** A propose run's change set on the conversation's turn, as run-proposal.ts makes it. */
function changeSet(id: string, conversationId: string, turnId: string): void {
  createChangeSetRepository(database()).create({
    id,
    projectId: 'main',
    projectRoot: '/p',
    conversationId,
    turnId,
    prompt: 'p',
    model: 'm',
    pid: process.pid,
    timeoutMs: 1000,
    refines: null,
    createdAt: 1,
  });
}

describe('listConversations - the conversations a person can find again', () => {
  it('lists the project only, most recently active first, with turns, cost and tokens', () => {
    const { repo, tick } = repository();
    const older = conversation(repo, ['fix the cart', 'and the tests']);
    tick(2000);
    const newer = conversation(repo, ['rename the module']);
    tick(3000);
    conversation(repo, ['elsewhere'], { projectId: 'other' });
    usage(repo, older.id, older.turns[0] ?? '', 0.03);
    usage(repo, older.id, older.turns[1] ?? '', 0.011);
    tick(4000);
    repo
      .recorder(older.id)
      .assistantMessage(
        { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
        older.turns[1] ?? '',
      );
    const list = listConversations(database(), 'main');
    expect(list.map((c) => c.title)).toEqual(['fix the cart', 'rename the module']);
    expect(list[0]).toMatchObject({
      id: older.id,
      projectId: 'main',
      updatedAt: 4000,
      turns: 2,
      inputTokens: 810,
      outputTokens: 40,
      kind: 'chat',
      mode: 'ask',
    });
    expect(list[0]?.costUsd).toBeCloseTo(0.041);
    expect(list[0]).not.toHaveProperty('worktree');
    expect(list[1]).toMatchObject({ id: newer.id, turns: 1, costUsd: 0, inputTokens: 0 });
  });

  it('search - matches the title and any prompt, in any case and script, % and _ as plain text', () => {
    const { repo } = repository();
    conversation(repo, ['Fix the CART total', 'then deploy']);
    conversation(repo, ['Speed up search', 'also check the Cart page']);
    conversation(repo, ['raise coverage to 100%']);
    conversation(repo, ['rename user_id']);
    conversation(repo, ['rename userXid']);
    conversation(repo, ['Élargir la GRÜNDUNG']);
    const titles = (search: string) =>
      listConversations(database(), 'main', { search }).map((c) => c.title);
    expect(titles('cart').sort()).toEqual(['Fix the CART total', 'Speed up search']);
    expect(titles('DEPLOY')).toEqual(['Fix the CART total']);
    expect(titles('100%')).toEqual(['raise coverage to 100%']);
    expect(titles('%')).toEqual(['raise coverage to 100%']);
    expect(titles('user_id')).toEqual(['rename user_id']);
    expect(titles('élargir la gründung')).toEqual(['Élargir la GRÜNDUNG']);
    expect(titles('nothing like it')).toEqual([]);
    expect(titles('  ')).toHaveLength(6);
  });

  it('limit - 50 unless asked, never below 1 nor above 1000', () => {
    const { repo, tick } = repository();
    for (let i = 0; i < 1005; i++) {
      tick(1000 + i);
      repo.create({ projectId: 'main', title: `c${i}`, model: 'm' });
    }
    expect(listConversations(database(), 'main')).toHaveLength(50);
    expect(listConversations(database(), 'main', { limit: 3 }).map((c) => c.title)).toEqual([
      'c1004',
      'c1003',
      'c1002',
    ]);
    expect(listConversations(database(), 'main', { limit: 0 })).toHaveLength(1);
    expect(listConversations(database(), 'main', { limit: 5000 })).toHaveLength(1000);
  });

  it('markers - a propose run and a worktree are said; the worktree is listed from its project', () => {
    const { repo, tick } = repository();
    const chat = conversation(repo, ['a chat'], { mode: 'auto-edit' });
    tick(2000);
    const run = conversation(repo, ['a background run'], { mode: 'propose' });
    changeSet('cs1', run.id, run.turns[0] ?? '');
    tick(3000);
    const inWorktree = conversation(repo, ['in a worktree'], { worktree: 'task-1' });
    const byTitle = new Map(listConversations(database(), 'main').map((c) => [c.title, c]));
    expect(byTitle.get('a chat')).toMatchObject({ id: chat.id, kind: 'chat', mode: 'auto-edit' });
    expect(byTitle.get('a background run')).toMatchObject({ kind: 'propose', mode: 'propose' });
    expect(byTitle.get('in a worktree')).toMatchObject({
      id: inWorktree.id,
      projectId: 'wt-task-1',
      kind: 'worktree',
      worktree: 'task-1',
    });
    // The worktree opened as its own project lists it as well.
    expect(listConversations(database(), 'wt-task-1').map((c) => c.id)).toEqual([inWorktree.id]);
  });

  it('mode - the latest turn that knows one; an older propose turn by its change set; else null', () => {
    const { repo } = repository();
    const mixed = conversation(repo, ['one'], { mode: 'read-only' });
    repo.startTurn(mixed.id, 'a review note'); // no mode
    const old = conversation(repo, ['old run'], { mode: null });
    changeSet('cs-old', old.id, old.turns[0] ?? '');
    const unknown = conversation(repo, ['from a newer Sluice'], { mode: null });
    database()
      .prepare("UPDATE conversation_turns SET mode = 'warp' WHERE conversation_id = ?")
      .run(unknown.id);
    const modes = new Map(listConversations(database(), 'main').map((c) => [c.title, c.mode]));
    expect(modes.get('one')).toBe('read-only');
    expect(modes.get('old run')).toBe('propose');
    expect(modes.get('from a newer Sluice')).toBeNull();
  });

  it('a chat continued by a propose run stays a chat', () => {
    const { repo } = repository();
    const chat = conversation(repo, ['start here']);
    const later = repo.startTurn(chat.id, 'now in the background', undefined, 'propose');
    changeSet('cs2', chat.id, later);
    expect(listConversations(database(), 'main')[0]).toMatchObject({
      kind: 'chat',
      mode: 'propose',
      turns: 2,
    });
  });
});

describe('lastConversation - what sluice -c continues', () => {
  it('is the most recently active chat or worktree conversation, never a propose run', () => {
    const { repo, tick } = repository();
    expect(lastConversation(database(), 'main')).toBeNull();
    conversation(repo, ['first']);
    tick(2000);
    const inWorktree = conversation(repo, ['in a worktree'], { worktree: 'w1' });
    expect(lastConversation(database(), 'main')?.id).toBe(inWorktree.id);
    tick(3000);
    const run = conversation(repo, ['background'], { mode: 'propose' });
    changeSet('cs3', run.id, run.turns[0] ?? '');
    tick(4000);
    conversation(repo, ['other project'], { projectId: 'other' });
    expect(lastConversation(database(), 'main')).toMatchObject({
      id: inWorktree.id,
      kind: 'worktree',
      worktree: 'w1',
    });
  });
});
