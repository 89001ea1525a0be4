// The project's symbol index: keeps the SQLite index in step with the files (incremental
// refresh on open, single-file refresh for applied edits, a watcher while the app runs) and
// answers the queries behind find_definition, find_importers, the outline, and fuzzy
// symbol/file search. The refreshing itself is index-refresher.ts; this serialises it, so a
// reader always sees whole files, and owns the status, quick answers and queries.
import type Database from 'better-sqlite3';
import path from 'node:path';
import type {
  IndexStatus,
  SymbolDefinition,
  SymbolKind,
  Importer,
} from '../../../shared/contract/symbol-service';
import { openIndexDatabase } from './index-database';
import { createIndexStore, type IndexStore } from './index-store';
import type { ParsedFile } from './index-types';
import { isCodeFile, isConfigFile } from './project-scan';
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
import { IndexStatusHub } from './index-status-hub';
import { IndexRefresher } from './index-refresher';
import { createQuickAnswers, type QuickAnswers } from './quick-answers';
import { QUICK_ANSWER_NOTE } from './quick-answer';
import { locateBundledRipgrep } from '../search/create-search-engine';

export { DEFAULT_MAX_FILE_BYTES, type RefreshSummary, type SymbolIndexOptions };

export class SymbolIndex implements SymbolIndexPort {
  private readonly store: IndexStore;
  private readonly refresher: IndexRefresher;
  private queue: Promise<unknown> = Promise.resolve();
  /** Refreshes running now (0 or 1: they are serialised). */
  private running = 0;
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
      indexing: this.refresher.progress.indexing,
      done: this.refresher.progress.done,
      total: this.refresher.progress.total,
    }));
    if (options.onStatus) this.hub.listen(options.onStatus);
    this.refresher = new IndexRefresher(options, this.store, {
      emit: (force) => this.emit(force),
      setNotice: (key, text) => this.setNotice(key, text),
      invalidateCaches: () => this.invalidateCaches(),
      isClosed: () => this.closed,
      isRefreshing: () => this.running > 0,
    });
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
    return this.built || this.refresher.holdsCompleteBuild();
  }

  /**
   * Quick answers while there is no complete build; undefined once there is, so
   * the index answers. The switch happens when a refresh ends, between two queries.
   */
  quickAnswers(): QuickAnswers | undefined {
    if (this.closed || this.hasCompleteBuild()) return undefined;
    return (this.quick ??= createQuickAnswers({
      source: this.options.source,
      maxFileBytes: this.refresher.maxFileBytes,
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
      this.refresher.storeWarmed(files);
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
    await this.refresher.close();
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

  private async runRefresh(signal?: AbortSignal): Promise<RefreshSummary> {
    const started = performance.now();
    const { parsed, removed, incomplete } = await this.refresher.refreshProject(signal);
    this.hub.setNotice('quick-answer', undefined);
    this.invalidateCaches();
    this.built = true;
    this.emit(true);
    this.refresher.warmUp();
    const counts = this.store.counts();
    return {
      ...counts,
      skipped: this.skipped(),
      parsed,
      removed,
      ms: Math.round(performance.now() - started),
      ...(incomplete ? { incomplete } : {}),
    };
  }

  private async runRefreshFile(relative: string): Promise<void> {
    const file = this.relativePath(relative);
    if (isConfigFile(file)) {
      await this.runRefresh();
      return;
    }
    if (isCodeFile(file)) await this.refresher.refreshFile(file);
  }
}
