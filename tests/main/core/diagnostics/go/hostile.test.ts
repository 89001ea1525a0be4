// The Go checker on hostile projects: every `go` runs confined, so what the project
// makes it run cannot write outside, read Sluice's environment or change a project byte; and
// whatever go says that is not a list of file:line errors is an honest outcome, never "no new
// errors". Runs where go is on PATH and bubblewrap works.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detectBubblewrap } from '../../../../../src/main/core/sandbox/bubblewrap';
import { createDiagnosticsService } from '../../../../../src/main/core/diagnostics/diagnostics-service';
import { findExecutable } from '../../../../../src/main/core/diagnostics/find-executable';
import { createGoLanguage } from '../../../../../src/main/core/diagnostics/go/go-language';
import {
  canaryEnv,
  goLinkerSmuggling,
  hashTree,
  plantProgram,
  writeTree,
} from '../../../../support/hostile-projects';

const LONG = 120_000;
const go = findExecutable('go', process.env);
const sandbox = detectBubblewrap();
const describeGo = go && sandbox.available ? describe : describe.skip;
if (!go) console.warn('go-hostile: skipped, go is not on PATH');
/** Whether this go still takes a //go:cgo_ldflag behind a //line directive (before 1.21.2). */
const bypassLive = (() => {
  if (!go) return false;
  const version = execFileSync(go, ['version'], { encoding: 'utf8' });
  const [, minor = '99', patch = '0'] = /go1\.(\d+)(?:\.(\d+))?/u.exec(version) ?? [];
  return Number(minor) < 21 || (Number(minor) === 21 && Number(patch) < 2);
})();
if (go && !sandbox.available) console.warn(`go-hostile: skipped, ${sandbox.detail}`);

let root: string;
let outside: string;
let cache: string;

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-go-hostile-')));
  outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-go-outside-')));
  cache = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-go-cache-test-')));
});
afterEach(() => {
  for (const dir of [root, outside, cache]) rmSync(dir, { recursive: true, force: true });
});

function checker(env: NodeJS.ProcessEnv = process.env, extra = {}) {
  return createGoLanguage({ root, env, cacheDir: cache, ...extra });
}

const signal = () => new AbortController().signal;

describe('go checker - without a sandbox', () => {
  it('check and project - "no sandbox on this machine", nothing run', async () => {
    const marker = path.join(outside, 'marker');
    const planted = goLinkerSmuggling(root, marker);
    const go = checker(canaryEnv(planted), {
      sandbox: { available: false, detail: 'bubblewrap (bwrap) is not installed' },
    });
    const project = await go.project(signal());
    expect(project).toMatchObject({ state: 'not_checked' });
    expect(project?.state === 'not_checked' && project.reason).toMatch(
      /^no sandbox on this machine/u,
    );
    const check = await go.check([{ path: 'main.go', after: 'package main\n' }], signal());
    expect(check).toMatchObject({ state: 'not_checked' });
    expect(existsSync(marker)).toBe(false);
  });
});

describeGo('go checker - hostile projects', () => {
  it(
    'linker flag smuggled through //line - the planted ld runs only confined: no marker, no canary, no byte changed',
    async () => {
      const marker = path.join(outside, 'marker');
      const planted = goLinkerSmuggling(root, marker);
      const before = hashTree(root);
      const go = checker(canaryEnv(planted));
      const project = await go.project(signal());
      const check = await go.check(
        [{ path: 'main.go', after: `${'package main\n'}\n// edited\n` }],
        signal(),
      );
      const said = JSON.stringify([project, check]);
      expect(existsSync(marker)).toBe(false);
      expect(hashTree(root)).toEqual(before);
      expect(said).not.toContain(planted.canary);
      // Where the bypass works (go < 1.21.2), the planted ld ran, inside, saw no canary, and
      // its failure is an honest project-level error: the build did not succeed.
      if (bypassLive) {
        expect(said).toContain('planted-ran canary=[][]');
        expect(said).toContain('Read-only file system');
        expect(project).toMatchObject({ state: 'checked' });
        expect(project?.state === 'checked' && project.diagnostics.length).toBeGreaterThan(0);
      }
    },
    LONG,
  );

  it(
    'the same project unconfined would have run it (the fixture is live on this go)',
    () => {
      const marker = path.join(outside, 'marker');
      const planted = goLinkerSmuggling(root, marker);
      try {
        execFileSync(go as string, ['build', '-o', os.devNull, '.'], {
          cwd: root,
          env: { ...canaryEnv(planted), GOCACHE: cache, GOFLAGS: '-mod=mod' },
          stdio: 'pipe',
        });
      } catch {
        // the planted ld fails the link on purpose
      }
      if (bypassLive) expect(existsSync(marker)).toBe(true);
      rmSync(path.join(root, 'planted-output'), { force: true });
    },
    LONG,
  );

  it(
    '.git/config with core.fsmonitor - runs nothing (-buildvcs=false), no byte changed',
    async () => {
      const marker = path.join(outside, 'marker');
      writeTree(root, {
        'go.mod': 'module example.com/vcs\n\ngo 1.19\n',
        'main.go': 'package main\n\nfunc main() {}\n',
      });
      execFileSync('git', ['init', '-q'], { cwd: root });
      const planted = plantProgram(root, 'hooks/fsmonitor', marker);
      execFileSync('git', ['config', 'core.fsmonitor', planted.program], { cwd: root });
      const before = hashTree(root);
      const go = checker(canaryEnv(planted));
      const project = await go.project(signal());
      expect(project).toMatchObject({ state: 'checked', diagnostics: [] });
      expect(JSON.stringify(project)).not.toContain('planted-ran');
      expect(existsSync(marker)).toBe(false);
      expect(hashTree(root)).toEqual(before);
    },
    LONG,
  );

  it(
    'go.mod without a go line - stays byte-identical through project and check',
    async () => {
      writeTree(root, {
        'go.mod': 'module example.com/noline\n',
        'lib/lib.go': 'package lib\n\nfunc A() int { return 1 }\n',
      });
      const before = hashTree(root);
      const go = checker();
      await go.project(signal());
      await go.check(
        [{ path: 'lib/lib.go', after: 'package lib\n\nfunc A() int { return 2 }\n' }],
        signal(),
      );
      expect(hashTree(root)).toEqual(before);
    },
    LONG,
  );

  it(
    'cgo preamble including /dev/zero - ends at the memory ceiling, not checked, says so',
    async () => {
      writeTree(root, {
        'go.mod': 'module example.com/zero\n\ngo 1.19\n',
        'main.go': 'package main\n\n/*\n#include "/dev/zero"\n*/\nimport "C"\n\nfunc main() {}\n',
      });
      const started = Date.now();
      const go = checker(process.env, {
        limits: { memoryBytes: 256 * 1024 * 1024, cpuSeconds: 20 },
        ceilingMs: 30_000,
      });
      const project = await go.project(signal());
      expect(Date.now() - started).toBeLessThan(40_000);
      expect(project).toMatchObject({ state: 'not_checked' });
      expect(project?.state === 'not_checked' && project.reason).toMatch(
        /memory ceiling|CPU-time limit|did not finish/u,
      );
    },
    LONG,
  );

  it(
    'an edit that creates an import cycle - introduced as a project-level error, never "no new errors"',
    async () => {
      writeTree(root, {
        'go.mod': 'module example.com/cycle\n\ngo 1.19\n',
        'a/a.go': 'package a\n\nimport "example.com/cycle/b"\n\nfunc A() int { return b.B() }\n',
        'b/b.go': 'package b\n\nfunc B() int { return 1 }\n',
      });
      const service = createDiagnosticsService({
        root,
        env: process.env,
        checkers: [checker()],
      });
      try {
        const evidence = await service.checkChange(
          [
            {
              path: 'b/b.go',
              after:
                'package b\n\nimport "example.com/cycle/a"\n\nfunc B() int { return 1 }\n\nvar _ = a.A\n',
            },
          ],
          { deadlineMs: LONG },
        );
        expect(evidence.state).toBe('checked');
        expect(evidence.introduced.map((d) => d.message).join('\n')).toMatch(/import cycle/u);
      } finally {
        await service.dispose();
      }
    },
    LONG,
  );

  it(
    'a go.mod that does not parse - a project error from project(), not checked for a change',
    async () => {
      writeTree(root, {
        'go.mod': 'module example.com/broken\n\ngo 1.19\nthis is not a directive\n',
        'main.go': 'package main\n\nfunc main() {}\n',
      });
      const go = checker();
      const project = await go.project(signal());
      expect(project?.state).toBe('checked');
      const errors = project?.state === 'checked' ? project.diagnostics : [];
      expect(errors.length).toBeGreaterThan(0);
      expect(errors[0]).toMatchObject({ path: 'go.mod', line: 4 });
      const check = await go.check(
        [{ path: 'main.go', after: 'package main\n\nfunc main() { }\n' }],
        signal(),
      );
      expect(check).toMatchObject({ state: 'not_checked' });
      expect(check.state === 'not_checked' && check.reason).toMatch(/go\.mod|unknown directive/u);
    },
    LONG,
  );

  it(
    "a missing module - a project-level error in go's words",
    async () => {
      writeTree(root, {
        'go.mod': 'module example.com/missing\n\ngo 1.19\n',
        'main.go': 'package main\n\nimport "example.org/not/here"\n\nfunc main() { here.X() }\n',
      });
      const project = await checker().project(signal());
      const said = JSON.stringify(project);
      expect(project?.state === 'checked' && project.diagnostics.length).toBeGreaterThan(0);
      expect(said).toMatch(/example\.org\/not\/here/u);
    },
    LONG,
  );

  it(
    'a .go file linked to /proc/self/environ - not read; the evidence names the file and why',
    async () => {
      const planted = plantProgram(root, 'evil/x', path.join(outside, 'marker'));
      writeTree(root, {
        'go.mod': 'module example.com/leak\n\ngo 1.19\n',
        'main.go': 'package main\n\nfunc main() {}\n',
      });
      symlinkSync('/proc/self/environ', path.join(root, 'leak.go'));
      writeFileSync(path.join(outside, 'secret.go'), `package main\n// ${planted.canary}\n`);
      const go = checker(canaryEnv(planted));
      const project = await go.project(signal());
      expect(project).toMatchObject({ state: 'not_checked' });
      expect(project?.state === 'not_checked' && project.reason).toMatch(
        /"leak\.go" is a symlink that leads outside the project/u,
      );
      expect(JSON.stringify(project)).not.toContain(planted.canary);
    },
    LONG,
  );
});
