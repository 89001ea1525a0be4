// A Go module's packages as `go list` names them (import path, folder, imports), and the ones
// a change reaches: the changed folders' packages and every package that imports one of them,
// transitively, which the Go checker builds before and after the change (go-language.ts).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { GO_PINNED_FLAGS, runGo, type GoRunContext } from './confined-run';
import { parseGoOutput } from './go-output';

/** Import path → its folder and the import paths it imports (its tests' included). */
export type GoPackages = Map<string, { dir: string; imports: string[] }>;

/** The module's packages; or why go list failed. `readDisk`: a project file's text. */
export async function listGoPackages(
  run: GoRunContext,
  moduleRoot: string,
  deadline: number,
  signal: AbortSignal,
  readDisk: (relative: string) => string,
): Promise<GoPackages | { failed: string }> {
  const listed = await runGo(
    run,
    [
      'list',
      ...GO_PINNED_FLAGS,
      '-e',
      '-f',
      '{{.ImportPath}}|{{.Dir}}|{{join .Imports ","}},{{join .TestImports ","}},{{join .XTestImports ","}}',
      './...',
    ],
    moduleRoot,
    deadline - Date.now(),
    signal,
  );
  if (listed.kind === 'failed') return { failed: listed.reason };
  const packages: GoPackages = new Map();
  for (const line of listed.output.split('\n')) {
    const [importPath, dir, imports] = line.split('|');
    if (!importPath || !dir || imports === undefined || !path.isAbsolute(dir)) continue;
    packages.set(importPath, { dir, imports: imports.split(',').filter(Boolean) });
  }
  if (listed.code !== 0) {
    const said = parseGoOutput(listed.output, moduleRoot, run.root, readDisk, '').problems[0];
    return { failed: `go list: ${said?.message ?? `exited with status ${listed.code}`}` };
  }
  return packages;
}

/**
 * The folders to build: the packages in the changed folders and every package that imports
 * one of them, transitively; a changed folder no package is listed in yet, by folder.
 */
export function goTargets(packages: GoPackages, changedDirs: ReadonlySet<string>): string[] {
  const affected = new Set(
    [...packages].filter(([, p]) => changedDirs.has(p.dir)).map(([ip]) => ip),
  );
  for (let grew = true; grew;) {
    grew = false;
    for (const [importPath, p] of packages)
      if (!affected.has(importPath) && p.imports.some((i) => affected.has(i))) {
        affected.add(importPath);
        grew = true;
      }
  }
  const targets = [...packages].filter(([ip]) => affected.has(ip)).map(([, p]) => p.dir);
  // A new package folder is not listed yet: build it by folder.
  for (const dir of changedDirs) if (!targets.includes(dir)) targets.push(dir);
  return targets;
}

/** How many .go files a folder holds (0 when it cannot be read). */
export function goFilesIn(dir: string): number {
  try {
    return readdirSync(dir).filter((f) => f.endsWith('.go')).length;
  } catch {
    return 0;
  }
}
