// The prepared statements of the index database (migration 0001's tables), one set per
// store: index-store.ts reads and writes through them.
import type Database from 'better-sqlite3';

const SYMBOL_COLUMNS = `f.path AS path, s.name AS name, s.kind AS kind, s.line AS line, s.col AS "column", s.exported AS exported, s.signature AS signature`;
const IMPORT_COLUMNS = `f.path AS path, i.specifier AS specifier, i.kind AS kind, i.line AS line, i.col AS "column", i.type_only AS typeOnly,
  i.imported AS imported, i.local AS local, i.exported_as AS exportedAs, i.target AS target`;

/** Most definitions one name query returns (exported first); 'default' alone can match thousands. */
export const MAX_DEFINITIONS = 200;

export type IndexStatements = ReturnType<typeof prepareIndexStatements>;

export function prepareIndexStatements(db: Database.Database) {
  return {
    allFiles: db.prepare(
      `SELECT id, path, size, mtime_ms AS mtimeMs, hash, status, error FROM files`,
    ),
    fileByPath: db.prepare(
      `SELECT id, path, size, mtime_ms AS mtimeMs, hash, status, error FROM files WHERE path = ?`,
    ),
    insertFile: db.prepare(
      `INSERT INTO files (path, size, mtime_ms, hash, status, error) VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    updateFile: db.prepare(
      `UPDATE files SET size = ?, mtime_ms = ?, hash = ?, status = ?, error = ? WHERE id = ?`,
    ),
    touchFile: db.prepare(`UPDATE files SET size = ?, mtime_ms = ? WHERE path = ?`),
    deleteFile: db.prepare(`DELETE FROM files WHERE id = ?`),
    deleteSymbols: db.prepare(`DELETE FROM symbols WHERE file_id = ?`),
    deleteImports: db.prepare(`DELETE FROM imports WHERE file_id = ?`),
    deleteExports: db.prepare(`DELETE FROM exports WHERE file_id = ?`),
    insertSymbol: db.prepare(
      `INSERT INTO symbols (file_id, name, short_name, kind, line, col, exported, signature) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertImport: db.prepare(
      `INSERT INTO imports (file_id, specifier, kind, line, col, type_only, imported, local, exported_as, target) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertExport: db.prepare(
      `INSERT INTO exports (file_id, exported, local, line) VALUES (?, ?, ?, ?)`,
    ),
    allImportSpecifiers: db.prepare(
      `SELECT i.rowid AS rowid, f.path AS path, i.specifier AS specifier, i.target AS target FROM imports i JOIN files f ON f.id = i.file_id`,
    ),
    setTarget: db.prepare(`UPDATE imports SET target = ? WHERE rowid = ?`),
    countFiles: db.prepare(`SELECT COUNT(*) AS n FROM files WHERE status = 'ok'`).pluck(),
    countSymbols: db.prepare(`SELECT COUNT(*) FROM symbols`).pluck(),
    countImports: db.prepare(`SELECT COUNT(*) FROM imports`).pluck(),
    skipped: db.prepare(`SELECT path, status, error FROM files WHERE status != 'ok' ORDER BY path`),
    symbolsByName: db.prepare(
      `SELECT ${SYMBOL_COLUMNS} FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.name = ? ORDER BY s.exported DESC LIMIT ${MAX_DEFINITIONS}`,
    ),
    symbolsByShortName: db.prepare(
      `SELECT ${SYMBOL_COLUMNS} FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.short_name = ? ORDER BY s.exported DESC LIMIT ${MAX_DEFINITIONS}`,
    ),
    symbolsInFile: db.prepare(
      `SELECT ${SYMBOL_COLUMNS} FROM symbols s JOIN files f ON f.id = s.file_id WHERE f.path = ? ORDER BY s.line, s.col`,
    ),
    symbolInFile: db.prepare(
      `SELECT ${SYMBOL_COLUMNS} FROM symbols s JOIN files f ON f.id = s.file_id WHERE f.path = ? AND s.name = ?`,
    ),
    importsOfTarget: db.prepare(
      `SELECT ${IMPORT_COLUMNS} FROM imports i JOIN files f ON f.id = i.file_id WHERE i.target = ?`,
    ),
    importsOfFile: db.prepare(
      `SELECT ${IMPORT_COLUMNS} FROM imports i JOIN files f ON f.id = i.file_id WHERE f.path = ?`,
    ),
    exportsOfFile: db.prepare(
      `SELECT e.exported AS exported, e.local AS local FROM exports e JOIN files f ON f.id = e.file_id WHERE f.path = ?`,
    ),
    /** Local declarations behind `export { local as name }` (no index on purpose: only a by-name miss asks). */
    localsExportedAs: db.prepare(
      `SELECT f.path AS path, e.local AS local FROM exports e JOIN files f ON f.id = e.file_id WHERE e.exported = ? AND e.local IS NOT NULL AND e.local != e.exported LIMIT ${MAX_DEFINITIONS}`,
    ),
    distinctNames: db.prepare(`SELECT DISTINCT name FROM symbols`).pluck(),
    allPaths: db.prepare(`SELECT path FROM files ORDER BY path`).pluck(),
    pathsFrom: db
      .prepare(`SELECT path FROM files WHERE path >= ? AND path < ? ORDER BY path`)
      .pluck(),
    getMeta: db.prepare(`SELECT value FROM meta WHERE key = ?`).pluck(),
    deleteMeta: db.prepare(`DELETE FROM meta WHERE key = ?`),
    setMeta: db.prepare(
      `INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
    ),
  };
}
