// The person's Python through the confinement: a pyenv root or a virtual environment under the
// home folder is shown read-only so pyright runs it; any other Python there stays hidden and
// the evidence says so; a Python in the project or outside the home needs nothing. Found by
// PATH and file lookups only (the planted programs are never run).
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { personPython } from '../../../../../src/main/core/diagnostics/python/person-python';

let made: string[] = [];
afterEach(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  made = [];
});

function folder(): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-person-python-')));
  made.push(dir);
  return dir;
}

/** An executable named `name` in `dir` (never run). */
function program(dir: string, name: string): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, '#!/bin/sh\nexit 0\n');
  chmodSync(file, 0o755);
  return file;
}

describe('personPython', () => {
  it('pyenv - its root is shown, nothing to say', () => {
    const home = folder();
    program(path.join(home, '.pyenv', 'shims'), 'python3');
    expect(
      personPython(folder(), {
        HOME: home,
        PATH: `${path.join(home, '.pyenv', 'shims')}:/usr/bin`,
      }),
    ).toEqual({ show: [path.join(home, '.pyenv')], note: null });
  });

  it('a virtual environment under the home folder linking into pyenv - both shown', () => {
    const home = folder();
    const base = program(path.join(home, '.pyenv', 'versions', '3.11.7', 'bin'), 'python3.11');
    const venv = path.join(home, '.venvs', 'work');
    mkdirSync(path.join(venv, 'bin'), { recursive: true });
    writeFileSync(path.join(venv, 'pyvenv.cfg'), 'home = x\n');
    symlinkSync(base, path.join(venv, 'bin', 'python3'));
    expect(personPython(folder(), { HOME: home, PATH: path.join(venv, 'bin') })).toEqual({
      show: [venv, path.join(home, '.pyenv')],
      note: null,
    });
  });

  it('any other Python in the home folder - hidden, and said with the path the person knows', () => {
    const home = folder();
    program(path.join(home, '.local', 'bin'), 'python3');
    expect(
      personPython(folder(), { HOME: home, PATH: `${path.join(home, '.local', 'bin')}:/usr/bin` }),
    ).toEqual({
      show: [],
      note: "the Python on your PATH (~/.local/bin/python3) is in your home folder, which the confined checker cannot read: pyright used the next Python it found and its packages, so errors about installed libraries may differ from your own pyright's",
    });
  });

  it('the project in the home folder with its own virtual environment first on PATH - nothing', () => {
    const home = folder();
    const root = path.join(home, 'project');
    program(path.join(root, '.venv', 'bin'), 'python3');
    expect(
      personPython(root, { HOME: home, PATH: `${path.join(root, '.venv', 'bin')}:/usr/bin` }),
    ).toEqual({ show: [], note: null });
  });

  it('a Python outside the home folder, or none - nothing', () => {
    const home = folder();
    const system = folder();
    program(system, 'python3');
    expect(personPython(folder(), { HOME: home, PATH: system })).toEqual({ show: [], note: null });
    expect(personPython(folder(), { HOME: home, PATH: path.join(home, 'none') })).toEqual({
      show: [],
      note: null,
    });
  });
});
