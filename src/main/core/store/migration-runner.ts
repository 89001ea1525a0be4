// Applies numbered migrations. Applied versions are recorded one per row (not only in
// user_version) because number ranges belong to different areas: an older database may
// receive version 3 after version 20, and that must still run. A database that records a
// version this code does not know was written by a newer Sluice and is refused.
import type { ReadableDb, WritableDb } from './database-handles';
import type { Migration } from './migrations/migration';

export class SchemaVersionError extends Error {
  override readonly name = 'SchemaVersionError';
}

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

const NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Sorted copy of the registry; throws on a duplicate or malformed entry (a bug, not input). */
export function validateMigrations(migrations: readonly Migration[]): Migration[] {
  const seen = new Map<number, string>();
  for (const migration of migrations) {
    if (!Number.isSafeInteger(migration.version) || migration.version < 1) {
      throw new MigrationError(
        `Migration "${migration.name}" has an invalid version ${migration.version}.`,
      );
    }
    if (!NAME_PATTERN.test(migration.name)) {
      throw new MigrationError(
        `Migration ${migration.version} has a name that is not kebab-case: "${migration.name}".`,
      );
    }
    const other = seen.get(migration.version);
    if (other !== undefined) {
      throw new MigrationError(
        `Migrations "${other}" and "${migration.name}" share version ${migration.version}.`,
      );
    }
    seen.set(migration.version, migration.name);
  }
  return [...migrations].sort((a, b) => a.version - b.version);
}

export function migrationLabel(migration: Pick<Migration, 'version' | 'name'>): string {
  return `${String(migration.version).padStart(4, '0')}-${migration.name}`;
}

interface AppliedRow {
  version: number;
  name: string;
}

export interface MigrationOutcome {
  /** Versions applied by this call, in order. */
  readonly applied: number[];
  /** Highest version now recorded (0 for an empty registry). */
  readonly schemaVersion: number;
}

/** Runs every pending migration in ONE immediate transaction: all of them or none. */
export function runMigrations(
  db: WritableDb,
  migrations: readonly Migration[],
  label = 'the database',
): MigrationOutcome {
  const ordered = validateMigrations(migrations);
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
  );
  const apply = db.transaction((): MigrationOutcome => {
    const applied = readApplied(db);
    const pending = pendingMigrations(applied, ordered, label);
    const record = db.prepare(
      'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
    );
    for (const migration of pending) {
      try {
        migration.up(db);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new MigrationError(
          `Migration ${migrationLabel(migration)} failed on ${label}: ${reason}. Nothing was changed.`,
        );
      }
      record.run(migration.version, migration.name, Date.now());
    }
    const schemaVersion = Math.max(
      0,
      ...applied.map((row) => row.version),
      ...pending.map((m) => m.version),
    );
    db.pragma(`user_version = ${schemaVersion}`);
    return { applied: pending.map((m) => m.version), schemaVersion };
  });
  return apply.immediate();
}

/** For read-only handles: the schema must be exactly what this code knows. */
export function assertSchemaCurrent(
  db: ReadableDb,
  migrations: readonly Migration[],
  label = 'the database',
): void {
  const ordered = validateMigrations(migrations);
  const hasTable = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
    .get();
  const applied = hasTable ? readApplied(db) : [];
  const missing = pendingMigrations(applied, ordered, label);
  if (missing.length > 0) {
    throw new SchemaVersionError(
      `${label} is older than this Sluice (missing ${missing.map(migrationLabel).join(', ')}); open it once for writing to migrate it.`,
    );
  }
}

function readApplied(db: ReadableDb): AppliedRow[] {
  return db
    .prepare('SELECT version, name FROM schema_migrations ORDER BY version')
    .all() as AppliedRow[];
}

/**
 * The known migrations the database has not applied yet, in order. A database that records a
 * migration this code does not know is refused first: a newer Sluice wrote it.
 */
function pendingMigrations(
  applied: readonly AppliedRow[],
  known: readonly Migration[],
  label: string,
): Migration[] {
  const knownVersions = new Set(known.map((migration) => migration.version));
  const unknown = applied.filter((row) => !knownVersions.has(row.version));
  if (unknown.length > 0) {
    throw new SchemaVersionError(
      `${label} was written by a newer Sluice: it has schema migration ${unknown.map(migrationLabel).join(', ')} ` +
        `that this version does not know. Update Sluice, or set SLUICE_HOME to another folder. The database was not changed.`,
    );
  }
  const done = new Set(applied.map((row) => row.version));
  return known.filter((migration) => !done.has(migration.version));
}
