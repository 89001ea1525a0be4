// The TypeScript checker as a confined process: a hostile project's own
// "typescript" runs only inside the confinement, files are read by read_file's rules, a
// configuration TypeScript cannot check through is said in its words, and the warm checker
// keeps its disk program across proposals. Real processes, real bubblewrap, real temp projects.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnConfined } from '../../../../../src/main/core/confinement/confined-process';
import {
  createTypeScriptLanguage,
  type TypeScriptLanguage,
} from '../../../../../src/main/core/diagnostics/typescript/typescript-language';
import type { LanguageOutcome } from '../../../../../src/main/core/diagnostics/language-checker';
import { compareDiagnostics } from '../../../../../src/main/core/diagnostics/diagnostic-comparison';
import { makeDiagnosticsProject, STRICT_TSCONFIG, writeFiles } from '../diagnostics-test-project';

const LONG = 120_000;
const require = createRequire(import.meta.url);
const realTypescript = path.dirname(require.resolve('typescript/package.json'));
const typescript7 = path.dirname(require.resolve('typescript-7/package.json'));
const versionOf = (folder: string): string =>
  (JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string })
    .version;

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

function project(files: Record<string, string>): string {
  const made = makeDiagnosticsProject(files);
  cleanups.push(() => made.cleanup());
  return made.root;
}

function language(root: string): TypeScriptLanguage {
  const made = createTypeScriptLanguage({ root });
  cleanups.push(() => made.dispose());
  return made;
}

const signal = (): AbortSignal => new AbortController().signal;

const introduced = (outcome: LanguageOutcome): string[] =>
  outcome.state === 'checked'
    ? compareDiagnostics(outcome.before, outcome.after).introduced.map(
        (d) => `${d.path}:${d.line} ${d.code}`,
      )
    : [`not checked: ${outcome.reason}`];

async function until(condition: () => boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('typescript checker process', () => {
  it(
    "confinement - a project's own typescript runs only inside: no marker outside, no canary, no project byte changed",
    async () => {
      const outside = path.join(os.tmpdir(), `sluice-ts-marker-${process.pid}-${Date.now()}`);
      cleanups.push(() => rmSync(outside, { force: true }));
      process.env.SLUICE_TEST_CANARY = 'canary-value-7f3a';
      cleanups.push(() => {
        delete process.env.SLUICE_TEST_CANARY;
      });
      // The planted compiler tries to write outside and inside the project, reads the canary,
      // then serves as TypeScript with what happened in its version string (proof it ran).
      const planted = `
        const fs = require('node:fs');
        const tries = [];
        for (const target of [${JSON.stringify(outside)}, __dirname + '/../../planted-marker']) {
          try { fs.writeFileSync(target, 'ran'); tries.push('wrote'); } catch (e) { tries.push(e.code); }
        }
        const canary = process.env.SLUICE_TEST_CANARY ? 'canary-present' : 'canary-absent';
        const ts = require(${JSON.stringify(realTypescript)});
        module.exports = Object.assign(Object.create(null), ts, {
          version: '5.9.0-planted-' + tries.join('-') + '-' + canary,
        });
      `;
      const root = project({
        'tsconfig.json': STRICT_TSCONFIG,
        'src/a.ts': 'export const a: number = 1;\n',
        'node_modules/typescript/package.json': JSON.stringify({
          name: 'typescript',
          version: '5.9.0',
          main: 'index.js',
        }),
        'node_modules/typescript/index.js': planted,
      });
      const before = execFileSync('sh', ['-c', 'find . -type f | sort | xargs sha256sum'], {
        cwd: root,
      }).toString();
      const ts = language(root);
      const outcome = await ts.check(
        [{ path: 'src/a.ts', after: 'export const a: number = 1;\nconst b: string = 42;\n' }],
        signal(),
      );
      expect(introduced(outcome)).toEqual(['src/a.ts:2 TS2322']);
      // Its writes: the host's /tmp is not the confinement's (written in private), the project is read-only.
      expect(outcome.checker).toBe(
        "TypeScript 5.9.0-planted-wrote-EROFS-canary-absent, the project's",
      );
      expect(existsSync(outside)).toBe(false);
      expect(existsSync(path.join(root, 'planted-marker'))).toBe(false);
      const after = execFileSync('sh', ['-c', 'find . -type f | sort | xargs sha256sum'], {
        cwd: root,
      }).toString();
      expect(after).toBe(before);
    },
    LONG,
  );

  it(
    "compiler - TypeScript 7 as the project's own checks through its native API, is named, and reaches importers",
    async () => {
      const root = project({
        'tsconfig.json': STRICT_TSCONFIG,
        'src/a.ts': 'export function f(n: number): number {\n  return n;\n}\n',
        'src/index.ts': "export * from './a';\n",
        'src/use.ts': "import { f } from './index';\nexport const u: number = f(1);\n",
      });
      mkdirSync(path.join(root, 'node_modules'));
      symlinkSync(typescript7, path.join(root, 'node_modules', 'typescript'));
      const ts = language(root);
      const outcome = await ts.check(
        [{ path: 'src/a.ts', after: 'export function f(n: string): number {\n  return 1;\n}\n' }],
        signal(),
      );
      expect(outcome.checker).toBe("TypeScript 7.0.2, the project's");
      expect(introduced(outcome)).toEqual(['src/use.ts:2 TS2345']);
      const created = await ts.check(
        [{ path: 'src/b.ts', after: 'const b: string = 42;\n' }],
        signal(),
      );
      expect(introduced(created)).toEqual(['src/b.ts:1 TS2322']);
      const benign = await ts.check(
        [
          {
            path: 'src/a.ts',
            after: '// a comment\nexport function f(n: number): number {\n  return n;\n}\n',
          },
        ],
        signal(),
      );
      expect(introduced(benign)).toEqual([]);
      expect(ts.stats()?.diskPrograms).toBe(1);
    },
    LONG,
  );

  it(
    'compiler - TypeScript 7 linked from outside the project reads its own lib files (Error, Omit, Array)',
    async () => {
      // The package is a symlink to Sluice's node_modules, as with npm link or a workspace's
      // hoisted node_modules: its lib files live in its platform package, outside the project.
      const lib =
        "export class Failure extends Error {}\nexport type Shown = Omit<{ a: number; b: string }, 'a'>;\nexport const doubled = [1, 2].map((n) => n * 2);\n";
      const root = project({ 'tsconfig.json': STRICT_TSCONFIG, 'src/a.ts': lib });
      mkdirSync(path.join(root, 'node_modules'));
      symlinkSync(typescript7, path.join(root, 'node_modules', 'typescript'));
      const outcome = await language(root).check(
        [{ path: 'src/a.ts', after: `${lib}export const wrong: Shown = { b: 1 };\n` }],
        signal(),
      );
      expect(outcome.state === 'checked' && outcome.before).toEqual([]);
      expect(introduced(outcome)).toEqual(['src/a.ts:4 TS2322']);
    },
    LONG,
  );

  it(
    'warm - an error the disk side words in another union order is not new after a benign edit',
    async () => {
      // The disk side checks z-early.ts first (it meets 'system' before 'tools'); the overlay
      // checker checks only a-use.ts and meets 'tools' first: TS2739 lists the properties in
      // another order, and without canonical messages the old error came back as introduced.
      const use = "import type { Fields } from './fields';\nexport const o: Fields = {};\n";
      const root = project({
        'tsconfig.json': STRICT_TSCONFIG,
        'src/a-use.ts': use,
        'src/fields.ts':
          "export type Fields = Pick<{ system: string; tools: string; n: number }, 'tools' | 'system'>;\n",
        'src/z-early.ts': "export const early: 'system' = 'system';\n",
      });
      const ts = language(root);
      void ts.warm?.();
      // stats() reflects the last answer; memoryBytes() asks for a fresh one.
      await until(() => {
        void ts.memoryBytes();
        return ts.stats()?.prepared === true && ts.stats()?.preparedFiles === 3;
      });
      const outcome = await ts.check(
        [{ path: 'src/a-use.ts', after: `// benign\n${use}` }],
        signal(),
      );
      expect(outcome.state === 'checked' && outcome.before.map((d) => d.code)).toEqual(['TS2739']);
      expect(introduced(outcome)).toEqual([]);
    },
    LONG,
  );

  it(
    "compiler - a project typescript that cannot be read is not replaced by Sluice's",
    async () => {
      const root = project({ 'tsconfig.json': STRICT_TSCONFIG, 'src/a.ts': 'export {};\n' });
      mkdirSync(path.join(root, 'node_modules'));
      symlinkSync('/nonexistent/typescript', path.join(root, 'node_modules', 'typescript'));
      const outcome = await language(root).check(
        [{ path: 'src/a.ts', after: 'const b: string = 42;\n' }],
        signal(),
      );
      expect(outcome.state).toBe('not_checked');
      expect(outcome.state === 'not_checked' && outcome.reason).toContain(
        "the project's node_modules/typescript cannot be read here",
      );
    },
    LONG,
  );

  it(
    'compiler - without a project typescript, Sluice’s own TypeScript 7 answers and is named',
    async () => {
      const root = project({ 'tsconfig.json': STRICT_TSCONFIG, 'src/a.ts': 'export {};\n' });
      const ts = language(root);
      const outcome = await ts.check(
        [{ path: 'src/a.ts', after: 'const b: string = 42;\n' }],
        signal(),
      );
      expect(outcome.checker).toBe(
        `TypeScript ${versionOf(typescript7)}, Sluice's own (the project has none)`,
      );
      expect(introduced(outcome)).toEqual(['src/a.ts:1 TS2322']);
    },
    LONG,
  );

  it.each([
    [
      'a tsconfig with options TypeScript 7 removed',
      {
        'tsconfig.json': JSON.stringify({
          compilerOptions: { strict: true, target: 'es5', moduleResolution: 'node', baseUrl: '.' },
          include: ['src'],
        }),
      },
      // 6.x says what it says of those options (deprecated), beside the checked result.
      'TS5101',
    ],
  ] as const)(
    'compiler - %s, no project typescript: Sluice’s 6.x answers',
    async (_case, config, said) => {
      const root = project({ ...config, 'src/a.ts': 'export const a: number = 1;\n' });
      const ts = language(root);
      const outcome = await ts.check(
        [{ path: 'src/a.ts', after: 'export const a: number = "s";\n' }],
        signal(),
      );
      expect(outcome.checker).toBe(
        `TypeScript ${versionOf(realTypescript)}, Sluice's own (the project has none)`,
      );
      expect(introduced(outcome)).toEqual(['src/a.ts:1 TS2322']);
      expect(outcome.state === 'checked' && outcome.reason).toContain(said);
    },
    LONG,
  );

  it(
    'no sandbox - nothing runs, the check says not checked: no sandbox on this machine',
    async () => {
      const root = project({ 'tsconfig.json': STRICT_TSCONFIG, 'src/a.ts': 'export {};\n' });
      const ts = createTypeScriptLanguage({
        root,
        spawn: (spec) =>
          spawnConfined({
            ...spec,
            sandbox: { available: false, detail: 'bwrap is not installed' },
          }),
      });
      cleanups.push(() => ts.dispose());
      const outcome = await ts.check([{ path: 'src/a.ts', after: 'x' }], signal());
      expect(outcome).toEqual({
        state: 'not_checked',
        filesChecked: 0,
        reason: 'no sandbox on this machine (bwrap is not installed)',
      });
    },
    LONG,
  );

  it(
    'reads - a symlink out of the project, /dev/zero, /dev/stdin and a FIFO are not read, named with why; nothing hangs, no outside text',
    async () => {
      const root = project({
        'tsconfig.json': JSON.stringify({
          compilerOptions: { strict: true, noEmit: true },
          files: [
            'src/a.ts',
            'src/leak.ts',
            'src/zero.ts',
            'src/stdin.ts',
            'src/fifo.ts',
            'src/env.ts',
          ],
        }),
        'src/a.ts': "import { key } from './leak';\nexport const k: number = key;\n",
      });
      // Outside the project and visible inside the confinement (its /tmp and /var/tmp are private).
      symlinkSync('/etc/passwd', path.join(root, 'src/leak.ts'));
      symlinkSync('/dev/zero', path.join(root, 'src/zero.ts'));
      symlinkSync('/dev/stdin', path.join(root, 'src/stdin.ts'));
      symlinkSync('/proc/self/environ', path.join(root, 'src/env.ts'));
      execFileSync('mkfifo', [path.join(root, 'src/fifo.ts')]);
      const ts = language(root);
      const started = Date.now();
      const outcome = await ts.check(
        [
          {
            path: 'src/a.ts',
            after: "import { key } from './leak';\nexport const k: string = key;\n",
          },
        ],
        signal(),
      );
      const whole = await ts.project(signal());
      expect(Date.now() - started).toBeLessThan(60_000);
      const text = JSON.stringify([outcome, whole]);
      expect(text).not.toContain('root:x:0:0');
      expect(outcome.reason).toContain(
        'src/leak.ts (it is a symlink that leads outside the project)',
      );
      expect(outcome.reason).toMatch(
        /src\/zero\.ts \(it leads to \/dev\/zero, a device or system file\)/,
      );
      // Inside the confinement /dev/stdin is a pipe: it cannot be resolved to a file at all.
      expect(outcome.reason).toMatch(
        /src\/stdin\.ts \(it (leads to \/(proc|dev)\/[^)]*a device or system file|is a symlink whose target cannot be resolved)/,
      );
      expect(outcome.reason).toMatch(
        /src\/env\.ts \(it leads to \/proc\/\d+\/environ, a device or system file\)/,
      );
      expect(outcome.reason).toContain(
        'src/fifo.ts (it is not a regular file (a device, FIFO or socket))',
      );
      expect(ts.memoryBytes()).toBeLessThan(1024 * 1024 * 1024);
    },
    LONG,
  );

  it(
    'configuration - references in a cycle: not checked in TypeScript’s words, never "no errors" (checkChange and project)',
    async () => {
      const root = project({
        'tsconfig.json': JSON.stringify({
          files: [],
          references: [{ path: './a' }, { path: './b' }],
        }),
        'a/tsconfig.json': JSON.stringify({
          compilerOptions: { composite: true, strict: true },
          references: [{ path: '../b' }],
        }),
        'b/tsconfig.json': JSON.stringify({
          compilerOptions: { composite: true, strict: true },
          references: [{ path: '../a' }],
        }),
        'a/x.ts': 'export const x = 1;\n',
        'b/y.ts': "import { x } from '../a/x';\nexport const y = x;\n",
      });
      const ts = language(root);
      const outcome = await ts.check(
        [{ path: 'a/x.ts', after: 'export const x = 1;\nconst b: string = 42;\n' }],
        signal(),
      );
      expect(outcome.state).toBe('not_checked');
      expect(outcome.state === 'not_checked' && outcome.reason).toMatch(
        /^TS6202: .*Project references may not form a circular graph\. Cycle detected: /,
      );
      const whole = await ts.project(signal());
      expect(whole?.state).toBe('not_checked');
      expect(whole?.reason).toContain('TS6202');
    },
    LONG,
  );

  it(
    'configuration - a referenced project that is not composite (TS6306) and a tsconfig that does not parse are not checked',
    async () => {
      const root = project({
        'tsconfig.json': JSON.stringify({
          compilerOptions: { strict: true },
          include: ['src'],
          references: [{ path: './lib' }],
        }),
        'lib/tsconfig.json': JSON.stringify({ compilerOptions: { strict: true } }),
        'lib/l.ts': 'export const l = 1;\n',
        'src/a.ts': 'export const a = 1;\n',
        'broken/tsconfig.json': '{ "compilerOptions": { "strict": tru',
        'broken/b.ts': 'export const b = 1;\n',
      });
      const ts = language(root);
      const composite = await ts.check(
        [{ path: 'src/a.ts', after: 'const b: string = 42;\n' }],
        signal(),
      );
      expect(composite.state === 'not_checked' && composite.reason).toMatch(/^TS6306: /);
      const broken = await ts.check(
        [{ path: 'broken/b.ts', after: 'const b: string = 42;\n' }],
        signal(),
      );
      expect(broken.state).toBe('not_checked');
      expect(broken.state === 'not_checked' && broken.reason).toMatch(
        /^TS1\d{3}: broken\/tsconfig\.json: /,
      );
    },
    LONG,
  );

  it(
    'configuration - a plain project records `const b: string = 42` in a created file',
    async () => {
      const root = project({ 'tsconfig.json': STRICT_TSCONFIG, 'src/a.ts': 'export {};\n' });
      const outcome = await language(root).check(
        [{ path: 'src/b.ts', after: 'const b: string = 42;\n' }],
        signal(),
      );
      expect(introduced(outcome)).toEqual(['src/b.ts:1 TS2322']);
    },
    LONG,
  );

  it.each([
    ['Sluice’s TypeScript 7', null],
    ['the project’s TypeScript 6', realTypescript],
  ] as const)(
    'warm (%s) - the disk side is prepared before any proposal; later proposals and a revision build no new disk program',
    async (_compiler, own) => {
      const files: Record<string, string> = { 'tsconfig.json': STRICT_TSCONFIG };
      for (let i = 0; i < 20; i++)
        files[`src/m${i}.ts`] =
          `export function f${i}(n: number): number {\n  return n + ${i};\n}\n`;
      files['src/use.ts'] = "import { f1 } from './m1';\nexport const u: number = f1(2);\n";
      const root = project(files);
      if (own) {
        mkdirSync(path.join(root, 'node_modules'));
        symlinkSync(own, path.join(root, 'node_modules', 'typescript'));
      }
      const ts = language(root);
      void ts.warm?.();
      // stats() reflects the last answer; memoryBytes() asks for a fresh one.
      await until(() => {
        void ts.memoryBytes();
        return ts.stats()?.prepared === true && ts.stats()?.preparedFiles === 21;
      });
      const first = await ts.check(
        [{ path: 'src/m1.ts', after: 'export function f1(n: string): number {\n  return 1;\n}\n' }],
        signal(),
      );
      expect(introduced(first)).toEqual(['src/use.ts:2 TS2345']);
      const second = await ts.check(
        [{ path: 'src/m2.ts', after: 'export function f2(n: number): number {\n  return n;\n}\n' }],
        signal(),
      );
      expect(introduced(second)).toEqual([]);
      const revision = await ts.check(
        [{ path: 'src/m2.ts', after: 'export function f2(n: number): number {\n  return n;\n}\n' }],
        signal(),
      );
      expect(introduced(revision)).toEqual([]);
      expect(ts.stats()).toMatchObject({ diskPrograms: 1, overlayPrograms: 2 });
      // A disk change is seen: one more disk program, and the stale answer is not reused.
      writeFiles(root, {
        'src/use.ts': "import { f1 } from './m1';\nexport const u: string = f1(2);\n",
      });
      const afterDisk = await ts.check(
        [
          {
            path: 'src/m1.ts',
            after: 'export function f1(n: number): string {\n  return "";\n}\n',
          },
        ],
        signal(),
      );
      expect(introduced(afterDisk)).toEqual([]);
      expect(ts.stats()?.diskPrograms).toBe(2);
    },
    LONG,
  );
});
