// The parse half of a quick answer: the prefilter's files go through the index's own parse
// job (size limit, NUL check, the same extractors for all five languages) on this thread,
// into an in-memory store with the index's schema, so the index's own queries answer over
// them. The parsed files are kept to warm the real index afterwards. A store for definitions
// reads TypeScript and JavaScript with oxc's parser instead (oxc/oxc-extract-file.ts: the
// same definitions, without loading TypeScript's compiler); those files have no module
// references, so they never warm the index.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ts } from './typescript-runtime';
import { openIndexDatabase } from './index-database';
import { createIndexStore, type IndexStore, type Resolve } from './index-store';
import type { ParsedFile, ParseOutcome } from './index-types';
import { runParseJobSync } from './parse-job';
import { extractFile } from './extract-file';
import { extractWithOxc, loadOxc } from './oxc/oxc-extract-file';
import { prepareGrammarsFor } from './languages/tree-sitter-runtime';

export interface QuickStore {
  readonly store: IndexStore;
  /** Every file parsed so far, by path. */
  readonly parsed: Map<string, ParsedFile>;
  /** The parsed files whose records are whole (module references too): what may warm the index. */
  whole(): ParsedFile[];
  /** Parses (once) and stores the given files; imports are resolved with `resolve`. */
  add(paths: readonly string[]): Promise<ParsedFile[]>;
  close(): void;
}

/**
 * Loads the parsers a project will likely need (the grammars named by go.mod, Cargo.toml,
 * pyproject.toml/setup.py, pom.xml/build.gradle; for TypeScript and JavaScript, when the
 * root has a package.json or ts/jsconfig.json, or none of those, oxc's parser for
 * definitions, TypeScript's compiler otherwise) while ripgrep runs in its own process. A
 * wrong guess only costs time.
 */
export async function prewarmParsers(root: string, use: QuickUse = 'importers'): Promise<void> {
  const has = (name: string): boolean => existsSync(path.join(root, name));
  const grammars: string[] = [];
  if (has('go.mod')) grammars.push('x.go');
  if (has('Cargo.toml')) grammars.push('x.rs');
  if (has('pyproject.toml') || has('setup.py')) grammars.push('x.py');
  if (has('pom.xml') || has('build.gradle')) grammars.push('x.java');
  const loading = grammars.length ? prepareGrammarsFor(grammars) : Promise.resolve();
  const typescript = has('package.json') || has('tsconfig.json') || has('jsconfig.json');
  if (typescript || !grammars.length) {
    if (use === 'importers' || !(await loadOxc())) void ts.version;
  }
  await loading;
}

/** Files parsed between two event-loop turns. */
const FILES_PER_SLICE = 40;

/** What the store answers: importers need module references, definitions only declarations. */
export type QuickUse = 'definitions' | 'importers';

export function createQuickStore(
  root: string,
  maxFileBytes: number,
  resolve: Resolve,
  use: QuickUse = 'importers',
): QuickStore {
  const db = openIndexDatabase(null, root);
  const store = createIndexStore(db);
  const parsed = new Map<string, ParsedFile>();
  const partial = new Set<string>();
  // oxc's reader where it can (its rows have no module references: kept out of `whole`), the
  // index's extractor for any file it leaves, both behind the parse job's limits.
  const extractDefinitions = (file: string, text: string): ParseOutcome => {
    const extraction = extractWithOxc(file, text);
    if (!extraction) return extractFile(file, text);
    partial.add(file);
    return { status: 'ok', extraction };
  };
  return {
    store,
    parsed,
    whole: () => [...parsed.values()].filter((file) => !partial.has(file.path)),
    async add(paths) {
      const fresh = [...new Set(paths)].filter((p) => !parsed.has(p));
      if (!fresh.length) return [];
      if (use === 'definitions') await loadOxc();
      await prepareGrammarsFor(fresh);
      const out: ParsedFile[] = [];
      for (let i = 0; i < fresh.length; i += FILES_PER_SLICE) {
        if (i > 0) await new Promise((next) => setImmediate(next));
        const batch: ParsedFile[] = [];
        for (const file of fresh.slice(i, i + FILES_PER_SLICE)) {
          const job = { path: file, absolute: path.join(root, file), maxBytes: maxFileBytes };
          const result = runParseJobSync(
            job,
            use === 'definitions' ? extractDefinitions : extractFile,
          );
          // No known hash is passed, so every result is a parsed file.
          if ('unchanged' in result) continue;
          parsed.set(file, result);
          batch.push(result);
        }
        store.writeFiles(batch, resolve);
        out.push(...batch);
      }
      return out;
    },
    close() {
      db.close();
    },
  };
}
