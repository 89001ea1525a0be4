// Every read and write of the index database, as prepared statements. Writers take whole
// files: a file's symbols, imports and exports are replaced together in one transaction,
// so a reader never sees half a file.
import type Database from 'better-sqlite3';
import type { ParsedFile } from './index-types';
import type { SymbolKind } from '../../../shared/contract/symbol-service';
import { packageDirOf, sameModuleTargets } from './languages/language-extensions';

export interface FileRow {
  readonly id: number;
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly hash: string;
  readonly status: string;
  readonly error: string | null;
}

export interface SymbolRow {
  readonly path: string;
  readonly name: string;
  readonly kind: SymbolKind;
  readonly line: number;
  readonly column: number;
  readonly exported: number;
  readonly signature: string;
}

export interface ImportRow {
  readonly path: string;
  readonly specifier: string;
  readonly kind: string;
  readonly line: number;
  readonly column: number;
  readonly typeOnly: number;
  readonly imported: string;
  readonly local: string | null;
  readonly exportedAs: string | null;
  readonly target: string | null;
}

export interface ExportRow {
  readonly exported: string;
  readonly local: string | null;
}

export type Resolve = (fromFile: string, specifier: string) => string | undefined;

const SYMBOL_COLUMNS = `f.path AS path, s.name AS name, s.kind AS kind, s.line AS line, s.col AS "column", s.exported AS exported, s.signature AS signature`;
const IMPORT_COLUMNS = `f.path AS path, i.specifier AS specifier, i.kind AS kind, i.line AS line, i.col AS "column", i.type_only AS typeOnly,
  i.imported AS imported, i.local AS local, i.exported_as AS exportedAs, i.target AS target`;

/** Most definitions one name query returns (exported first); 'default' alone can match thousands. */
export const MAX_DEFINITIONS = 200;

export function shortNameOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? name : name.slice(dot + 1);
}

/**
 * The secondary indexes (also created by migration 0001). A cold build drops them, bulk
 * inserts, and builds them once at the end: sorting once is several times cheaper than
 * keeping four B-trees in order row by row (measured: writes 2.1 s → 0.7 s for 64k symbols).
 */
const SECONDARY_INDEXES = [
  'symbols_name ON symbols (name)',
  'symbols_short_name ON symbols (short_name)',
  'symbols_file ON symbols (file_id)',
  'imports_target ON imports (target)',
  'imports_file ON imports (file_id)',
  'exports_file ON exports (file_id)',
];

function createSecondaryIndexes(db: Database.Database): void {
  db.exec(SECONDARY_INDEXES.map((spec) => `CREATE INDEX IF NOT EXISTS ${spec};`).join('\n'));
}

export function createIndexStore(db: Database.Database) {
  // A cold build that died half-way (crash, killed process) left them dropped.
  createSecondaryIndexes(db);
  const q = {
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

  const writeFile = (parsed: ParsedFile, resolve: Resolve): void => {
    const outcome = parsed.outcome;
    const error = outcome.status === 'ok' ? null : outcome.error;
    const existing = q.fileByPath.get(parsed.path) as FileRow | undefined;
    let id: number;
    if (existing) {
      id = existing.id;
      q.updateFile.run(parsed.size, parsed.mtimeMs, parsed.hash, outcome.status, error, id);
      q.deleteSymbols.run(id);
      q.deleteImports.run(id);
      q.deleteExports.run(id);
    } else {
      id = Number(
        q.insertFile.run(
          parsed.path,
          parsed.size,
          parsed.mtimeMs,
          parsed.hash,
          outcome.status,
          error,
        ).lastInsertRowid,
      );
    }
    if (outcome.status !== 'ok') return;
    const { symbols, imports, exports } = outcome.extraction;
    for (const s of symbols) {
      q.insertSymbol.run(
        id,
        s.name,
        shortNameOf(s.name),
        s.kind,
        s.line,
        s.column,
        s.exported ? 1 : 0,
        s.signature,
      );
    }
    for (const i of imports) {
      const target = resolve(parsed.path, i.specifier) ?? null;
      q.insertImport.run(
        id,
        i.specifier,
        i.kind,
        i.line,
        i.column,
        i.typeOnly ? 1 : 0,
        i.imported,
        i.local,
        i.exportedAs,
        target,
      );
    }
    for (const e of exports) q.insertExport.run(id, e.exported, e.local, e.line);
  };

  return {
    db,
    /**
     * Runs `load` (which may await) with the secondary indexes dropped, then rebuilds them,
     * also when it throws. For bulk inserts into an empty index only: queries meanwhile scan.
     */
    async withoutSecondaryIndexes<T>(load: () => Promise<T>): Promise<T> {
      db.exec(
        SECONDARY_INDEXES.map((spec) => `DROP INDEX IF EXISTS ${spec.split(' ')[0]};`).join('\n'),
      );
      try {
        return await load();
      } finally {
        createSecondaryIndexes(db);
      }
    },
    allFiles: (): FileRow[] => q.allFiles.all() as FileRow[],
    fileByPath: (path: string): FileRow | undefined =>
      q.fileByPath.get(path) as FileRow | undefined,
    /** Writes a batch of parsed files in one transaction. */
    writeFiles: db.transaction((files: readonly ParsedFile[], resolve: Resolve) => {
      for (const file of files) writeFile(file, resolve);
    }),
    touchFiles: db.transaction(
      (files: readonly { path: string; size: number; mtimeMs: number }[]) => {
        for (const f of files) q.touchFile.run(f.size, f.mtimeMs, f.path);
      },
    ),
    deleteFiles: db.transaction((paths: readonly string[]) => {
      for (const path of paths) {
        const row = q.fileByPath.get(path) as FileRow | undefined;
        if (!row) continue;
        q.deleteSymbols.run(row.id);
        q.deleteImports.run(row.id);
        q.deleteExports.run(row.id);
        q.deleteFile.run(row.id);
      }
    }),
    /** Re-resolves every stored import (the file set or a config changed); returns rows changed. */
    reresolveAll: db.transaction((resolve: Resolve): number => {
      let changed = 0;
      // Read first: better-sqlite3 refuses writes while a statement is still iterating.
      const rows = q.allImportSpecifiers.all() as {
        rowid: number;
        path: string;
        specifier: string;
        target: string | null;
      }[];
      for (const row of rows) {
        const target = resolve(row.path, row.specifier) ?? null;
        if (target !== row.target) {
          q.setTarget.run(target, row.rowid);
          changed++;
        }
      }
      return changed;
    }),
    counts: () => ({
      files: q.countFiles.get() as number,
      symbols: q.countSymbols.get() as number,
      imports: q.countImports.get() as number,
    }),
    skipped: () => q.skipped.all() as { path: string; status: string; error: string | null }[],
    symbolsByName: (name: string) => q.symbolsByName.all(name) as SymbolRow[],
    symbolsByShortName: (name: string) => q.symbolsByShortName.all(name) as SymbolRow[],
    symbolsInFile: (path: string) => q.symbolsInFile.all(path) as SymbolRow[],
    symbolInFile: (path: string, name: string) => q.symbolInFile.all(path, name) as SymbolRow[],
    /** Imports of the file, and of its package directory (Go, Java) or stub/source twin (Python). */
    importsOfTarget: (path: string): ImportRow[] => {
      const rows = q.importsOfTarget.all(path) as ImportRow[];
      for (const twin of sameModuleTargets(path))
        rows.push(...(q.importsOfTarget.all(twin) as ImportRow[]));
      return rows;
    },
    /** Indexed files directly inside a `dir/` package target (`./` = the root). */
    filesInPackageDir: (target: string): string[] => {
      const prefix = target === './' ? '' : target;
      const paths = q.pathsFrom.all(prefix, `${prefix}\uffff`) as string[];
      return paths.filter(
        (p) => !p.slice(prefix.length).includes('/') && packageDirOf(p) === target,
      );
    },
    importsOfFile: (path: string) => q.importsOfFile.all(path) as ImportRow[],
    exportsOfFile: (path: string) => q.exportsOfFile.all(path) as ExportRow[],
    localsExportedAs: (name: string) =>
      q.localsExportedAs.all(name) as { path: string; local: string }[],
    distinctNames: () => q.distinctNames.all() as string[],
    allPaths: () => q.allPaths.all() as string[],
    getMeta: (key: string) => q.getMeta.get(key) as string | undefined,
    setMeta: (key: string, value: string) => void q.setMeta.run(key, value),
    deleteMeta: (key: string) => void q.deleteMeta.run(key),
  };
}

export type IndexStore = ReturnType<typeof createIndexStore>;
