// Who imports a Python module, without the symbol index: a bounded walk of the project's .py
// files and their import statements (absolute, relative, `from pkg import mod`), resolved
// against the root and a `src/` folder. Which of them a change reaches: python-affected-files.ts.
import { readFileSync } from 'node:fs';
import { listProjectFiles } from '../../workspace/project-files';
import path from 'node:path';

/** Files read at most; past it the scan stops and says so in the language's reason. */
export const PYTHON_SCAN_LIMIT = 20_000;

export interface PythonImportScan {
  /** Project-relative importers of each module file (project-relative). */
  readonly importers: ReadonlyMap<string, ReadonlySet<string>>;
  /** Every .py file seen, project-relative. */
  readonly files: readonly string[];
  readonly truncated: boolean;
  /**
   * Files importing a module no file of the project is (yet): a proposal that creates it
   * affects them. By dotted absolute name.
   */
  readonly unresolved: ReadonlyMap<string, ReadonlySet<string>>;
}

export function listPythonFiles(root: string): { files: string[]; truncated: boolean } {
  const { files, truncated } = listProjectFiles(root, {
    limit: PYTHON_SCAN_LIMIT,
    keep: (relative) => relative.endsWith('.py'),
    state: false,
  });
  return { files: [...files], truncated };
}

/** `pkg/mod.py` → `pkg.mod`; `pkg/__init__.py` → `pkg`; also without a leading `src/`. */
export function moduleNamesOf(file: string): string[] {
  const parts = file.replace(/\.py$/, '').split('/');
  if (parts[parts.length - 1] === '__init__') parts.pop();
  const names = [parts.join('.')];
  if (parts[0] === 'src' && parts.length > 1) names.push(parts.slice(1).join('.'));
  return names.filter(Boolean);
}

const IMPORT_LINE =
  /^[ \t]*(?:from[ \t]+([.\w]+)[ \t]+import[ \t]+\(?([^#\n]*)|import[ \t]+([^#\n]+))/gm;

/** Modules a file's imports may name, as dotted absolute names. */
export function importedModules(file: string, text: string): string[] {
  const out: string[] = [];
  const packageParts = file.split('/').slice(0, -1);
  for (const match of text.matchAll(IMPORT_LINE)) {
    if (match[3]) {
      for (const item of match[3].split(',')) {
        const name = item.trim().split(/\s+/)[0];
        if (name) out.push(name);
      }
      continue;
    }
    let base = match[1] ?? '';
    const dots = /^\.*/.exec(base)?.[0].length ?? 0;
    if (dots) {
      const up = packageParts.slice(0, Math.max(0, packageParts.length - (dots - 1)));
      base = [...up, base.slice(dots)].filter(Boolean).join('.');
    }
    if (base) out.push(base);
    for (const item of (match[2] ?? '').split(',')) {
      const name = item.trim().replace(/[()]/g, '').split(/\s+/)[0];
      if (name && /^\w+$/.test(name)) out.push(base ? `${base}.${name}` : name);
    }
  }
  return out;
}

/** Each module name (dotted, with and without a leading `src.`) to its file. */
export function pythonModuleFiles(files: readonly string[]): Map<string, string> {
  const byModule = new Map<string, string>();
  for (const file of files)
    if (file.endsWith('.py')) for (const name of moduleNamesOf(file)) byModule.set(name, file);
  return byModule;
}

/** Calls `visit` with every module each .py file imports (dotted, absolute), read from disk. */
export function forEachPythonImport(
  root: string,
  files: readonly string[],
  visit: (file: string, name: string) => void,
): void {
  for (const file of files) {
    if (!file.endsWith('.py')) continue;
    let text: string;
    try {
      text = readFileSync(path.join(root, ...file.split('/')), 'utf8');
    } catch {
      continue;
    }
    for (const name of importedModules(file, text)) visit(file, name);
  }
}

export function scanPythonImports(root: string): PythonImportScan {
  const { files, truncated } = listPythonFiles(root);
  const byModule = pythonModuleFiles(files);
  const importers = new Map<string, Set<string>>();
  const unresolved = new Map<string, Set<string>>();
  forEachPythonImport(root, files, (file, name) => {
    const target = byModule.get(name);
    const into = target ? importers : unresolved;
    if (target === file) return;
    const key = target ?? name;
    let set = into.get(key);
    if (!set) into.set(key, (set = new Set()));
    set.add(file);
  });
  return { importers, files, truncated, unresolved };
}
