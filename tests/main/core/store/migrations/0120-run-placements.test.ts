import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAppDatabase } from '../../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../../src/main/core/store/database-handles';
import {
  readRunPlacement,
  recordRunPlacement,
} from '../../../../../src/main/core/store/run-placement-repository';
import { makeTempHome } from '../temp-home';

let temp: ReturnType<typeof makeTempHome>;
let db: WritableDb;
beforeEach(() => {
  temp = makeTempHome();
  db = openAppDatabase({ home: temp.home });
});
afterEach(() => {
  db.close();
  temp.cleanup();
});

describe('0120-run-placements', () => {
  it('stores where a run executed, once per set, and goes with its set', () => {
    db.pragma('foreign_keys = OFF');
    expect(readRunPlacement(db, 's1')).toBeNull();
    const placement = {
      executor: 'container' as const,
      engine: 'unix:///run/podman/podman.sock',
      image: 'node:20 (--image)',
      containerId: 'abc123',
    };
    recordRunPlacement(db, 's1', placement);
    recordRunPlacement(db, 's1', { ...placement, containerId: 'def456' });
    expect(readRunPlacement(db, 's1')).toEqual({ ...placement, containerId: 'def456' });
    expect(() =>
      db
        .prepare(
          "INSERT INTO change_set_run_placements VALUES ('s2', 'kubernetes', 'e', 'i', 'c', 1)",
        )
        .run(),
    ).toThrow(/CHECK/u);
  });
});
