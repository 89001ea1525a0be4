import { describe, expect, it } from 'vitest';
import { migration0021Checkpoints } from '../../../../../src/main/core/store/migrations/0021-checkpoints';
import { runMigrations } from '../../../../../src/main/core/store/migration-runner';
import { useTempDatabase } from '../temp-home';

const database = useTempDatabase();

describe('0021-checkpoints', () => {
  it('applies alone and keeps bytes exactly', () => {
    expect(runMigrations(database(), [migration0021Checkpoints]).applied).toEqual([21]);
    const bytes = Buffer.from([0xef, 0xbb, 0xbf, 0x61, 0x0d, 0x0a]);
    database()
      .prepare(
        "INSERT INTO checkpoints (id, project_id, path, change, before_bytes, after_bytes, after_hash, mode, created_at) VALUES ('c', 'p', 'a', 'modified', ?, ?, 'h', 420, 1)",
      )
      .run(bytes, bytes);
    expect(
      (
        database().prepare("SELECT after_bytes FROM checkpoints WHERE id = 'c'").get() as {
          after_bytes: Buffer;
        }
      ).after_bytes,
    ).toEqual(bytes);
    expect(() =>
      database()
        .prepare(
          "INSERT INTO checkpoints (id, project_id, path, change, after_bytes, after_hash, mode, created_at) VALUES ('d', 'p', 'a', 'deleted', x'00', 'h', 1, 1)",
        )
        .run(),
    ).toThrow(/CHECK/u);
  });
});
