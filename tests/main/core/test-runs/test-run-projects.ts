// Temp projects with real test runners for the tests-before-approval suites: vitest and jest
// from our own node_modules (the project's node_modules is a real folder of symlinks to ours,
// so the runners can write their caches into the copy's layer), pytest from Debian, go 1.19.
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const OUR_MODULES = path.resolve(__dirname, '../../../../node_modules');

export interface TempProject {
  readonly root: string;
  /** SLUICE_HOME stand-in: the copies are made under it. */
  readonly home: string;
  write(relative: string, text: string): void;
  cleanup(): void;
}

export function tempProject(files: Record<string, string>, withNodeModules = false): TempProject {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-tests-before-')));
  const root = path.join(base, 'project');
  const home = path.join(base, 'home');
  mkdirSync(root);
  mkdirSync(home);
  const write = (relative: string, text: string): void => {
    const file = path.join(root, ...relative.split('/'));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  for (const [relative, text] of Object.entries(files)) write(relative, text);
  if (withNodeModules) {
    const modules = path.join(root, 'node_modules');
    mkdirSync(modules);
    const real = realpathSync(OUR_MODULES);
    // Dot folders are caches (.vite-temp, .vite): the runner makes its own in the copy.
    for (const name of readdirSync(real).filter((n) => !n.startsWith('.') || n === '.bin'))
      symlinkSync(path.join(real, name), path.join(modules, name));
  }
  return { root, home, write, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}

/** sha256 over every file's path and bytes (symlinks by target), node_modules' links included. */
export function treeHash(root: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      const relative = path.relative(root, full);
      if (entry.isSymbolicLink()) hash.update(`L ${relative}\n`);
      else if (entry.isDirectory()) {
        hash.update(`D ${relative} ${statSync(full).mode}\n`);
        walk(full);
      } else hash.update(`F ${relative} ${statSync(full).mode}\n`).update(readFileSync(full));
    }
  };
  walk(root);
  return hash.digest('hex');
}
