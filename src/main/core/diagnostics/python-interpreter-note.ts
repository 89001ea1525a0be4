// Which Python pyright resolves imports with, as far as the person needs to know (issue 30's
// bench found it): confined, pyright cannot see the person's home folder, so a Python on PATH
// that lives there (pyenv, a user-wide virtual environment) is not the one it runs; it falls
// back to the next Python on PATH (the system's), whose packages can differ. Found by a PATH
// lookup only: nothing is run.
import { realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findExecutable } from './find-executable';

/** Why pyright's Python may not be the person's ("…" for "Python: checked (…)"), or null. */
export function hiddenPythonNote(root: string, env: NodeJS.ProcessEnv): string | null {
  const found = findExecutable('python3', env) ?? findExecutable('python', env);
  if (!found) return null;
  const home = path.resolve(env.HOME || os.homedir());
  if (home === '/') return null;
  const inside = (file: string, folder: string): boolean => file.startsWith(folder + path.sep);
  let real = found;
  try {
    real = realpathSync(found);
  } catch {
    // A link that leads nowhere: the name on PATH is what the person sees.
  }
  // A Python inside the project (its own virtual environment) is read with the project.
  if ([found, real].some((file) => inside(file, root))) return null;
  if (![found, real].some((file) => inside(file, home))) return null;
  const shown = `~${path.sep}${path.relative(home, found)}`;
  return `the Python on your PATH (${shown}) is in your home folder, which the confined checker cannot read: pyright used the next Python it found and its packages, so errors about installed libraries may differ from your own pyright's`;
}
