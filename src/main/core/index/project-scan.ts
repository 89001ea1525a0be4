// What a refresh has to do: lists the project's code and config files through the
// Workspace (ignore-aware), stats the ones the index knows, and compares
// — new or changed (size or mtime differ; the worker then compares hashes) files are
// re-parsed, files no longer listed are dropped.
import { statSync } from 'node:fs';
import path from 'node:path';
import type { FileRow } from './index-store';
import { INDEXED_EXTENSIONS } from './index-types';
import { TREE_SITTER_CONFIG_FILES } from './languages/language-extensions';

/** The slice of Workspace the index uses. */
export interface IndexFileSource {
  readonly root: string;
  listFiles(options: { globs?: readonly string[]; limit?: number; signal?: AbortSignal }): Promise<{
    files: string[];
    truncated: boolean;
    message?: string;
  }>;
  isIgnored(relative: string, isDir: boolean): boolean;
}

export const CONFIG_FILE_NAMES = [
  'package.json',
  'pnpm-workspace.yaml',
  ...TREE_SITTER_CONFIG_FILES,
];
const CONFIG_GLOBS = ['tsconfig*.json', 'jsconfig*.json', ...CONFIG_FILE_NAMES];
const CODE_GLOBS = INDEXED_EXTENSIONS.map((ext) => `*.${ext}`);
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
  /** Set when the listing was incomplete (a workspace limit); names the limit. */
  readonly message?: string;
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

export async function scanProject(
  source: IndexFileSource,
  known: readonly FileRow[],
  signal?: AbortSignal,
): Promise<ProjectScan> {
  const listing = await source.listFiles({ globs: [...CODE_GLOBS, ...CONFIG_GLOBS], signal });
  const codeFiles: string[] = [];
  const configPaths: string[] = [];
  for (const file of listing.files) {
    if (isCodeFile(file)) codeFiles.push(file);
    else if (isConfigFile(file)) configPaths.push(file);
  }
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
    ...(listing.message ? { message: listing.message } : {}),
  };
}
