// find_importers before the index is complete. The index's own listing (ignore rules and
// limits) gives the module resolver its file set; ripgrep lists the files whose imports can
// name the target (quick-importer-words.ts); they are parsed, resolved, and the index's own
// traversal (importers-query.ts) runs over them. Every file that traversal walks through (a
// barrel: `export … from`, import-then-export, a Python module re-binding a name) gets its own
// importers searched the same way, and every file whose exports it reads is parsed, until a
// round adds nothing: the answer is then the index's. A chain that outgrows the limits is
// answered as partial, saying so.
import type { Importer } from '../../../shared/contract/symbol-service';
import { findImporters, type ImporterTarget } from './importers-query';
import { buildProjectResolver } from './project-resolver';
import { DEFAULT_MAX_INDEX_FILES, listIndexFiles } from './project-scan';
import { createQuickStore, prewarmParsers } from './quick-parse';
import { runPrefilter } from './quick-text-prefilter';
import { exactPathAliases, importerWordsFor } from './quick-importer-words';
import { createImportFilter } from './quick-import-filter';
import { treeSitterLanguageOf } from './languages/language-extensions';
import { QUICK_MAX_PARSED_FILES, type QuickAnswer } from './quick-answer';
import type { QuickSearchDeps } from './quick-definitions';

/** The prefilter's patterns as JavaScript sees them; null (filter nothing) if one does not compile. */
function compilePatterns(patterns: ReadonlySet<string>): RegExp[] | null {
  try {
    return [...patterns].map((p) => new RegExp(p));
  } catch {
    return null;
  }
}

/** Rounds of barrel-following before the answer is called partial. */
const MAX_ROUNDS = 12;

export async function quickFindImporters(
  deps: QuickSearchDeps & { readonly maxFiles?: number },
  target: ImporterTarget,
): Promise<QuickAnswer<Importer[]>> {
  const listing = await listIndexFiles(
    deps.source,
    deps.maxFiles ?? DEFAULT_MAX_INDEX_FILES,
    deps.signal,
  );
  if (listing.incomplete) return { kind: 'wait', why: listing.incomplete.message };
  const codeFiles = new Set(listing.codeFiles);
  if (!codeFiles.has(target.path))
    return { kind: 'wait', why: `${target.path} is not a file the index reads` };
  const context = { root: deps.source.root, configPaths: listing.configPaths };
  const aliases = listing.codeFiles.some((f) => !/\.(py|pyi|go|rs|java)$/i.test(f))
    ? exactPathAliases(context)
    : [];
  const resolver = buildProjectResolver(deps.source.root, listing.codeFiles, deps.maxFileBytes);
  const quick = createQuickStore(deps.source.root, deps.maxFileBytes, (from, specifier) =>
    resolver.resolve(from, specifier),
  );
  const filter = createImportFilter({
    root: deps.source.root,
    maxFileBytes: deps.maxFileBytes,
    resolve: (from, specifier) => resolver.resolve(from, specifier),
  });
  try {
    const searched = new Set<string>();
    /** Every searched file's words and patterns inside string literals, for the filter. */
    const quotedWords = new Set<string>();
    const quotedPatterns = new Set<string>();
    let toSearch = [target.path];
    let toParse = [target.path];
    let result: Importer[] = [];
    for (let round = 0; ; round++) {
      if (toSearch.length) {
        const words = new Set<string>();
        const patterns = new Set<string>();
        for (const file of toSearch) {
          searched.add(file);
          const found = importerWordsFor(file, context, aliases);
          for (const w of found.words) words.add(w);
          for (const p of found.patterns) patterns.add(p);
          for (const w of found.quoted?.words ?? []) quotedWords.add(w);
          for (const p of found.quoted?.patterns ?? []) quotedPatterns.add(p);
        }
        const listed = await runPrefilter({
          rgPath: deps.rgPath,
          source: deps.source,
          words: [...words],
          patterns: [...patterns],
          ...(deps.signal ? { signal: deps.signal } : {}),
          ...(round === 0 ? { meanwhile: () => prewarmParsers(deps.source.root) } : {}),
        });
        if (listed.unsure) return { kind: 'wait', why: listed.unsure };
        // A TypeScript/JavaScript file none of whose strings resolves to a searched file
        // cannot add an importer: it is not parsed (it is tried again when listed again).
        const compiled = compilePatterns(quotedPatterns);
        const search = compiled && { words: [...quotedWords], patterns: compiled, searched };
        toParse.push(
          ...listed.files.filter(
            (f) =>
              codeFiles.has(f) &&
              (!search ||
                quick.parsed.has(f) ||
                treeSitterLanguageOf(f) !== undefined ||
                filter.mayImport(f, search)),
          ),
        );
      }
      const fresh = toParse.filter((f) => !quick.parsed.has(f));
      if (quick.parsed.size + new Set(fresh).size > QUICK_MAX_PARSED_FILES)
        return {
          kind: 'wait',
          why: `the files that may import ${target.path} are more than ${QUICK_MAX_PARSED_FILES}`,
        };
      await quick.add(fresh);
      const walked = new Set<string>();
      const consulted = new Set<string>();
      result = findImporters(quick.store, target, {
        walked: (file) => walked.add(file),
        consulted: (file) => consulted.add(file),
      });
      toSearch = [...walked].filter((f) => !searched.has(f) && codeFiles.has(f));
      toParse = [...consulted].filter((f) => !quick.parsed.has(f) && codeFiles.has(f));
      if (!toSearch.length && !toParse.length) break;
      if (round + 1 >= MAX_ROUNDS) {
        deps.warm?.([...quick.parsed.values()]);
        return {
          kind: 'partial',
          value: result,
          parsed: quick.parsed.size,
          why: `a re-export chain longer than ${MAX_ROUNDS} files was not followed to its end`,
        };
      }
    }
    deps.warm?.([...quick.parsed.values()]);
    return { kind: 'answer', value: result, parsed: quick.parsed.size };
  } finally {
    quick.close();
  }
}
