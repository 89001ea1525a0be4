// Go through the real toolchain's overlay, and the languages that cannot be checked saying why.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findExecutable } from '../../../../src/main/core/diagnostics/find-executable';
import { makeDiagnosticsProject, type DiagnosticsProject } from './diagnostics-test-project';

const LONG = 120_000;
const go = findExecutable('go', process.env);
let project: DiagnosticsProject | undefined;
let scratch: string | undefined;

afterEach(async () => {
  await project?.cleanup();
  project = undefined;
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

const GO_PROJECT = {
  'go.mod': 'module example.com/m\n\ngo 1.19\n',
  'greet/greet.go': 'package greet\n\nfunc Greet(name string) string {\n\treturn "hi " + name\n}\n',
  'app/app.go':
    'package app\n\nimport "example.com/m/greet"\n\nfunc Hello() string {\n\treturn greet.Greet("you")\n}\n',
  'old/old.go': 'package old\n\nfunc Broken() int {\n\treturn "s"\n}\n',
};

describe('toolchain diagnostics', () => {
  it.skipIf(!go)(
    'checkChange - go build -overlay finds a broken caller in an importing package (skipped when go is not on PATH)',
    async () => {
      scratch = mkdtempSync(path.join(os.tmpdir(), 'sluice-go-scratch-'));
      project = makeDiagnosticsProject(GO_PROJECT, { tempDir: scratch });
      const evidence = await project.service.checkChange(
        [
          {
            path: 'greet/greet.go',
            after:
              'package greet\n\nfunc Greet(name string, times int) string {\n\treturn "hi " + name\n}\n',
          },
        ],
        { deadlineMs: LONG },
      );
      expect(evidence.state).toBe('checked');
      expect(evidence.introduced).toEqual([
        expect.objectContaining({
          path: 'app/app.go',
          line: 6,
          lineText: 'return greet.Greet("you")',
          source: 'go',
        }),
      ]);
      expect(evidence.introduced[0]?.message).toContain(
        'not enough arguments in call to greet.Greet',
      );
      expect(evidence.languages).toEqual([
        expect.objectContaining({ language: 'go', state: 'checked' }),
      ]);
      // The proposed text never lands in the project, and the overlay folder is removed.
      expect(
        execFileSync('cat', [path.join(project.root, 'greet/greet.go')], { encoding: 'utf8' }),
      ).not.toContain('times');
      expect(readdirSync(scratch)).toEqual([]);
      const fix = await project.service.checkChange(
        [{ path: 'old/old.go', after: 'package old\n\nfunc Broken() int {\n\treturn 1\n}\n' }],
        { deadlineMs: LONG },
      );
      expect(fix.fixed.map((d) => `${d.path}:${d.line}`)).toEqual(['old/old.go:4']);
      expect(fix.introduced).toEqual([]);
    },
    LONG,
  );

  it(
    'checkChange - without a Go toolchain the language is not_checked and says why',
    async () => {
      project = makeDiagnosticsProject(GO_PROJECT, { env: { PATH: '/nonexistent' } });
      const evidence = await project.service.checkChange(
        [{ path: 'greet/greet.go', after: 'package greet\n' }],
        { deadlineMs: LONG },
      );
      expect(evidence.state).toBe('not_checked');
      expect(evidence.languages).toEqual([
        expect.objectContaining({
          language: 'go',
          state: 'not_checked',
          reason: 'no Go toolchain found (go is not on PATH)',
        }),
      ]);
      expect(evidence.reason).toBe('Go: no Go toolchain found (go is not on PATH)');
    },
    LONG,
  );

  it(
    'checkChange - Rust and Java are not_checked: no toolchain, or no overlay checker yet',
    async () => {
      project = makeDiagnosticsProject(
        {
          'Cargo.toml': '[package]\nname = "x"\n',
          'src/main.rs': 'fn main() {}\n',
          'A.java': 'class A {}\n',
        },
        { env: { PATH: '/nonexistent' } },
      );
      const missing = await project.service.checkChange(
        [
          { path: 'src/main.rs', after: 'fn main() { x }\n' },
          { path: 'A.java', after: 'class A { int x = "s"; }\n' },
        ],
        { deadlineMs: LONG },
      );
      expect(missing.languages).toEqual([
        expect.objectContaining({
          language: 'rust',
          state: 'not_checked',
          reason: 'no Rust toolchain found (cargo is not on PATH)',
        }),
        expect.objectContaining({
          language: 'java',
          state: 'not_checked',
          reason: 'no Java toolchain found (javac is not on PATH)',
        }),
      ]);
      const current = await project.service.projectDiagnostics();
      expect(current.languages).toEqual([
        expect.objectContaining({ language: 'rust', state: 'not_checked' }),
      ]);
      await project.cleanup();
      // A cargo and a javac on PATH (present is all that is asked): still no overlay checker.
      scratch = mkdtempSync(path.join(os.tmpdir(), 'sluice-toolchain-'));
      for (const tool of ['cargo', 'javac']) {
        writeFileSync(path.join(scratch, tool), '#!/bin/sh\nexit 0\n');
        chmodSync(path.join(scratch, tool), 0o755);
      }
      project = makeDiagnosticsProject(
        { 'src/main.rs': 'fn main() {}\n' },
        {
          env: { PATH: scratch },
          settings: { enabled: { typescript: false } },
        },
      );
      const present = await project.service.checkChange([
        { path: 'src/main.rs', after: 'fn main() { x }\n' },
        { path: 'x.ts', after: 'export {};\n' },
      ]);
      expect(present.languages).toEqual([
        expect.objectContaining({
          language: 'rust',
          state: 'not_checked',
          reason: 'no overlay checker for Rust yet (cargo can only check files on disk)',
        }),
        expect.objectContaining({
          language: 'typescript',
          state: 'not_checked',
          reason: 'TypeScript checking is turned off in Settings',
        }),
      ]);
    },
    LONG,
  );
});
