// Symbol queries for a run in propose mode. The project's index knows the
// disk; this port answers definitions and outlines of overlay files by parsing their overlay
// text in-process, and drops the index's stale rows for those files. What stays approximate,
// and the tool results say so: import-following (from_file, find_importers) uses the disk's
// imports, so an import the run added or removed is not seen by them.
import type {
  Importer,
  IndexStatus,
  SymbolDefinition,
  SymbolKind,
} from '../../../shared/contract/symbol-service';
import type { DefinitionResult } from '../index/definition-query';
import { extractFile } from '../index/extract-file';
import { INDEXED_EXTENSIONS } from '../index/index-types';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import type { OverlayFile, ProposalOverlay } from './proposal-overlay';

const INDEXED = new Set<string>(INDEXED_EXTENSIONS);

function indexed(path: string): boolean {
  const dot = path.lastIndexOf('.');
  return dot >= 0 && INDEXED.has(path.slice(dot + 1).toLowerCase());
}

function definitionsOf(file: OverlayFile): SymbolDefinition[] {
  if (!indexed(file.path)) return [];
  const outcome = extractFile(file.path, file.text);
  if (outcome.status !== 'ok') return [];
  return outcome.extraction.symbols.map((s) => ({
    path: file.path,
    line: s.line,
    column: s.column,
    kind: s.kind,
    name: s.name,
    exported: s.exported,
    signature: s.signature,
  }));
}

function nameMatches(definition: SymbolDefinition, name: string): boolean {
  return definition.name === name || definition.name.endsWith(`.${name}`);
}

export function overlaySymbolIndex(
  base: SymbolIndexPort,
  overlay: ProposalOverlay,
): SymbolIndexPort {
  const inOverlay = (path: string): boolean => overlay.has(path);
  const overlayDefinitions = (name: string, kind?: SymbolKind): SymbolDefinition[] =>
    overlay
      .list()
      .flatMap(definitionsOf)
      .filter((d) => nameMatches(d, name) && (kind === undefined || d.kind === kind));
  return {
    ensureBuilt: () => base.ensureBuilt(),
    // Overlay files are parsed when asked; the disk index must not learn overlay text.
    refreshFile: () => Promise.resolve(),
    status: (): IndexStatus => base.status(),
    findDefinition(name, kind): DefinitionResult {
      const fromDisk = base.findDefinition(name, kind);
      const kept = fromDisk.definitions.filter((d) => !inOverlay(d.path));
      const added = overlayDefinitions(name, kind);
      const definitions = [
        ...added.filter((d) => d.exported),
        ...kept,
        ...added.filter((d) => !d.exported),
      ];
      return { definitions, suggestions: definitions.length ? [] : fromDisk.suggestions };
    },
    findDefinitionFrom(name, fromFile) {
      // The import in an overlay file may be new: fall back to matches by name (the tool says so).
      if (inOverlay(fromFile)) return [];
      const fromDisk = base.findDefinitionFrom(name, fromFile);
      if (!fromDisk.some((d) => inOverlay(d.path))) return fromDisk;
      const changed = new Set(fromDisk.filter((d) => inOverlay(d.path)).map((d) => d.path));
      const reparsed = overlayDefinitions(name).filter((d) => changed.has(d.path));
      return [...fromDisk.filter((d) => !inOverlay(d.path)), ...reparsed];
    },
    findImporters: (target): Importer[] => base.findImporters(target),
    outline(file) {
      const entry = overlay.get(file);
      return entry ? definitionsOf(entry) : base.outline(file);
    },
    searchFiles(query, limit) {
      const created = overlay
        .list()
        .filter((f) => f.isNewFile && f.path.toLowerCase().includes(query.toLowerCase()))
        .map((f) => f.path);
      return [...new Set([...created, ...base.searchFiles(query, limit)])].slice(0, limit);
    },
    hasFile: (file) => inOverlay(file) || base.hasFile(file),
    relativePath: (file) => base.relativePath(file),
  };
}
