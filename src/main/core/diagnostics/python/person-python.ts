// The person's Python, as pyright finds it through the confinement: pyright runs the first Python
// on PATH to learn its search paths, and the confinement hides the person's home folder. A Python
// that lives there is shown read-only when it is a whole install with nothing else in it, a pyenv
// root (`~/.pyenv`) or a virtual environment (a folder with `pyvenv.cfg`), with the pyenv root its
// links lead to; any other (`~/.local/bin`, whose neighbours may hold keyrings) stays hidden, and
// the evidence says pyright used the next Python it found. Found by looking at PATH and the files
// only: nothing is run.
import { existsSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findExecutable } from '../find-executable';

export interface PersonPython {
  /** Folders to show read-only inside the confinement so the Python runs as it does outside. */
  readonly show: readonly string[];
  /** Why pyright's Python may not be the person's ("…" for "Python: checked (…)"), or null. */
  readonly note: string | null;
}

const inside = (file: string, folder: string): boolean => file.startsWith(folder + path.sep);

/** The whole install a Python under the home folder belongs to, when it is safe to show. */
function installOf(file: string, home: string): string | null {
  const parts = path.relative(home, file).split(path.sep);
  const pyenv = parts.indexOf('.pyenv');
  if (pyenv >= 0) return path.join(home, ...parts.slice(0, pyenv + 1));
  const venv = path.dirname(path.dirname(file));
  return inside(venv, home) && existsSync(path.join(venv, 'pyvenv.cfg')) ? venv : null;
}

export function personPython(root: string, env: NodeJS.ProcessEnv): PersonPython {
  const none = { show: [], note: null };
  const found = findExecutable('python3', env) ?? findExecutable('python', env);
  if (!found) return none;
  const home = path.resolve(env.HOME || os.homedir());
  if (home === '/') return none;
  let real = found;
  try {
    real = realpathSync(found);
  } catch {
    // A link that leads nowhere: the name on PATH is what the person sees.
  }
  // A Python inside the project (its own virtual environment) is read with the project.
  if (inside(found, root)) return none;
  const hidden = [found, real].filter((file) => inside(file, home) && !inside(file, root));
  if (!hidden.length) return none;
  const show = hidden.map((file) => installOf(file, home));
  if (show.every((folder): folder is string => folder !== null))
    return { show: [...new Set(show)], note: null };
  return {
    show: [],
    note: `the Python on your PATH (~${path.sep}${path.relative(home, found)}) is in your home folder, which the confined checker cannot read: pyright used the next Python it found and its packages, so errors about installed libraries may differ from your own pyright's`,
  };
}
