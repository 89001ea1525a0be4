// What a SymbolIndex is opened with, and what a refresh reports.
import path from 'node:path';
import type { IndexFileSource, IndexIncomplete } from './project-scan';
import type { ParsePoolOptions } from './parse-pool';
import type { IndexStatus } from '../../../shared/contract/symbol-service';

export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

/** Where a persistent index keeps the TypeScript compiler's code cache: `home/cache`. */
export function defaultCodeCacheDir(home: string): string {
  return path.join(home, 'cache');
}

export interface SymbolIndexOptions {
  readonly source: IndexFileSource;
  /** SLUICE_HOME; null keeps the index in memory (tests, one-shot runs). */
  readonly home: string | null;
  /** Files larger than this are skipped and listed (generated bundles). */
  readonly maxFileBytes?: number;
  /** Most code files indexed (default DEFAULT_MAX_INDEX_FILES); going over makes the refresh incomplete. */
  readonly maxFiles?: number;
  readonly pool?: ParsePoolOptions;
  /** Start the parse workers while the first scan of an empty index runs (default true). */
  readonly prestartWorkers?: boolean;
  /** Progress while a refresh runs, and once when it ends. */
  readonly onStatus?: (status: IndexStatus) => void;
  /** better-sqlite3's Electron-ABI build, under Electron (see README). */
  readonly nativeBinding?: string;
  /**
   * Folder for the V8 code cache of the TypeScript compiler (code-cache.ts); default
   * `home/cache` when home is set, none in memory; null turns it off.
   */
  readonly codeCacheDir?: string | null;
  /** Finds the ripgrep binary for quick answers (default: @vscode/ripgrep's); null = none. */
  readonly locateRipgrep?: () => Promise<string | null>;
}

export interface RefreshSummary {
  readonly files: number;
  readonly symbols: number;
  readonly imports: number;
  /** Files recorded but not indexed: parse errors, over the size limit, unreadable. */
  readonly skipped: { path: string; reason: string }[];
  readonly parsed: number;
  readonly removed: number;
  readonly ms: number;
  /** Set when a limit kept files out; names the limit and exactly what was left out. */
  readonly incomplete?: IndexIncomplete;
}
