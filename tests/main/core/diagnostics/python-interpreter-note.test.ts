// Which Python pyright resolves imports with: a Python on PATH inside the person's home folder
// is hidden from the confined checker, and the evidence says so; found by PATH lookup only.
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hiddenPythonNote } from '../../../../src/main/core/diagnostics/python-interpreter-note';

let made: string[] = [];
afterEach(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  made = [];
});

function folder(): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-python-note-')));
  made.push(dir);
  return dir;
}

/** An executable named `name` in `dir` (never run). */
function program(dir: string, name: string): void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, '#!/bin/sh\nexit 0\n');
  chmodSync(file, 0o755);
}

describe('hiddenPythonNote', () => {
  it('a Python in the home folder first on PATH - said, with the path the person knows', () => {
    const home = folder();
    const root = folder();
    program(path.join(home, '.pyenv', 'shims'), 'python3');
    const note = hiddenPythonNote(root, {
      HOME: home,
      PATH: `${path.join(home, '.pyenv', 'shims')}:/usr/bin`,
    });
    expect(note).toBe(
      "the Python on your PATH (~/.pyenv/shims/python3) is in your home folder, which the confined checker cannot read: pyright used the next Python it found and its packages, so errors about installed libraries may differ from your own pyright's",
    );
  });

  it('the project inside the home folder with its own virtual environment first on PATH - nothing to say', () => {
    const home = folder();
    const root = path.join(home, 'project');
    program(path.join(root, '.venv', 'bin'), 'python3');
    expect(
      hiddenPythonNote(root, { HOME: home, PATH: `${path.join(root, '.venv', 'bin')}:/usr/bin` }),
    ).toBeNull();
  });

  it('a Python outside the home folder, or none - nothing to say', () => {
    const home = folder();
    const root = folder();
    const system = folder();
    program(system, 'python3');
    expect(hiddenPythonNote(root, { HOME: home, PATH: system })).toBeNull();
    expect(hiddenPythonNote(root, { HOME: home, PATH: path.join(home, 'nothing') })).toBeNull();
  });
});
