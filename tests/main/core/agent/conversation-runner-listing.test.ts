import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConversationRunner } from '../../../../src/main/core/agent/conversation-runner';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import { listConversations } from '../../../../src/main/core/store/conversation-listing';
import {
  createConversationRepository,
  type ConversationWorktree,
} from '../../../../src/main/core/store/conversation-repository';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import type { TurnMode } from '../../../../src/shared/contract/agent-service';
import { reply } from '../../../support/fake-anthropic-server';
import { collect, startHarness, type Harness } from './agent-harness';

let h: Harness;
let home: string;
let db: WritableDb;

beforeEach(async () => {
  h = await startHarness({ 'a.txt': 'A' });
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-runner-listing-'));
  db = openAppDatabase({ home });
});
afterEach(async () => {
  db.close();
  rmSync(home, { recursive: true, force: true });
  await h.close();
});

function runner(mode: { now: TurnMode }, worktree: ConversationWorktree | null = null) {
  return createConversationRunner({
    repository: createConversationRepository(db),
    projectId: worktree ? 'worktree-project' : 'p1',
    createClient: () => h.client,
    tools: [],
    ports: () => ({ workspace: h.workspace }),
    guidanceFiles: h.workspace,
    mode: () => mode.now,
    worktree,
  });
}

describe('conversation runner - what a listing reads of its conversations', () => {
  it("titles a new conversation from the prompt's first line and records each turn's mode", async () => {
    const mode: { now: TurnMode } = { now: 'read-only' };
    const r = runner(mode);
    h.server.enqueue(reply('Looked.'), reply('Done.'));
    const first = r.start({ kind: 'send', text: 'Why does the cart total drift?\nStack: …' });
    await collect(first.events);
    mode.now = 'auto-edit';
    await collect(
      r.start({ kind: 'send', conversationId: first.conversationId, text: 'fix it' }).events,
    );
    const modes = db
      .prepare('SELECT mode FROM conversation_turns WHERE conversation_id = ? ORDER BY seq')
      .all(first.conversationId);
    expect(modes).toEqual([{ mode: 'read-only' }, { mode: 'auto-edit' }]);
    expect(listConversations(db, 'p1')).toMatchObject([
      { title: 'Why does the cart total drift?', mode: 'auto-edit', turns: 2, kind: 'chat' },
    ]);
  });

  it('records the worktree a conversation starts in, so its project lists it', async () => {
    const r = runner({ now: 'ask' }, { projectId: 'p1', name: 'task-7' });
    h.server.enqueue(reply('Hi.'));
    const started = r.start({ kind: 'send', text: 'hello' });
    await collect(started.events);
    expect(listConversations(db, 'p1')).toMatchObject([
      {
        id: started.conversationId,
        projectId: 'worktree-project',
        kind: 'worktree',
        worktree: 'task-7',
      },
    ]);
  });
});
