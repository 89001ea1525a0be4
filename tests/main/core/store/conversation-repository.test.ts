import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import {
  createConversationRepository,
  type ConversationRepository,
} from '../../../../src/main/core/store/conversation-repository';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { makeTempHome } from './temp-home';

let temp: ReturnType<typeof makeTempHome>;
let db: WritableDb;
let repo: ConversationRepository;
let clock = 1000;

beforeEach(() => {
  temp = makeTempHome();
  db = openAppDatabase({ home: temp.home });
  repo = createConversationRepository(db, () => (clock += 1));
});
afterEach(() => {
  db.close();
  temp.cleanup();
});

describe('createConversationRepository', () => {
  it('records a turn as it happens - history, tool calls, usage and transcript survive a reopen', () => {
    const c = repo.create({ projectId: 'p', title: 'hello', model: 'claude-sonnet-5-5' });
    const turnId = repo.startTurn(c.id, 'read it');
    const rec = repo.recorder(c.id);
    rec.userMessage({ role: 'user', content: [{ type: 'text', text: 'read it' }] }, turnId);
    rec.assistantMessage(
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Sure.' },
          { type: 'tool_use', id: 'tu1', name: 'read_file', input: { path: 'a' } },
        ],
      },
      turnId,
    );
    rec.toolCall(
      {
        call: { id: 'tu1', name: 'read_file', input: { path: 'a' } },
        label: 'Reading a',
        result: { status: 'ok', content: 'AAA' },
      },
      turnId,
    );
    rec.userMessage(
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'tu1', content: 'AAA' }] },
      turnId,
    );
    rec.usage(
      { inputTokens: 10, outputTokens: 5, cacheReadTokens: 1, cacheWriteTokens: 2, costUsd: 0.5 },
      'claude-sonnet-5-5',
      turnId,
    );
    rec.usage(
      { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0.25 },
      'claude-sonnet-5-5',
      turnId,
    );
    rec.turnEnd('max_turns', turnId, 'Stopped after 1 rounds');

    db.close();
    db = openAppDatabase({ home: temp.home });
    repo = createConversationRepository(db);
    expect(repo.history(c.id).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(repo.usageTotals(c.id)).toEqual({
      inputTokens: 11,
      outputTokens: 6,
      cacheReadTokens: 1,
      cacheWriteTokens: 2,
      costUsd: 0.75,
    });
    expect(repo.lastTurn(c.id)).toMatchObject({ id: turnId, reason: 'max_turns' });
    expect(repo.transcript(c.id)).toEqual([
      { type: 'user', id: '1:0', text: 'read it', createdAt: expect.any(Number) },
      { type: 'assistant_text', id: '2:0', turnId, text: 'Sure.' },
      {
        type: 'tool',
        id: 'tu1',
        turnId,
        name: 'read_file',
        label: 'Reading a',
        input: { path: 'a' },
        status: 'ok',
        result: 'AAA',
      },
    ]);
  });

  it('interrupted turn - closed as an error; its unfinished tool call shows as not finished', () => {
    const c = repo.create({ projectId: 'p', title: 't', model: 'm' });
    const turnId = repo.startTurn(c.id, 'go');
    const rec = repo.recorder(c.id);
    rec.userMessage({ role: 'user', content: [{ type: 'text', text: 'go' }] }, turnId);
    rec.assistantMessage(
      { role: 'assistant', content: [{ type: 'tool_use', id: 'x', name: 'read_file', input: {} }] },
      turnId,
    );
    expect(repo.transcript(c.id).at(-1)).toMatchObject({ type: 'tool', status: 'running' });
    expect(repo.closeInterruptedTurns(c.id, 'Sluice stopped.')).toBe(1);
    expect(repo.transcript(c.id).slice(-2)).toEqual([
      expect.objectContaining({
        type: 'tool',
        status: 'error',
        result: 'This tool call did not finish.',
      }),
      { type: 'error', id: `turn-error:${turnId}`, turnId, message: 'Sluice stopped.' },
    ]);
  });

  it('conflict at approval time - the edit keeps its conflict status, path and message after a reopen', () => {
    const c = repo.create({ projectId: 'p', title: 't', model: 'm' });
    const turnId = repo.startTurn(c.id, 'edit it');
    const rec = repo.recorder(c.id);
    const input = { path: 'src/config.ts', edits: [{ old_text: 'a', new_text: 'b' }] };
    const message = 'Conflict: src/config.ts changed on disk after the proposal was made.';
    rec.userMessage({ role: 'user', content: [{ type: 'text', text: 'edit it' }] }, turnId);
    rec.assistantMessage(
      { role: 'assistant', content: [{ type: 'tool_use', id: 'e1', name: 'edit_file', input }] },
      turnId,
    );
    rec.toolCall(
      {
        call: { id: 'e1', name: 'edit_file', input },
        label: 'Editing src/config.ts',
        result: { status: 'conflict', content: message },
      },
      turnId,
    );
    rec.turnEnd('end_turn', turnId);

    db.close();
    db = openAppDatabase({ home: temp.home });
    repo = createConversationRepository(db);
    expect(repo.transcript(c.id).at(-1)).toEqual({
      type: 'tool',
      id: 'e1',
      turnId,
      name: 'edit_file',
      label: 'Editing src/config.ts',
      input,
      status: 'conflict',
      result: message,
    });
  });

  it('list, rename, delete - newest first, per project', () => {
    const a = repo.create({ projectId: 'p', title: 'a', model: 'm' });
    const b = repo.create({ projectId: 'p', title: 'b', model: 'm' });
    repo.create({ projectId: 'other', title: 'c', model: 'm' });
    expect(repo.list('p').map((c) => c.id)).toEqual([b.id, a.id]);
    expect(repo.rename(a.id, 'renamed')?.title).toBe('renamed');
    expect(repo.list('p').map((c) => c.id)).toEqual([a.id, b.id]);
    expect(repo.list()).toHaveLength(3);
    expect(repo.delete(a.id)).toBe(true);
    expect(repo.get(a.id)).toBeNull();
    expect(repo.rename('missing', 'x')).toBeNull();
  });

  it('damaged stored JSON - a clear error naming the message, not a crash elsewhere', () => {
    const c = repo.create({ projectId: 'p', title: 't', model: 'm' });
    db.prepare("INSERT INTO conversation_messages VALUES (?, 1, 't', 'user', '{not json', 1)").run(
      c.id,
    );
    expect(() => repo.history(c.id)).toThrow(/damaged: message 1/);
  });
});
