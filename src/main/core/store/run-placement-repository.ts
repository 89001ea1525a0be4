// Where each background run executed (migration 0120): engine, image and container
// id of a container run, kept with its change set so the set says where its evidence came
// from. A run on this machine has no row.
import type { ReadableDb, WritableDb } from './database-handles';

export interface RunPlacement {
  readonly executor: 'container';
  /** The engine's address as the person would write it (`unix:///run/podman/podman.sock`). */
  readonly engine: string;
  /** The image and where it came from (`node:20 (--image)`). */
  readonly image: string;
  readonly containerId: string;
}

interface PlacementRow {
  executor: 'container';
  engine: string;
  image: string;
  container_id: string;
}

export function readRunPlacement(db: ReadableDb, id: string): RunPlacement | null {
  const row = db
    .prepare(
      'SELECT executor, engine, image, container_id FROM change_set_run_placements WHERE change_set_id = ?',
    )
    .get(id) as PlacementRow | undefined;
  return row
    ? {
        executor: row.executor,
        engine: row.engine,
        image: row.image,
        containerId: row.container_id,
      }
    : null;
}

export function recordRunPlacement(
  db: WritableDb,
  id: string,
  placement: RunPlacement,
  now: number = Date.now(),
): void {
  db.prepare(
    `INSERT INTO change_set_run_placements (change_set_id, executor, engine, image, container_id, placed_at)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (change_set_id) DO UPDATE SET executor = excluded.executor, engine = excluded.engine,
       image = excluded.image, container_id = excluded.container_id, placed_at = excluded.placed_at`,
  ).run(id, placement.executor, placement.engine, placement.image, placement.containerId, now);
}
