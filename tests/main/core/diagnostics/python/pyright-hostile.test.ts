// pyright on hostile projects: the server runs confined, a configuration error is
// an honest outcome, a file linked out of the project is not read by Sluice (and inside the
// sandbox /proc/self/environ is pyright's own, clean), a file linked to /dev/zero ends at a
// ceiling, and a server that does not answer is killed and starts again on the next check.
import { mkdtempSync, realpathSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detectBubblewrap } from '../../../../../src/main/core/sandbox/bubblewrap';
import { createPyrightLanguage } from '../../../../../src/main/core/diagnostics/python/pyright-language';
import type { LanguageChecker } from '../../../../../src/main/core/diagnostics/language-checker';
import { hashTree, writeTree } from '../../../../support/hostile-projects';

const LONG = 120_000;
const sandbox = detectBubblewrap();
const describeSandboxed = sandbox.available ? describe : describe.skip;
if (!sandbox.available) console.warn(`pyright-hostile: skipped, ${sandbox.detail}`);
const CANARY = `canary-${process.pid}-${Date.now()}`;
const env = {
  ...process.env,
  SLUICE_TEST_CANARY_KEY: CANARY,
  ANTHROPIC_API_KEY: `sk-ant-${CANARY}`,
};

let root: string;
let checker: LanguageChecker | undefined;

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-py-hostile-')));
});
afterEach(async () => {
  await checker?.dispose();
  checker = undefined;
  rmSync(root, { recursive: true, force: true });
});

const signal = () => new AbortController().signal;

describe('pyright - without a sandbox', () => {
  it('check - "no sandbox on this machine", pyright not started', async () => {
    writeTree(root, { 'a.py': 'x: int = 1\n' });
    checker = createPyrightLanguage({
      root,
      env,
      sandbox: { available: false, detail: 'bubblewrap (bwrap) is not installed' },
    });
    const outcome = await checker.check([{ path: 'a.py', after: 'x: int = "s"\n' }], signal());
    expect(outcome).toMatchObject({ state: 'not_checked' });
    expect(outcome.state === 'not_checked' && outcome.reason).toMatch(
      /^no sandbox on this machine/u,
    );
    expect(checker.memoryBytes()).toBeNull();
  });
});

describeSandboxed('pyright - hostile projects', () => {
  it(
    "a pyrightconfig.json that does not parse - not checked, in pyright's words",
    async () => {
      writeTree(root, { 'pyrightconfig.json': '{ "include": [ broken', 'a.py': 'x: int = 1\n' });
      checker = createPyrightLanguage({ root, env });
      const outcome = await checker.check([{ path: 'a.py', after: 'x: int = "s"\n' }], signal());
      expect(outcome).toMatchObject({ state: 'not_checked' });
      expect(outcome.state === 'not_checked' && outcome.reason).toMatch(
        /^pyright: Config file "pyrightconfig\.json" could not be parsed/u,
      );
      // Fixed on disk: the server starts again with the project's configuration.
      writeTree(root, { 'pyrightconfig.json': '{ "include": ["."] }\n' });
      const fixed = await checker.check([{ path: 'a.py', after: 'x: int = "s"\n' }], signal());
      expect(fixed).toMatchObject({ state: 'checked' });
    },
    LONG,
  );

  it(
    'a module linked to /proc/self/environ - not read by Sluice, no canary, no byte changed',
    async () => {
      writeTree(root, {
        'main.py': 'import leak\n\nx: int = leak.VALUE\n',
        'other.py': 'y: int = 1\n',
      });
      symlinkSync('/proc/self/environ', path.join(root, 'leak.py'));
      const before = hashTree(root);
      checker = createPyrightLanguage({ root, env });
      const project = await checker.project(signal());
      const check = await checker.check(
        [{ path: 'main.py', after: 'import leak\n\nx: str = leak.VALUE\n' }],
        signal(),
      );
      const leaked = await checker.check([{ path: 'leak.py', after: 'VALUE = 1\n' }], signal());
      const said = JSON.stringify([project, check, leaked]);
      expect(said).not.toContain(CANARY);
      expect(leaked).toMatchObject({ state: 'not_checked' });
      expect(leaked.state === 'not_checked' && leaked.reason).toMatch(
        /"leak\.py" is a symlink that leads outside the project/u,
      );
      expect(hashTree(root)).toEqual(before);
    },
    LONG,
  );

  it(
    'a module linked to /dev/zero - ends at a ceiling; the next check starts pyright again',
    async () => {
      writeTree(root, { 'main.py': 'import zero\n\nx: int = 1\n' });
      symlinkSync('/dev/zero', path.join(root, 'zero.py'));
      checker = createPyrightLanguage({
        root,
        env,
        limits: { memoryBytes: 768 * 1024 * 1024, cpuSeconds: 30 },
        ceilingMs: 15_000,
      });
      const started = Date.now();
      const outcome = await checker.check(
        [{ path: 'main.py', after: 'import zero\n\nx: int = "s"\n' }],
        signal(),
      );
      expect(Date.now() - started).toBeLessThan(45_000);
      // pyright may skip the device itself; if it read it, a ceiling ended it.
      if (outcome.state === 'not_checked')
        expect(outcome.reason).toMatch(/memory ceiling|CPU-time|did not answer|stopped/u);
      unlinkSync(path.join(root, 'zero.py'));
      writeTree(root, { 'zero.py': 'VALUE = 1\n' });
      const again = await checker.check(
        [{ path: 'main.py', after: 'import zero\n\nx: int = "s"\n' }],
        signal(),
      );
      expect(again).toMatchObject({ state: 'checked' });
      expect(again.state === 'checked' && again.after.map((d) => d.code)).toContain(
        'reportAssignmentType',
      );
    },
    LONG,
  );

  it(
    'the hard ceiling - a job not answered in time kills the server and says so',
    async () => {
      writeTree(root, { 'a.py': 'x: int = 1\n' });
      checker = createPyrightLanguage({ root, env, ceilingMs: 1 });
      const late = await checker.check([{ path: 'a.py', after: 'x: int = "s"\n' }], signal());
      expect(late).toMatchObject({ state: 'not_checked' });
      expect(late.state === 'not_checked' && late.reason).toMatch(
        /did not answer within .* it was stopped and starts again on the next check/u,
      );
      expect(checker.memoryBytes()).toBeNull();
    },
    LONG,
  );
});
