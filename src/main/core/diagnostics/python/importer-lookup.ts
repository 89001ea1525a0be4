// Who imports a Python module, for a check: the symbol index when there is one, else a scan of
// the imports (importers.ts). A module the proposal creates is imported by no file yet:
// the files that import its name (unresolved on disk) are its importers, found by the scan.
import type { SymbolIndexPort } from '../../index/symbol-index-port';
import { moduleNamesOf, scanPythonImports, type PythonImportScan } from './importers';

/** `created`: the modules the proposal creates (project-relative). */
export function pythonImportersOf(
  root: string,
  symbolIndex: SymbolIndexPort | undefined,
  created: readonly string[],
): (file: string) => Iterable<string> {
  let scanned: PythonImportScan | undefined;
  const scan = (): PythonImportScan => (scanned ??= scanPythonImports(root));
  const ofCreated = (file: string): string[] => [
    ...new Set(moduleNamesOf(file).flatMap((name) => [...(scan().unresolved.get(name) ?? [])])),
  ];
  if (symbolIndex) {
    const index = symbolIndex;
    return (file) => {
      if (created.includes(file)) return ofCreated(file);
      try {
        return index.findImporters(file).map((i) => i.path);
      } catch {
        return [];
      }
    };
  }
  return (file) => (created.includes(file) ? ofCreated(file) : (scan().importers.get(file) ?? []));
}
