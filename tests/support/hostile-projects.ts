// Test support for issue 28: hostile projects built in temp folders, each with a planted
// program that proves execution (it prints "planted-ran" and tries to write a marker outside
// the project) and a canary variable that proves the environment; plus a hash of every
// project file, to show a check changed no byte.
import { createHash, randomInt } from 'node:crypto';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/** sha256 of every entry under `dir` (a link by its target), by relative path. */
export function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string): void => {
    for (const name of readdirSync(path.join(dir, rel))) {
      const child = rel ? `${rel}/${name}` : name;
      const full = path.join(dir, child);
      const info = lstatSync(full);
      if (info.isDirectory()) walk(child);
      else if (info.isSymbolicLink()) out[child] = `link:${readlinkSync(full)}`;
      else if (info.isFile())
        out[child] = createHash('sha256').update(readFileSync(full)).digest('hex');
      else out[child] = `special:${info.mode}`;
    }
  };
  walk('');
  return out;
}

export function writeTree(root: string, files: Record<string, string>): void {
  for (const [relative, text] of Object.entries(files)) {
    const file = path.join(root, ...relative.split('/'));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

export interface Planted {
  /** The canary's value: set in the environment Sluice runs with; must never come back. */
  readonly canary: string;
  /** Where the planted program tries to write (outside the project). */
  readonly marker: string;
  /** The program's path (inside the project), executable. */
  readonly program: string;
}

/**
 * Plants `relative` in the project: a shell script that prints "planted-ran" and whatever
 * canary it sees to stderr, writes the marker outside and a file into the project, then
 * fails (a linker or fsmonitor that fails is reported with its output).
 */
export function plantProgram(root: string, relative: string, marker: string): Planted {
  const canary = `canary-${randomInt(1e9)}`;
  const program = path.join(root, ...relative.split('/'));
  mkdirSync(path.dirname(program), { recursive: true });
  writeFileSync(
    program,
    [
      '#!/bin/sh',
      'echo "planted-ran canary=[$SLUICE_TEST_CANARY_KEY][$ANTHROPIC_API_KEY]" >&2',
      `echo pwned > ${marker}`,
      `echo pwned > ${path.join(root, 'planted-output')}`,
      'exit 1',
      '',
    ].join('\n'),
  );
  chmodSync(program, 0o755);
  return { canary, marker, program };
}

/** The environment Sluice runs with in these tests: the canary and a fake API key in it. */
export function canaryEnv(planted: Planted): NodeJS.ProcessEnv {
  return {
    ...process.env,
    SLUICE_TEST_CANARY_KEY: planted.canary,
    ANTHROPIC_API_KEY: `sk-ant-${planted.canary}`,
  };
}

/**
 * A Go module whose main.go smuggles `-B <dir of the planted ld>` to the linker through a
 * `//line` directive that makes the compiler take a `//go:cgo_ldflag` for cgo's own (fixed in
 * Go 1.21.2; Debian 12 has 1.19.8). Where the bypass works, the link runs the planted `ld`.
 */
export function goLinkerSmuggling(root: string, marker: string): Planted {
  const planted = plantProgram(root, 'evil/ld', marker);
  writeTree(root, {
    'go.mod': 'module example.com/hostile\n\ngo 1.19\n',
    'main.go': [
      'package main',
      '',
      '/*',
      'int answer(void) { return 42; }',
      '*/',
      'import "C"',
      '',
      '//line /tmp/_cgo_smuggled.go:1',
      `//go:cgo_ldflag "-B${path.join(root, 'evil')}"`,
      '',
      'func main() { println(C.answer()) }',
      '',
    ].join('\n'),
  });
  return planted;
}
