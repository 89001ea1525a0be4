import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { migration0010Conversations } from '../../../../../src/main/core/store/migrations/0010-conversations';
import { runMigrations } from '../../../../../src/main/core/store/migration-runner';
import { openSqliteWritable } from '../../../../../src/main/core/store/sqlite-connection';
import type { WritableDb } from '../../../../../src/main/core/store/database-handles';
import { makeTempHome } from '../temp-home';

let temp: ReturnType<typeof makeTempHome>;
let db: WritableDb;
beforeEach(() => {
  temp = makeTempHome();
  db = openSqliteWritable(path.join(temp.home, 'm.db'));
  runMigrations(db, [migration0010Conversations]);
});
afterEach(() => {
  db.close();
  temp.cleanup();
});

function columns(table: string): string[] {
  return (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
}

describe('0010-conversations', () => {
  it('creates conversations, turns, messages, tool calls and usage', () => {
    expect(columns('conversations')).toEqual([
      'id',
      'project_id',
      'title',
      'model',
      'created_at',
      'updated_at',
    ]);
    expect(columns('conversation_turns')).toEqual([
      'id',
      'conversation_id',
      'seq',
      'user_text',
      'started_at',
      'ended_at',
      'end_reason',
      'end_message',
    ]);
    expect(columns('conversation_messages')).toEqual([
      'conversation_id',
      'seq',
      'turn_id',
      'role',
      'content_json',
      'created_at',
    ]);
    expect(columns('conversation_tool_calls')).toEqual([
      'conversation_id',
      'tool_use_id',
      'turn_id',
      'name',
      'label',
      'input_json',
      'status',
      'result',
      'created_at',
    ]);
    expect(columns('conversation_usage')).toEqual([
      'id',
      'conversation_id',
      'turn_id',
      'model',
      'input_tokens',
      'output_tokens',
      'cache_read_tokens',
      'cache_write_tokens',
      'cost_usd',
      'created_at',
    ]);
  });

  it('refuses bad roles and statuses; deleting a conversation deletes its rows', () => {
    db.prepare("INSERT INTO conversations VALUES ('c', 'p', 't', 'm', 1, 1)").run();
    expect(() =>
      db.prepare("INSERT INTO conversation_messages VALUES ('c', 1, 't', 'system', '[]', 1)").run(),
    ).toThrow(/CHECK/);
    expect(() =>
      db
        .prepare(
          "INSERT INTO conversation_tool_calls VALUES ('c', 'x', 't', 'n', 'l', '{}', 'maybe', '', 1)",
        )
        .run(),
    ).toThrow(/CHECK/);
    db.prepare("INSERT INTO conversation_messages VALUES ('c', 1, 't', 'user', '[]', 1)").run();
    db.prepare(
      "INSERT INTO conversation_usage (conversation_id, turn_id, model, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost_usd, created_at) VALUES ('c', 't', 'm', 1, 1, 0, 0, 0.1, 1)",
    ).run();
    db.prepare("DELETE FROM conversations WHERE id = 'c'").run();
    expect(db.prepare('SELECT COUNT(*) AS n FROM conversation_messages').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM conversation_usage').get()).toEqual({ n: 0 });
  });
});
