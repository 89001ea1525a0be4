// Python through the real service: real pyright as a language server over a temp project.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProposalEvidence } from '../../../../../src/shared/diagnostics';
import { makeDiagnosticsProject, type DiagnosticsProject } from '../diagnostics-test-project';

const LONG = 120_000;
let project: DiagnosticsProject | undefined;

afterEach(async () => {
  await project?.cleanup();
  project = undefined;
});

describe('python diagnostics', () => {
  it(
    'checkChange - a check cancelled while pyright works leaves no document open: the next checks of the same file are checked',
    async () => {
      const importers = Object.fromEntries(
        Array.from({ length: 30 }, (_, i) => [
          `app${i}.py`,
          `from pkg.shapes import area\n\ntotal: int = area(${i}, 3)\n`,
        ]),
      );
      project = makeDiagnosticsProject({
        'pyrightconfig.json': '{ "typeCheckingMode": "basic" }',
        'pkg/__init__.py': '',
        'pkg/shapes.py': 'def area(width: int, height: int) -> int:\n    return width * height\n',
        ...importers,
      });
      const { service } = project;
      const broken = 'def area(width: int, height: int) -> str:\n    return str(width * height)\n';
      // Warm: the server is up, so the cancel below lands while a job talks to it.
      await service.checkChange([{ path: 'pkg/shapes.py', after: `${broken}\n` }], {
        deadlineMs: LONG,
      });
      for (let round = 0; round < 3; round++) {
        const controller = new AbortController();
        const first = service.checkChange([{ path: 'pkg/shapes.py', after: broken }], {
          deadlineMs: LONG,
          signal: controller.signal,
        });
        await new Promise((resolve) => setTimeout(resolve, 30 + round * 40));
        controller.abort();
        await first;
        const next = await service.checkChange([{ path: 'pkg/shapes.py', after: broken }], {
          deadlineMs: LONG,
        });
        expect(next.languages).toEqual([
          expect.objectContaining({ language: 'python', state: 'checked' }),
        ]);
        expect(next.introduced.length).toBe(30);
      }
    },
    LONG,
  );

  it(
    'checkChange - pyright reports an introduced error in an importer module, and a fix',
    async () => {
      project = makeDiagnosticsProject({
        'pyrightconfig.json': '{ "typeCheckingMode": "basic" }',
        'pkg/__init__.py': 'from .shapes import area\n',
        'pkg/shapes.py': 'def area(width: int, height: int) -> int:\n    return width * height\n',
        'app.py': 'from pkg import area\n\ntotal: int = area(2, 3)\n',
        'broken.py': 'count: int = "three"\n',
      });
      const { service } = project;
      const evidence = await service.checkChange(
        [
          {
            path: 'pkg/shapes.py',
            after: 'def area(width: int, height: int) -> str:\n    return str(width * height)\n',
          },
        ],
        { deadlineMs: LONG },
      );
      expect(evidence.state).toBe('checked');
      expect(evidence.introduced).toEqual([
        expect.objectContaining({
          path: 'app.py',
          line: 3,
          code: 'reportAssignmentType',
          lineText: 'total: int = area(2, 3)',
          source: 'pyright',
        }),
      ]);
      expect(evidence.languages).toEqual([
        expect.objectContaining({ language: 'python', state: 'checked', filesChecked: 3 }),
      ]);
      const fix = await service.checkChange([{ path: 'broken.py', after: 'count: int = 3\n' }], {
        deadlineMs: LONG,
      });
      expect(fix.introduced).toEqual([]);
      expect(fix.fixed.map((d) => `${d.path}:${d.line} ${d.code}`)).toEqual([
        'broken.py:1 reportAssignmentType',
      ]);
      expect(service.memory().services).toEqual([
        { language: 'python', rssBytes: expect.any(Number) as number },
      ]);
      const now = await service.projectDiagnostics({ deadlineMs: LONG });
      expect(now.diagnostics.map((d) => `${d.path}:${d.line} ${d.code}`)).toEqual([
        'broken.py:1 reportAssignmentType',
      ]);
    },
    LONG,
  );

  it(
    'checkChange - a benign edit of a Python module introduces nothing',
    async () => {
      project = makeDiagnosticsProject({
        'lib.py': 'def double(n: int) -> int:\n    value = n * 2\n    return value\n',
        'main.py': 'import lib\n\nprint(lib.double(2) + 1)\n',
      });
      const evidence = await project.service.checkChange(
        [
          {
            path: 'lib.py',
            after:
              '# Doubles.\ndef double(n: int) -> int:\n    doubled = n * 2\n    return doubled\n',
          },
        ],
        { deadlineMs: LONG },
      );
      expect(evidence).toMatchObject({ state: 'checked', introduced: [], fixed: [] });
      expect(evidence.languages[0]?.filesChecked).toBe(2);
      // A comment and blank lines only: the importer cannot see it, only lib.py is checked.
      const comment = await project.service.checkChange(
        [
          {
            path: 'lib.py',
            after:
              '# Doubles.\n\ndef double(n: int) -> int:\n    value = n * 2  # twice\n    return value\n',
          },
        ],
        { deadlineMs: LONG },
      );
      expect(comment).toMatchObject({ state: 'checked', introduced: [], fixed: [] });
      expect(comment.languages[0]?.filesChecked).toBe(1);
    },
    LONG,
  );

  it(
    'checkChange - the changed module is answered first (live), its importers as the late result',
    async () => {
      project = makeDiagnosticsProject({
        'pyrightconfig.json': '{ "typeCheckingMode": "basic" }',
        'shapes.py': 'def area(width: int, height: int) -> int:\n    return width * height\n',
        'app.py': 'from shapes import area\n\ntotal: int = area(2, 3)\n',
      });
      let late: ProposalEvidence | undefined;
      const evidence = await project.service.checkChange(
        [
          {
            path: 'shapes.py',
            after:
              'def area(width: int, height: int) -> str:\n    n: int = "x"\n    return str(width * height)\n',
          },
        ],
        { deadlineMs: LONG, changedFilesFirstAfterMs: 0, onLateResult: (e) => (late = e) },
      );
      // Answered with the changed module only, unless pyright finished the importer first.
      if (evidence.state === 'checking') {
        expect(evidence.introduced.map((d) => `${d.path}:${d.line}`)).toEqual(['shapes.py:2']);
        expect(evidence.languages[0]).toMatchObject({ state: 'checking', filesChecked: 1 });
        for (let i = 0; i < 300 && !late; i++) await new Promise((r) => setTimeout(r, 50));
      } else late = evidence;
      expect(late?.state).toBe('checked');
      expect(late?.introduced.map((d) => `${d.path}:${d.line}`)).toEqual([
        'app.py:3',
        'shapes.py:2',
      ]);
    },
    LONG,
  );

  it(
    "checkChange - a virtual environment in the person's home folder is the Python pyright resolves with",
    async () => {
      const home = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-py-home-')));
      try {
        const venv = path.join(home, '.venvs', 'work');
        execFileSync('/usr/bin/python3', ['-m', 'venv', '--without-pip', venv]);
        const [version] = readdirSync(path.join(venv, 'lib'));
        const lib = path.join(venv, 'lib', version ?? '', 'site-packages', 'mylib');
        mkdirSync(lib, { recursive: true });
        writeFileSync(
          path.join(lib, '__init__.py'),
          'def double(n: int) -> int:\n    return n * 2\n',
        );
        writeFileSync(path.join(lib, 'py.typed'), '');
        project = makeDiagnosticsProject(
          { 'app.py': 'from mylib import double\n\nx: int = double(2)\n' },
          { env: { ...process.env, HOME: home, PATH: `${path.join(venv, 'bin')}:/usr/bin:/bin` } },
        );
        const evidence = await project.service.checkChange(
          [{ path: 'app.py', after: 'from mylib import double\n\nx: str = double(2)\n' }],
          { deadlineMs: LONG },
        );
        expect(evidence.introduced.map((d) => `${d.path}:${d.line} ${d.code}`)).toEqual([
          'app.py:3 reportAssignmentType',
        ]);
        expect(evidence.languages[0]?.reason).toBeUndefined();
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    },
    LONG,
  );

  it(
    'warm - a Python project starts pyright when it opens; a project without Python markers does not',
    async () => {
      project = makeDiagnosticsProject({
        'pyproject.toml': '[project]\nname = "shapes"\n',
        'shapes.py': 'def area(width: int, height: int) -> int:\n    return width * height\n',
        'app.py': 'from shapes import area\n\ntotal: int = area(2, 3)\n',
      });
      void project.service.warm?.();
      for (let i = 0; i < 200 && !project.service.memory().services.length; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(project.service.memory().services).toEqual([
        { language: 'python', rssBytes: expect.any(Number) as number },
      ]);
      const evidence = await project.service.checkChange(
        [{ path: 'app.py', after: 'from shapes import area\n\ntotal: str = area(2, 3)\n' }],
        { deadlineMs: LONG },
      );
      expect(evidence.introduced.map((d) => `${d.path}:${d.line} ${d.code}`)).toEqual([
        'app.py:3 reportAssignmentType',
      ]);
      await project.cleanup();
      project = makeDiagnosticsProject({ 'loose.py': 'x: int = 1\n' });
      void project.service.warm?.();
      await new Promise((r) => setTimeout(r, 500));
      expect(project.service.memory().services).toEqual([]);
    },
    LONG,
  );

  it(
    "warm - with every module's errors on disk prepared, an importer's new error is still found",
    async () => {
      project = makeDiagnosticsProject({
        'pyproject.toml': '[project]\nname = "shapes"\n',
        'shapes.py': 'def area(width: int, height: int) -> int:\n    return width * height\n',
        'app.py': 'from shapes import area\n\ntotal: int = area(2, 3)\nbad: int = "x"\n',
      });
      await project.service.warm?.();
      const evidence = await project.service.checkChange(
        [
          {
            path: 'shapes.py',
            after: 'def area(width: int, height: int) -> str:\n    return str(width * height)\n',
          },
        ],
        { deadlineMs: LONG },
      );
      expect(evidence.state).toBe('checked');
      expect(evidence.introduced.map((d) => `${d.path}:${d.line} ${d.code}`)).toEqual([
        'app.py:3 reportAssignmentType',
      ]);
    },
    LONG,
  );

  it(
    'checkChange - an importer analysed against one proposal is checked against the disk in the next',
    async () => {
      project = makeDiagnosticsProject({
        'shapes.py': 'def area(width: int, height: int) -> int:\n    return width * height\n',
        'app.py': 'from shapes import area\n\ntotal: int = area(2, 3)\n',
      });
      const first = await project.service.checkChange(
        [
          {
            path: 'shapes.py',
            after: 'def area(width: int, height: int) -> str:\n    return str(width * height)\n',
          },
        ],
        { deadlineMs: LONG },
      );
      expect(first.introduced.map((d) => `${d.path}:${d.line} ${d.code}`)).toEqual([
        'app.py:3 reportAssignmentType',
      ]);
      // That proposal was never written: app.py's own edit breaks nothing.
      const second = await project.service.checkChange(
        [
          {
            path: 'app.py',
            after: 'from shapes import area\n\ntotal: int = area(2, 3)\nsize = 1\n',
          },
        ],
        { deadlineMs: LONG },
      );
      expect(second.introduced).toEqual([]);
    },
    LONG,
  );

  it(
    'warm - a module changed on disk after the modules were prepared is checked as it is now',
    async () => {
      project = makeDiagnosticsProject({
        'pyproject.toml': '[project]\nname = "shapes"\n',
        'shapes.py': 'def area(width: int, height: int) -> int:\n    return width * height\n',
        'app.py': 'from shapes import area\n\ntotal: int = area(2, 3)\n',
      });
      // The pass over the modules ends: app.py's errors on disk (none) are known.
      await project.service.warm?.();
      // shapes.py now returns a str: app.py has an error on disk, which this proposal fixes.
      project.write(
        'shapes.py',
        'def area(width: int, height: int) -> str:\n    return str(width * height)\n',
      );
      const evidence = await project.service.checkChange(
        [{ path: 'app.py', after: 'from shapes import area\n\ntotal: str = area(2, 3)\n' }],
        { deadlineMs: LONG },
      );
      expect(evidence.state).toBe('checked');
      expect(evidence.introduced).toEqual([]);
      expect(evidence.fixed.map((d) => `${d.path}:${d.line} ${d.code}`)).toEqual([
        'app.py:3 reportAssignmentType',
      ]);
    },
    LONG,
  );

  it(
    'checkChange - a created module: the files that import it are named as not checked against it',
    async () => {
      project = makeDiagnosticsProject({
        'app.py': 'from helpers import value\n\ntotal: str = value\n',
        'other.py': 'x: int = 1\n',
      });
      const evidence = await project.service.checkChange(
        [{ path: 'helpers.py', after: 'value: int = 3\n' }],
        { deadlineMs: LONG },
      );
      expect(evidence.state).toBe('checked');
      expect(evidence.introduced).toEqual([]);
      const [python] = evidence.languages;
      expect(python?.reason).toBe(
        'pyright sees a new module only once it is on disk, so the files that import helpers.py (app.py) were not checked against it',
      );
    },
    LONG,
  );

  it(
    "diskChanged - a module created on disk is what pyright resolves an import to, after the watcher's news",
    async () => {
      project = makeDiagnosticsProject({
        'pyproject.toml': '[project]\nname = "shapes"\n',
        'app.py': 'total: int = 1\n',
      });
      await project.service.warm?.();
      // Known to pyright as missing: the first check resolves nothing for it.
      const missing = await project.service.checkChange(
        [{ path: 'app.py', after: 'from helpers import value\n\ntotal: str = value\n' }],
        { deadlineMs: LONG },
      );
      expect(missing.introduced.map((d) => d.code)).toEqual(['reportMissingImports']);
      project.write('helpers.py', 'value: int = 3\n');
      project.service.diskChanged?.(['helpers.py']);
      const evidence = await project.service.checkChange(
        [{ path: 'app.py', after: 'from helpers import value\n\ntotal: str = value\n' }],
        { deadlineMs: LONG },
      );
      expect(evidence.introduced.map((d) => `${d.path}:${d.line} ${d.code}`)).toEqual([
        'app.py:3 reportAssignmentType',
      ]);
    },
    LONG,
  );
});
