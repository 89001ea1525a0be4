// The project's symbol index: keeps the SQLite index in step with the files (incremental
// refresh on open, single-file refresh for applied edits, a watcher while the app runs) and
// answers the queries behind find_definition, find_importers, the outline, and fuzzy
// symbol/file search. Parsing happens in the worker pool; this thread only diffs, resolves
// and writes. Refreshes are serialised so a reader always sees whole files.
import type Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type {
  IndexStatus,
  SymbolDefinition,
  SymbolKind,
  Importer,
} from '../../../shared/contract/symbol-service';
import { openIndexDatabase } from './index-database';
import { createIndexStore, type IndexStore } from './index-store';
import type { ModuleResolver } from './module-resolver';
import { createParsePool, IN_PROCESS_BELOW, type ParsePool } from './parse-pool';
import { runParseJob, type ParseJob, type ParseJobResult } from './parse-job';
import { saveTypeScriptCodeCache, useTypeScriptCodeCache } from './typescript-runtime';
import type { ParsedFile } from './index-types';
import { scanProject, isCodeFile, isConfigFile, type StatEntry } from './project-scan';
import {
  findDefinitions,
  rankDefinitions,
  toDefinition,
  type DefinitionResult,
} from './definition-query';
import { findImporters, parseImporterTarget } from './importers-query';
import { fuzzyRank } from './fuzzy-match';
import { definitionThroughImports } from './definition-through-imports';
import type { SymbolIndexPort } from './symbol-index-port';
import { watchIndex, type IndexWatcher, type IndexWatcherOptions } from './index-watcher';

import {
  DEFAULT_MAX_FILE_BYTES,
  type RefreshSummary,
  type SymbolIndexOptions,
} from './symbol-index-options';
import { warmUpTypeScriptParser } from './parser-warm-up';
import { buildProjectResolver } from './project-resolver';
import { IndexStatusHub } from './index-status-hub';
import { createQuickAnswers, type QuickAnswers } from './quick-answers';
import { QUICK_ANSWER_NOTE } from './quick-answer';
import { locateBundledRipgrep } from '../search/create-search-engine';

export { DEFAULT_MAX_FILE_BYTES, type RefreshSummary, type SymbolIndexOptions };

const CONFIG_META = 'config-fingerprint';
/**
 * Set while the database holds no complete build: from the start of a cold build (or the
 * first files a quick answer warmed) until a refresh completes. A database without it and
 * with files holds a complete build (also one from before this marker existed).
 */
const INCOMPLETE_META = 'cold-build-incomplete';
/** Below this many files a cold build keeps the lookup indexes (rebuilding them costs more). */
const BULK_LOAD_MIN_FILES = 200;

export class SymbolIndex implements SymbolIndexPort {
  private readonly store: IndexStore;
  private readonly pool: ParsePool;
  private readonly maxFileBytes: number;
  private resolver: ModuleResolver | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private progress = { indexing: false, done: 0, total: 0 };
  private namesCache: string[] | undefined;
  private pathsCache: string[] | undefined;
  private closed = false;
  private readonly watchers = new Set<IndexWatcher>();
  private readonly hub: IndexStatusHub;
  private built = false;
  private quick: QuickAnswers | undefined;

  private constructor(
    private readonly options: SymbolIndexOptions,
    private readonly db: Database.Database,
  ) {
    this.store = createIndexStore(db);
    this.hub = new IndexStatusHub(() => ({
      ...this.store.counts(),
      indexing: this.progress.indexing,
      done: this.progress.done,
      total: this.progress.total,
    }));
    if (options.onStatus) this.hub.listen(options.onStatus);
    const codeCacheDir =
      options.codeCacheDir === undefined
        ? options.home === null
          ? undefined
          : path.join(options.home, 'cache')
        : (options.codeCacheDir ?? undefined);
    if (codeCacheDir !== undefined) useTypeScriptCodeCache(codeCacheDir);
    this.pool = createParsePool({
      ...options.pool,
      ...(codeCacheDir !== undefined ? { codeCacheDir } : {}),
    });
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  }

  static open(options: SymbolIndexOptions): SymbolIndex {
    return new SymbolIndex(
      options,
      openIndexDatabase(options.home, options.source.root, options.nativeBinding),
    );
  }

  get root(): string {
    return this.options.source.root;
  }

  /** True once a refresh has completed in this process. */
  get isBuilt(): boolean {
    return this.built;
  }

  /** True while a refresh runs (what is indexed so far can be searched meanwhile). */
  get isRefreshing(): boolean {
    return this.running > 0;
  }

  status(): IndexStatus {
    return this.hub.status();
  }

  /**
   * True once a refresh completed in this process, or the database holds an earlier
   * complete build (then it answers at once, refreshed incrementally behind).
   */
  hasCompleteBuild(): boolean {
    return (
      this.built ||
      (this.store.getMeta(INCOMPLETE_META) === undefined && this.store.counts().files > 0)
    );
  }

  /**
   * Quick answers (issue 20) while there is no complete build; undefined once there is, so
   * the index answers. The switch happens when a refresh ends, between two queries.
   */
  quickAnswers(): QuickAnswers | undefined {
    if (this.closed || this.hasCompleteBuild()) return undefined;
    return (this.quick ??= createQuickAnswers({
      source: this.options.source,
      maxFileBytes: this.maxFileBytes,
      ...(this.options.maxFiles !== undefined ? { maxFiles: this.options.maxFiles } : {}),
      locateRipgrep: this.options.locateRipgrep ?? locateBundledRipgrep,
      warm: (files) => void this.warm(files).catch(() => undefined),
      // An answer that arrives after the build completed needs no notice: the index is on.
      onAnswered: () => {
        if (!this.hasCompleteBuild())
          this.setNotice('quick-answer', `Symbols: ${QUICK_ANSWER_NOTE}.`);
      },
    }));
  }

  /**
   * Stores files a quick answer parsed, before any complete build: only files the index
   * does not hold yet, imports left unresolved (the next refresh re-resolves them all).
   */
  warm(files: readonly ParsedFile[]): Promise<void> {
    return this.serialise(async () => {
      if (this.built || this.hasCompleteBuild()) return;
      const fresh = files.filter((f) => this.store.fileByPath(f.path) === undefined);
      if (!fresh.length) return;
      this.store.setMeta(INCOMPLETE_META, '1');
      this.store.writeFiles(fresh, () => undefined);
    });
  }

  /**
   * Sets (or clears, with undefined) a standing notice shown with the status: an incomplete
   * listing, a watcher that fell back to polling. Listeners hear of a change at once.
   */
  setNotice(key: string, text: string | undefined): void {
    if (this.hub.setNotice(key, text) && !this.closed) this.emit(true);
  }

  /** Brings the index up to date with the files; re-parses only new and changed files. */
  refresh(signal?: AbortSignal, onStatus?: (status: IndexStatus) => void): Promise<RefreshSummary> {
    return this.serialise(async () => {
      const remove = onStatus ? this.hub.listen(onStatus) : undefined;
      try {
        return await this.runRefresh(signal);
      } finally {
        remove?.();
      }
    });
  }

  /** Adds a status listener (besides the one given at open); returns its remover. */
  onStatus(listener: (status: IndexStatus) => void): () => void {
    return this.hub.listen(listener);
  }

  /**
   * Refreshes once if this process has not refreshed yet (symbol tools index on demand);
   * callers meanwhile share that one refresh.
   */
  ensureBuilt(): Promise<void> {
    if (this.built) return Promise.resolve();
    if (!this.ensuring) {
      const pending = this.refresh().then(() => undefined);
      this.ensuring = pending;
      pending.then(
        () => (this.ensuring = undefined),
        () => (this.ensuring = undefined),
      );
    }
    return this.ensuring;
  }
  private ensuring: Promise<void> | undefined;

  /** Re-reads one file now (an applied edit, a watcher event); a vanished file is dropped. */
  refreshFile(relative: string): Promise<void> {
    return this.serialise(() => this.runRefreshFile(relative));
  }

  /** Starts watching the project's folders; the watcher stops when the index closes. */
  watch(options: IndexWatcherOptions = {}): IndexWatcher {
    const watcher = watchIndex(this, {
      ...options,
      onNotice: (notice) => {
        this.setNotice('watcher', notice);
        options.onNotice?.(notice);
      },
    });
    this.watchers.add(watcher);
    return watcher;
  }

  /** Folders holding indexed files (for the watcher). */
  folders(): string[] {
    const folders = new Set<string>();
    for (const file of this.store.allPaths()) {
      const slash = file.lastIndexOf('/');
      folders.add(slash < 0 ? '' : file.slice(0, slash));
    }
    return [...folders];
  }

  isIgnored(relative: string, isDir: boolean): boolean {
    return this.options.source.isIgnored(relative, isDir);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const watcher of this.watchers) watcher.close();
    await this.queue.catch(() => undefined);
    await this.pool.close();
    this.db.close();
  }

  // ---- queries -------------------------------------------------------------------------

  findDefinition(name: string, kind?: SymbolKind): DefinitionResult {
    return findDefinitions(this.store, () => this.allNames(), name, kind);
  }

  /** Exact go-to-definition for a name used in `fromFile`: follows its import through re-exports. */
  findDefinitionFrom(name: string, fromFile: string): SymbolDefinition[] {
    const found = definitionThroughImports(this.store, fromFile, name);
    if (found.length) return rankDefinitions(found);
    return this.store.symbolInFile(fromFile, name).map(toDefinition);
  }

  findImporters(target: string): Importer[] {
    const parsed = parseImporterTarget(target.trim());
    return findImporters(this.store, { ...parsed, path: this.relativePath(parsed.path) });
  }

  hasFile(file: string): boolean {
    return this.store.fileByPath(this.relativePath(file)) !== undefined;
  }

  outline(file: string): SymbolDefinition[] {
    return this.store.symbolsInFile(this.relativePath(file)).map(toDefinition);
  }

  /** Accepts `./src/a.ts`, `src\\a.ts`, and an absolute path inside the root, for `src/a.ts`. */
  relativePath(file: string): string {
    const trimmed = file.trim();
    const relative =
      path.isAbsolute(trimmed) && trimmed.startsWith(this.root)
        ? path.relative(this.root, trimmed)
        : trimmed;
    return relative.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
  }

  searchSymbols(query: string, limit: number, kind?: SymbolKind): SymbolDefinition[] {
    const names = query.trim()
      ? fuzzyRank(query.trim(), this.allNames(), limit * 2)
      : this.allNames().slice(0, limit * 2);
    const out: SymbolDefinition[] = [];
    for (const name of names) {
      for (const definition of rankDefinitions(this.store.symbolsByName(name))) {
        if (kind && definition.kind !== kind) continue;
        out.push(definition);
        if (out.length >= limit) return out;
      }
    }
    return out;
  }

  searchFiles(query: string, limit: number): string[] {
    const paths = (this.pathsCache ??= this.store.allPaths());
    return query.trim() ? fuzzyRank(query.trim(), paths, limit) : paths.slice(0, limit);
  }

  skipped(): { path: string; reason: string }[] {
    return this.store
      .skipped()
      .map((row) => ({ path: row.path, reason: `${row.status}: ${row.error ?? ''}`.trim() }));
  }

  // ---- refresh machinery ---------------------------------------------------------------

  private serialise<T>(task: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The symbol index is closed.'));
    const tracked = async (): Promise<T> => {
      this.running++;
      try {
        return await task();
      } finally {
        this.running--;
      }
    };
    const run = this.queue.then(tracked, tracked);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private allNames(): string[] {
    return (this.namesCache ??= this.store.distinctNames().sort());
  }

  private invalidateCaches(): void {
    this.namesCache = undefined;
    this.pathsCache = undefined;
  }

  private emit(force = false): void {
    this.hub.emit(force);
  }

  private warmedUp = false;
  /** Refreshes running now (0 or 1: they are serialised). */
  private running = 0;

  /**
   * Single-file refreshes parse on this thread; its first parse would pay V8's lazy
   * compilation of the TypeScript parser (~50 ms), and the resolver would be built then.
   * Both are paid once here, after a refresh, instead of on the first applied edit.
   */
  private warmUp(): void {
    if (this.warmedUp) return;
    this.warmedUp = true;
    setImmediate(() => {
      if (this.closed) return;
      warmUpTypeScriptParser();
      // Not while a refresh runs: it may have just dropped the resolver for a new file set
      // that the store does not hold yet, and a resolver built now would miss those files.
      if (this.running === 0) this.resolver ??= this.buildResolver(this.store.allPaths());
    }).unref();
  }

  private buildResolver(codeFiles: readonly string[]): ModuleResolver {
    return buildProjectResolver(this.root, codeFiles, this.maxFileBytes);
  }

  private async runRefresh(signal?: AbortSignal): Promise<RefreshSummary> {
    const started = performance.now();
    const known = this.store.allFiles();
    // Files warmed by quick answers, or left by a cold build that did not finish, are not a
    // build: this is still a cold one, and marked so until it completes.
    const warmed = this.store.getMeta(INCOMPLETE_META) !== undefined;
    const emptyish = known.length === 0 || warmed;
    if (emptyish && !warmed) this.store.setMeta(INCOMPLETE_META, '1');
    // An empty index means a full parse is coming: once the walk has listed more files than
    // are parsed in-thread, let the workers load while it goes on. A small project never
    // starts them (their start-up would dominate its whole index time).
    const prestartAt = this.options.pool?.inProcessBelow ?? IN_PROCESS_BELOW;
    const prestart =
      emptyish && this.options.prestartWorkers !== false
        ? (listed: number): void => {
            if (listed >= prestartAt) this.pool.prestart();
          }
        : undefined;
    const scan = await scanProject(this.options.source, known, {
      ...(this.options.maxFiles !== undefined ? { maxFiles: this.options.maxFiles } : {}),
      ...(signal ? { signal } : {}),
      ...(prestart ? { onListed: prestart } : {}),
    });
    this.setNotice('incomplete', scan.incomplete?.message);
    const fingerprint = JSON.stringify(
      scan.configFiles.map((c: StatEntry) => [c.path, c.size, c.mtimeMs]),
    );
    const configChanged = this.store.getMeta(CONFIG_META) !== fingerprint;
    const fileSetChanged =
      scan.deleted.length > 0 || scan.changed.some((c) => c.knownHash === undefined);
    let parsed = 0;
    // Built on first use: a re-open with nothing changed resolves nothing.
    if (scan.changed.length || scan.deleted.length || configChanged) this.resolver = undefined;
    const resolve = (from: string, specifier: string): string | undefined =>
      (this.resolver ??= this.buildResolver(scan.codeFiles)).resolve(from, specifier);
    if (scan.deleted.length) this.store.deleteFiles(scan.deleted);
    if (scan.changed.length) {
      this.progress = { indexing: true, done: 0, total: scan.changed.length };
      this.emit(true);
      const jobs: ParseJob[] = scan.changed.map((c) => ({
        path: c.path,
        absolute: path.join(this.root, c.path),
        maxBytes: this.maxFileBytes,
        ...(c.knownHash ? { knownHash: c.knownHash } : {}),
      }));
      const parseAll = (): Promise<void> =>
        this.pool.parse(jobs, (results) => {
          parsed += this.writeResults(results, resolve);
          // Searches meanwhile (the symbol browser while indexing) see each batch.
          this.invalidateCaches();
          this.progress.done += results.length;
          this.emit();
        });
      try {
        // Into an empty index, a large load inserts first and builds the lookup indexes after.
        if (emptyish && jobs.length >= BULK_LOAD_MIN_FILES)
          await this.store.withoutSecondaryIndexes(parseAll);
        else await parseAll();
      } finally {
        this.progress = { indexing: false, done: 0, total: 0 };
      }
      // The first parse in this thread without a usable code cache writes one (with the
      // parser's functions it compiled on the way); later processes load from it.
      if (parsed) saveTypeScriptCodeCache();
    }
    // Imports of untouched files may now resolve elsewhere (a file appeared or vanished, or
    // a tsconfig/package.json changed); a cold build resolved everything against the full set.
    const coldBuild = scan.unchanged === 0 && scan.deleted.length === 0;
    if ((fileSetChanged || configChanged || warmed) && !coldBuild) this.store.reresolveAll(resolve);
    if (configChanged) this.store.setMeta(CONFIG_META, fingerprint);
    if (emptyish) this.store.deleteMeta(INCOMPLETE_META);
    this.hub.setNotice('quick-answer', undefined);
    this.invalidateCaches();
    this.built = true;
    this.emit(true);
    this.warmUp();
    const counts = this.store.counts();
    return {
      ...counts,
      skipped: this.skipped(),
      parsed,
      removed: scan.deleted.length,
      ms: Math.round(performance.now() - started),
      ...(scan.incomplete ? { incomplete: scan.incomplete } : {}),
    };
  }

  private writeResults(
    results: readonly ParseJobResult[],
    resolve: (from: string, specifier: string) => string | undefined,
  ): number {
    const parsedFiles: ParsedFile[] = [];
    const touched: { path: string; size: number; mtimeMs: number }[] = [];
    for (const result of results) {
      if ('unchanged' in result) touched.push(result);
      else parsedFiles.push(result);
    }
    if (touched.length) this.store.touchFiles(touched);
    if (parsedFiles.length) this.store.writeFiles(parsedFiles, resolve);
    return parsedFiles.length;
  }

  private async runRefreshFile(relative: string): Promise<void> {
    const file = this.relativePath(relative);
    if (isConfigFile(file)) {
      await this.runRefresh();
      return;
    }
    if (!isCodeFile(file)) return;
    const known = this.store.fileByPath(file);
    const absolute = path.join(this.root, file);
    const exists = existsSync(absolute) && !this.options.source.isIgnored(file, false);
    if (!exists) {
      if (!known) return;
      this.store.deleteFiles([file]);
      this.resolver = this.buildResolver(this.store.allPaths());
      this.store.reresolveAll((from, spec) => this.resolver?.resolve(from, spec));
      this.invalidateCaches();
      return;
    }
    if (!known || !this.resolver)
      this.resolver = this.buildResolver([...this.store.allPaths(), file]);
    const resolver = this.resolver;
    const resolve = (from: string, specifier: string): string | undefined =>
      resolver.resolve(from, specifier);
    // One file parses faster here than a worker round trip costs; the size limit bounds the work.
    const result = await runParseJob({
      path: file,
      absolute,
      maxBytes: this.maxFileBytes,
      ...(known?.hash ? { knownHash: known.hash } : {}),
    });
    this.writeResults([result], resolve);
    if (!known) this.store.reresolveAll(resolve);
    this.invalidateCaches();
    this.emit(true);
  }
}
