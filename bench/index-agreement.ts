// The symbol index bench's accuracy half (issue 3): find_importers' recall against
// ts.preProcessFile + ts.resolveModuleName over every file, and find_definition's top-1
// agreement with the TypeScript language service's go-to-definition at import sites.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { SymbolIndex } from '../src/main/core/index/symbol-index';

const COMPILER_OPTIONS: ts.CompilerOptions = {
  allowJs: true,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  target: ts.ScriptTarget.ES2022,
  noEmit: true,
  types: [],
};

export function importerRecall(
  dir: string,
  files: readonly string[],
  index: SymbolIndex,
): { expected: number; found: number; missing: string[] } {
  const cache = ts.createModuleResolutionCache(dir, (f) => f);
  const byTarget = new Map<string, Set<string>>();
  let expected = 0;
  let found = 0;
  const missing: string[] = [];
  for (const file of files) {
    const absolute = path.join(dir, file);
    const info = ts.preProcessFile(readFileSync(absolute, 'utf8'), true, true);
    for (const ref of info.importedFiles) {
      const resolved = ts.resolveModuleName(
        ref.fileName,
        absolute,
        COMPILER_OPTIONS,
        ts.sys,
        cache,
      ).resolvedModule;
      if (!resolved || !resolved.resolvedFileName.startsWith(`${dir}/`)) continue;
      const target = path.relative(dir, resolved.resolvedFileName);
      let importers = byTarget.get(target);
      if (!importers) {
        importers = new Set(
          index
            .findImporters(target)
            .filter((i) => i.via.length === 0)
            .map((i) => i.path),
        );
        byTarget.set(target, importers);
      }
      expected++;
      if (importers.has(file)) found++;
      else if (missing.length < 5) missing.push(`${file} → ${ref.fileName}`);
    }
  }
  return { expected, found, missing };
}

export interface ImportSite {
  file: string;
  name: string;
  local: string;
  pos: number;
}

export function importSites(dir: string, files: readonly string[]): ImportSite[] {
  const sites: ImportSite[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    for (const statement of sf.statements) {
      if (
        !ts.isImportDeclaration(statement) ||
        !statement.importClause ||
        !ts.isStringLiteral(statement.moduleSpecifier)
      )
        continue;
      if (!statement.moduleSpecifier.text.startsWith('.')) continue;
      const clause = statement.importClause;
      if (clause.name)
        sites.push({
          file,
          name: clause.name.text,
          local: clause.name.text,
          pos: clause.name.getStart(sf),
        });
      if (clause.namedBindings && ts.isNamedImports(clause.namedBindings)) {
        for (const e of clause.namedBindings.elements) {
          sites.push({
            file,
            name: (e.propertyName ?? e.name).text,
            local: e.name.text,
            pos: e.name.getStart(sf),
          });
        }
      }
    }
  }
  return sites;
}

/** Member kinds: a by-name lookup of `x` means a top-level `x`, not some `Class.x`. */
const MEMBER_KINDS = new Set<string>([
  ts.ScriptElementKind.memberFunctionElement,
  ts.ScriptElementKind.memberVariableElement,
  ts.ScriptElementKind.memberGetAccessorElement,
  ts.ScriptElementKind.memberSetAccessorElement,
  ts.ScriptElementKind.constructorImplementationElement,
  ts.ScriptElementKind.parameterElement,
  // `export { a as b }` and imports: a name for a declaration elsewhere, not a declaration.
  ts.ScriptElementKind.alias,
]);

/** Containers whose declarations are locals, invisible to a by-name lookup. */
const LOCAL_CONTAINERS = new Set<string>([
  ts.ScriptElementKind.functionElement,
  ts.ScriptElementKind.localFunctionElement,
  ts.ScriptElementKind.memberFunctionElement,
  ts.ScriptElementKind.constructorImplementationElement,
  ts.ScriptElementKind.memberGetAccessorElement,
  ts.ScriptElementKind.memberSetAccessorElement,
]);

/**
 * Files of the corpus that declare `name` by the language service's own workspace-symbol
 * search (navigate-to, exact matches, members left out). One file: the name is determinate.
 */
function declaringFiles(
  service: ts.LanguageService,
  dir: string,
  name: string,
  cache: Map<string, Set<string>>,
): Set<string> {
  let files = cache.get(name);
  if (!files) {
    files = new Set(
      service
        .getNavigateToItems(name)
        .filter(
          (item) =>
            item.name === name &&
            item.matchKind === 'exact' &&
            !MEMBER_KINDS.has(item.kind) &&
            !LOCAL_CONTAINERS.has(item.containerKind) &&
            item.fileName.startsWith(`${dir}/`),
        )
        .map((item) => path.relative(dir, item.fileName)),
    );
    cache.set(name, files);
  }
  return files;
}

export function definitionAgreement(
  dir: string,
  files: readonly string[],
  sites: readonly ImportSite[],
  index: SymbolIndex,
) {
  // Every corpus file is a root, so navigate-to sees every declaration of a name.
  const roots = files.map((f) => path.join(dir, f));
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => COMPILER_OPTIONS,
    getScriptFileNames: () => roots,
    getScriptVersion: () => '1',
    getScriptSnapshot: (f) =>
      ts.sys.fileExists(f) ? ts.ScriptSnapshot.fromString(readFileSync(f, 'utf8')) : undefined,
    getCurrentDirectory: () => dir,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  const program = service.getProgram();
  let compared = 0;
  let contextual = 0;
  const byName = {
    determinate: 0,
    determinateHits: 0,
    ambiguous: 0,
    ambiguousHits: 0,
    lsUnresolved: 0,
  };
  const declaring = new Map<string, Set<string>>();
  const misses: string[] = [];
  const nameMisses: string[] = [];
  for (const site of sites) {
    const absolute = path.join(dir, site.file);
    const defs = (service.getDefinitionAtPosition(absolute, site.pos) ?? []).filter((d) =>
      d.fileName.startsWith(`${dir}/`),
    );
    if (!defs.length) continue;
    const expected = defs.map((d) => {
      const sf = program?.getSourceFile(d.fileName);
      const line = sf ? sf.getLineAndCharacterOfPosition(d.textSpan.start).line + 1 : 0;
      return `${path.relative(dir, d.fileName)}:${line}`;
    });
    compared++;
    const ours = index.findDefinitionFrom(site.local, site.file)[0];
    if (ours && expected.includes(`${ours.path}:${ours.line}`)) contextual++;
    else if (misses.length < 5)
      misses.push(
        `${site.file} ${site.local}: ours ${ours ? `${ours.path}:${ours.line}` : 'none'}, LS ${expected.join(' | ')}`,
      );
    // The language service answers with the import itself when it cannot resolve the module:
    // there is no definition to compare a by-name lookup with.
    const siteLine = program?.getSourceFile(absolute)?.getLineAndCharacterOfPosition(site.pos).line;
    if (siteLine !== undefined && expected.includes(`${site.file}:${siteLine + 1}`)) {
      byName.lsUnresolved++;
      continue;
    }
    const lookup = site.name === 'default' ? site.local : site.name;
    const named = index.findDefinition(lookup).definitions[0];
    const hit = named !== undefined && expected.includes(`${named.path}:${named.line}`);
    const declared = declaringFiles(service, dir, lookup, declaring);
    const expectedFiles = new Set(expected.map((e) => e.slice(0, e.lastIndexOf(':'))));
    const determinate =
      declared.size === 1 && expectedFiles.size === 1 && declared.has([...expectedFiles][0] ?? '');
    if (determinate) {
      byName.determinate++;
      if (hit) byName.determinateHits++;
      else if (nameMisses.length < 5)
        nameMisses.push(
          `${lookup}: ours ${named ? `${named.path}:${named.line}` : 'none'}, LS ${expected.join(' | ')}`,
        );
    } else {
      byName.ambiguous++;
      if (hit) byName.ambiguousHits++;
    }
  }
  return { compared, contextual, byName, misses, nameMisses };
}
