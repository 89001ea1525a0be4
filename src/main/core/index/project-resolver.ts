// The module resolver over the project's indexed code files: folders derived from the file
// list, package.json/tsconfig read from disk (over the index's size limit counts as absent).
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createModuleResolver, type ModuleResolver } from './module-resolver';

export function buildProjectResolver(
  root: string,
  codeFiles: readonly string[],
  maxFileBytes: number,
): ModuleResolver {
  const files = new Set(codeFiles);
  const folders = new Set<string>();
  for (const file of codeFiles) {
    for (
      let dir = path.posix.dirname(file);
      dir !== '.' && !folders.has(dir);
      dir = path.posix.dirname(dir)
    )
      folders.add(dir);
  }
  return createModuleResolver({
    root,
    files,
    folders,
    readText: (relative) => {
      const absolute = path.join(root, relative);
      try {
        if (statSync(absolute).size > maxFileBytes) return undefined;
        return readFileSync(absolute, 'utf8');
      } catch {
        return undefined;
      }
    },
    fileExists: (absolute) => existsSync(absolute),
  });
}
