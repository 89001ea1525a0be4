// What a refresh has to do: lists the project's code and config files through the
// Workspace (ignore-aware), stats the ones the index knows, and compares
// — new or changed (size or mtime differ; the worker then compares hashes) files are
// re-parsed, files no longer listed are dropped.
import { statSync } from 'node:fs';
import path from 'node:path';
import type { FileRow } from './index-store';
import { INDEXED_EXTENSIONS } from './index-types';
import type { WalkEntry, WalkStop } from '../workspace/walk-files';
import { TREE_SITTER_CONFIG_FILES } from './languages/language-extensions';

/** The slice of Workspace the index uses. */
export interface IndexFileSource {
  readonly root: string;
  readonly limits: { readonly maxWalkDepth: number };
  /** Ignore-aware pre-order walk (Workspace.walk); `stop` says whether a limit cut it short. */
  walk(options: { signal?: AbortSignal }, stop: WalkStop): AsyncIterable<readonly WalkEntry[]>;
  isIgnored(relative: string, isDir: boolean): boolean;
}

/** Most code files one index holds by default (the index's own limit, not listFiles' cap). */
export const DEFAULT_MAX_INDEX_FILES = 250_000;

/** What a limit kept out of the index, said exactly. */
export interface IndexIncomplete {
  /** One sentence naming each limit that was hit. */
  readonly message: string;
  /** Each left-out part: `folder/ (N code files)`, a folder not entered, or where the walk stopped. */
  readonly leftOut: string[];
}

export const CONFIG_FILE_NAMES = [
  'package.json',
  'pnpm-workspace.yaml',
  ...TREE_SITTER_CONFIG_FILES,
];
const CODE_PATTERN = new RegExp(`\\.(${INDEXED_EXTENSIONS.join('|')})$`, 'i');

export function isCodeFile(relative: string): boolean {
  return CODE_PATTERN.test(relative);
}

export function isConfigFile(relative: string): boolean {
  const base = path.posix.basename(relative);
  return CONFIG_FILE_NAMES.includes(base) || /^(ts|js)config.*\.json$/.test(base);
}

export interface StatEntry {
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
}

export interface ProjectScan {
  readonly codeFiles: string[];
  /** Config files with fingerprints, sorted by path. */
  readonly configFiles: StatEntry[];
  /** New or changed: to be sent to the parser (with the known hash when there is one). */
  readonly changed: { path: string; knownHash?: string }[];
  readonly deleted: string[];
  readonly unchanged: number;
  /** Set when a limit kept files out of the listing; says which limit and which files. */
  readonly incomplete?: IndexIncomplete;
}

/** statSync in slices with an event-loop turn between them: far cheaper than one promise per file. */
async function statAll(root: string, paths: readonly string[]): Promise<Map<string, StatEntry>> {
  const out = new Map<string, StatEntry>();
  const slice = 500;
  for (let i = 0; i < paths.length; i += slice) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const p of paths.slice(i, i + slice)) {
      const info = statSync(path.join(root, p), { throwIfNoEntry: false });
      if (info?.isFile()) out.set(p, { path: p, size: info.size, mtimeMs: info.mtimeMs });
    }
  }
  return out;
}

interface Listing {
  readonly codeFiles: string[];
  readonly configPaths: string[];
  readonly incomplete?: IndexIncomplete;
}

/**
 * Every code and config file the walk reaches, up to `maxFiles` code files. Whatever a
 * limit keeps out is counted per folder (the walk goes on counting past the file limit), so
 * the caller can say exactly what is missing instead of indexing part of the project quietly.
 */
export async function listIndexFiles(
  source: IndexFileSource,
  maxFiles: number,
  signal?: AbortSignal,
  onListed?: (codeFiles: number) => void,
): Promise<Listing> {
  const stop: WalkStop = { visited: 0, depthCutoffs: 0 };
  const codeFiles: string[] = [];
  const configPaths: string[] = [];
  const overLimit = new Map<string, number>();
  const notEntered: string[] = [];
  let lastEntry = '';
  let found = 0;
  for await (const batch of source.walk({ ...(signal ? { signal } : {}) }, stop)) {
    for (const entry of batch) {
      lastEntry = entry.relative;
      if (entry.type === 'directory') {
        if (entry.depth >= source.limits.maxWalkDepth) notEntered.push(entry.relative);
        continue;
      }
      if (entry.type !== 'file') continue;
      if (isCodeFile(entry.relative)) {
        found++;
        if (codeFiles.length < maxFiles) codeFiles.push(entry.relative);
        else {
          const folder = path.posix.dirname(entry.relative);
          overLimit.set(folder, (overLimit.get(folder) ?? 0) + 1);
        }
      } else if (isConfigFile(entry.relative)) configPaths.push(entry.relative);
    }
    onListed?.(codeFiles.length);
  }
  const reasons: string[] = [];
  const leftOut: string[] = [];
  if (overLimit.size) {
    reasons.push(
      `${found - codeFiles.length} of ${found} code files left out (limit maxIndexFiles: ${maxFiles})`,
    );
    for (const [folder, count] of overLimit)
      leftOut.push(
        `${folder === '.' ? './' : `${folder}/`} (${count} code file${count === 1 ? '' : 's'})`,
      );
  }
  if (notEntered.length) {
    reasons.push(
      `${notEntered.length} folder${notEntered.length === 1 ? '' : 's'} deeper than ${source.limits.maxWalkDepth} levels not entered (limit maxWalkDepth)`,
    );
    for (const folder of notEntered) leftOut.push(`${folder}/ (folder not entered)`);
  }
  if (stop.reason === 'maxWalkEntries') {
    reasons.push(`the walk stopped after ${stop.visited} entries (limit maxWalkEntries)`);
    leftOut.push(`everything after ${lastEntry} in name order (not listed)`);
  }
  if (stop.reason === 'aborted') {
    reasons.push('the listing was aborted');
    leftOut.push(`everything after ${lastEntry || 'the start'} in name order (not listed)`);
  }
  return {
    codeFiles,
    configPaths,
    ...(reasons.length
      ? { incomplete: { message: `Index incomplete: ${reasons.join('; ')}.`, leftOut } }
      : {}),
  };
}

export async function scanProject(
  source: IndexFileSource,
  known: readonly FileRow[],
  options: {
    maxFiles?: number;
    signal?: AbortSignal;
    /** Called as the walk goes with the code files listed so far. */
    onListed?: (codeFiles: number) => void;
  } = {},
): Promise<ProjectScan> {
  const { codeFiles, configPaths, incomplete } = await listIndexFiles(
    source,
    options.maxFiles ?? DEFAULT_MAX_INDEX_FILES,
    options.signal,
    options.onListed,
  );
  const byPath = new Map(known.map((row) => [row.path, row]));
  // Only files the index knows need a stat to compare: a new file is parsed whatever its
  // stat says (the worker stats it anyway), so a cold build stats nothing here.
  const stats = await statAll(source.root, [
    ...codeFiles.filter((file) => byPath.has(file)),
    ...configPaths,
  ]);
  const changed: { path: string; knownHash?: string }[] = [];
  let unchanged = 0;
  const listed = new Set<string>();
  for (const file of codeFiles) {
    const row = byPath.get(file);
    const info = row ? stats.get(file) : undefined;
    if (row && !info) continue; // vanished since the listing: dropped below
    listed.add(file);
    if (row && info && row.size === info.size && row.mtimeMs === info.mtimeMs) unchanged++;
    else changed.push(row?.hash ? { path: file, knownHash: row.hash } : { path: file });
  }
  const deleted = known.filter((row) => !listed.has(row.path)).map((row) => row.path);
  const configFiles = configPaths
    .map((p) => stats.get(p))
    .filter((s): s is StatEntry => s !== undefined)
    .sort((a, b) => (a.path < b.path ? -1 : 1));
  return {
    codeFiles: [...listed],
    configFiles,
    changed,
    deleted,
    unchanged,
    ...(incomplete ? { incomplete } : {}),
  };
}
