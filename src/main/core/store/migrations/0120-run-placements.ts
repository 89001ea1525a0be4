import type { Migration } from './migration';

/**
 * Where a background run executed: the runner, the engine it spoke to, the image
 * and the container. Its own table beside `change_set_runs`, written once the run is placed;
 * a run on this machine has no row.
 */
export const migration0120RunPlacements: Migration = {
  version: 120,
  name: 'run-placements',
  up(db) {
    db.exec(`
      CREATE TABLE change_set_run_placements (
        change_set_id TEXT PRIMARY KEY REFERENCES change_sets (id) ON DELETE CASCADE,
        executor TEXT NOT NULL CHECK (executor IN ('container')),
        engine TEXT NOT NULL,
        image TEXT NOT NULL,
        container_id TEXT NOT NULL,
        placed_at INTEGER NOT NULL
      );
    `);
  },
};
