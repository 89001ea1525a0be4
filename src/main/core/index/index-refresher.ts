// Keeps the index's store in step with the files: the whole project (scan, parse new and
// changed files in the worker pool, re-resolve imports when the file set or a config changed)
// or one file (parsed on this thread). Owns the parse pool and the module resolver both use.
// SymbolIndex serialises the calls and owns what the status and the queries see.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { IndexStore } from './index-store';
import type { ModuleResolver } from './module-resolver';
import { createParsePool, IN_PROCESS_BELOW, type ParsePool } from './parse-pool';
import { runParseJob, type ParseJob, type ParseJobResult } from './parse-job';
import { saveTypeScriptCodeCache, useTypeScriptCodeCache } from './typescript-runtime';
import type { ParsedFile } from './index-types';
import { scanProject, type IndexIncomplete, type StatEntry } from './project-scan';
import {
  DEFAULT_MAX_FILE_BYTES,
  defaultCodeCacheDir,
  type SymbolIndexOptions,
} from './symbol-index-options';
import { warmUpTypeScriptParser } from './parser-warm-up';
import { buildProjectResolver } from './project-resolver';

const CONFIG_META = 'config-fingerprint';
/**
 * Set while the database holds no complete build: from the start of a cold build (or the
 * first files a quick answer warmed) until a refresh completes. A database without it and
 * with files holds a complete build (also one from before this marker existed).
 */
const INCOMPLETE_META = 'cold-build-incomplete';
/** Below this many files a cold build keeps the lookup indexes (rebuilding them costs more). */
const BULK_LOAD_MIN_FILES = 200;

/** What the refresher needs from the index it works for. */
export interface RefreshHost {
  /** Tells the status listeners (at once when forced). */
  emit(force?: boolean): void;
  /** Sets (or clears, with undefined) a standing notice shown with the status. */
  setNotice(key: string, text: string | undefined): void;
  /** The store changed: cached query answers are stale. */
  invalidateCaches(): void;
  isClosed(): boolean;
  isRefreshing(): boolean;
}

export interface ProjectRefreshResult {
  readonly parsed: number;
  readonly removed: number;
  readonly incomplete?: IndexIncomplete;
}

export class IndexRefresher {
  readonly maxFileBytes: number;
  /** The running refresh's progress, for the status. */
  progress = { indexing: false, done: 0, total: 0 };
  private readonly pool: ParsePool;
  private resolver: ModuleResolver | undefined;
  private warmedUp = false;

  constructor(
    private readonly options: SymbolIndexOptions,
    private readonly store: IndexStore,
    private readonly host: RefreshHost,
  ) {
    const codeCacheDir =
      options.codeCacheDir === undefined
        ? options.home === null
          ? undefined
          : defaultCodeCacheDir(options.home)
        : (options.codeCacheDir ?? undefined);
    if (codeCacheDir !== undefined) useTypeScriptCodeCache(codeCacheDir);
    this.pool = createParsePool({
      ...options.pool,
      ...(codeCacheDir !== undefined ? { codeCacheDir } : {}),
    });
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  }

  private get root(): string {
    return this.options.source.root;
  }

  /** True when the database holds a complete build (from this process or an earlier one). */
  holdsCompleteBuild(): boolean {
    return this.store.getMeta(INCOMPLETE_META) === undefined && this.store.counts().files > 0;
  }

  /**
   * Stores the files a quick answer parsed that the store does not hold yet, imports left
   * unresolved (the next refresh re-resolves them all); the build is marked incomplete.
   */
  storeWarmed(files: readonly ParsedFile[]): void {
    const fresh = files.filter((f) => this.store.fileByPath(f.path) === undefined);
    if (!fresh.length) return;
    this.store.setMeta(INCOMPLETE_META, '1');
    this.store.writeFiles(fresh, () => undefined);
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  /**
   * Single-file refreshes parse on this thread; its first parse would pay V8's lazy
   * compilation of the TypeScript parser (~50 ms), and the resolver would be built then.
   * Both are paid once here, after a refresh, instead of on the first applied edit.
   */
  warmUp(): void {
    if (this.warmedUp) return;
    this.warmedUp = true;
    setImmediate(() => {
      if (this.host.isClosed()) return;
      warmUpTypeScriptParser();
      // Not while a refresh runs: it may have just dropped the resolver for a new file set
      // that the store does not hold yet, and a resolver built now would miss those files.
      if (!this.host.isRefreshing()) this.resolver ??= this.buildResolver(this.store.allPaths());
    }).unref();
  }

  private buildResolver(codeFiles: readonly string[]): ModuleResolver {
    return buildProjectResolver(this.root, codeFiles, this.maxFileBytes);
  }

  /** Brings the store up to date with the project's files; re-parses only new and changed files. */
  async refreshProject(signal?: AbortSignal): Promise<ProjectRefreshResult> {
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
    this.host.setNotice('incomplete', scan.incomplete?.message);
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
      this.host.emit(true);
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
          this.host.invalidateCaches();
          this.progress.done += results.length;
          this.host.emit();
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
    return {
      parsed,
      removed: scan.deleted.length,
      ...(scan.incomplete ? { incomplete: scan.incomplete } : {}),
    };
  }

  /** Re-reads one code file (project-relative) on this thread; a vanished file is dropped. */
  async refreshFile(file: string): Promise<void> {
    const known = this.store.fileByPath(file);
    const absolute = path.join(this.root, file);
    const exists = existsSync(absolute) && !this.options.source.isIgnored(file, false);
    if (!exists) {
      if (!known) return;
      this.store.deleteFiles([file]);
      this.resolver = this.buildResolver(this.store.allPaths());
      this.store.reresolveAll((from, spec) => this.resolver?.resolve(from, spec));
      this.host.invalidateCaches();
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
    this.host.invalidateCaches();
    this.host.emit(true);
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
}
