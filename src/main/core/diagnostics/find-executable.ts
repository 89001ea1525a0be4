// Whether a toolchain is installed: the first executable of that name on PATH.
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

export function findExecutable(name: string, env: NodeJS.ProcessEnv): string | null {
  const dirs = (env.PATH ?? env.Path ?? '').split(path.delimiter).filter(Boolean);
  const names = process.platform === 'win32' ? [`${name}.exe`, `${name}.cmd`, name] : [name];
  for (const dir of dirs)
    for (const candidate of names) {
      const file = path.join(dir, candidate);
      try {
        accessSync(file, constants.X_OK);
        if (statSync(file).isFile()) return file;
      } catch {
        // Not here.
      }
    }
  return null;
}
