// The TypeScript checker through the real service: TypeScript's language service in a real
// worker thread over real temp projects.
import { afterEach, describe, expect, it } from 'vitest';
import {
  makeDiagnosticsProject,
  STRICT_TSCONFIG,
  type DiagnosticsProject,
} from '../diagnostics-test-project';
import type { ProposalEvidence } from '../../../../../src/shared/diagnostics';

const LONG = 60_000;
let project: DiagnosticsProject | undefined;

afterEach(async () => {
  await project?.cleanup();
  project = undefined;
});

function open(files: Record<string, string>): DiagnosticsProject {
  project = makeDiagnosticsProject(files);
  return project;
}

const summary = (evidence: ProposalEvidence): string[] =>
  evidence.introduced.map((d) => `${d.path}:${d.line} ${d.code}`);

describe('typescript diagnostics', () => {
  it(
    'checkChange - a renamed export is reported in the importer',
    async () => {
      const { service } = open({
        'tsconfig.json': STRICT_TSCONFIG,
        'src/x.ts': 'export function greet(name: string): string {\n  return name;\n}\n',
        'src/app.ts': "import { greet } from './x';\n\nexport const hello = greet('a');\n",
      });
      const evidence = await service.checkChange(
        [
          {
            path: 'src/x.ts',
            after: 'export function welcome(name: string): string {\n  return name;\n}\n',
          },
        ],
        { deadlineMs: LONG },
      );
      expect(evidence.state).toBe('checked');
      expect(evidence.introduced).toEqual([
        expect.objectContaining({
          path: 'src/app.ts',
          line: 1,
          column: 10,
          code: 'TS2305',
          lineText: "import { greet } from './x';",
          source: 'typescript',
        }),
      ]);
      expect(evidence.introduced[0]?.message).toBe(
        "Module '\"./x\"' has no exported member 'greet'.",
      );
      expect(evidence.fixed).toEqual([]);
      expect(evidence.languages).toEqual([
        expect.objectContaining({ language: 'typescript', state: 'checked', filesChecked: 2 }),
      ]);
      expect(Object.keys(evidence.baseHashes)).toEqual(['src/x.ts']);
      expect(evidence.baseHashes['src/x.ts']).toMatch(/^[0-9a-f]{64}$/);
    },
    LONG,
  );

  it(
    'checkChange - an importer through an export * barrel chain is reported',
    async () => {
      const { service } = open({
        'tsconfig.json': STRICT_TSCONFIG,
        'src/lib/core.ts':
          'export function size(text: string): number {\n  return text.length;\n}\n',
        'src/lib/inner.ts': "export * from './core';\n",
        'src/lib/index.ts': "export * from './inner';\n",
        'src/use.ts': "import { size } from './lib';\n\nexport const n: number = size('abc');\n",
      });
      const evidence = await service.checkChange(
        [
          {
            path: 'src/lib/core.ts',
            after: 'export function size(text: string): string {\n  return text;\n}\n',
          },
        ],
        { deadlineMs: LONG },
      );
      expect(summary(evidence)).toEqual(['src/use.ts:3 TS2322']);
    },
    LONG,
  );

  it(
    'checkChange - a subclass broken by a base-class change is reported, and its importer',
    async () => {
      const { service } = open({
        'tsconfig.json': STRICT_TSCONFIG,
        'src/base.ts': 'export abstract class Shape {\n  abstract area(): number;\n}\n',
        'src/square.ts':
          "import { Shape } from './base';\n\nexport class Square extends Shape {\n  area(): number {\n    return 4;\n  }\n}\n",
        'src/main.ts':
          "import { Square } from './square';\n\nexport const a: number = new Square().area();\n",
      });
      const evidence = await service.checkChange(
        [
          {
            path: 'src/base.ts',
            after:
              'export abstract class Shape {\n  abstract area(): number;\n  abstract name(): string;\n}\n',
          },
        ],
        { deadlineMs: LONG },
      );
      expect(summary(evidence)).toEqual(['src/square.ts:3 TS2515']);
      expect(evidence.languages[0]?.filesChecked).toBe(3);
    },
    LONG,
  );

  it(
    'checkChange - a type that reaches an importer through another module is followed',
    async () => {
      const { service } = open({
        'tsconfig.json': STRICT_TSCONFIG,
        'src/config.ts': 'export interface Config {\n  port: number;\n}\n',
        'src/load.ts':
          "import type { Config } from './config';\n\nexport function load(): Config {\n  return JSON.parse('{}') as Config;\n}\n",
        'src/server.ts':
          "import { load } from './load';\n\nexport const port: number = load().port;\n",
      });
      const evidence = await service.checkChange(
        [{ path: 'src/config.ts', after: 'export interface Config {\n  portNumber: number;\n}\n' }],
        { deadlineMs: LONG },
      );
      expect(summary(evidence)).toEqual(['src/server.ts:3 TS2339']);
    },
    LONG,
  );

  it(
    'checkChange - a solution-style tsconfig: references, extends and paths are honoured',
    async () => {
      const { service } = open({
        'tsconfig.json': JSON.stringify({
          files: [],
          references: [{ path: './tsconfig.app.json' }],
        }),
        'tsconfig.base.json': JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            module: 'ESNext',
            moduleResolution: 'Bundler',
            target: 'ES2022',
            paths: { '@lib/*': ['./lib/*'] },
          },
        }),
        'tsconfig.app.json': JSON.stringify({
          extends: './tsconfig.base.json',
          include: ['app', 'lib'],
        }),
        'lib/money.ts': 'export function cents(n: number): number {\n  return n * 100;\n}\n',
        'app/cart.ts':
          "import { cents } from '@lib/money';\n\nexport const total: number = cents(2);\n",
      });
      const evidence = await service.checkChange(
        [
          {
            path: 'lib/money.ts',
            after: 'export function cents(n: number): string {\n  return String(n * 100);\n}\n',
          },
        ],
        { deadlineMs: LONG },
      );
      expect(summary(evidence)).toEqual(['app/cart.ts:3 TS2322']);
      expect(evidence.languages[0]?.reason).toBeUndefined();
    },
    LONG,
  );

  it(
    'checkChange - a fix is reported as fixed',
    async () => {
      const { service } = open({
        'tsconfig.json': STRICT_TSCONFIG,
        'src/a.ts': "export const n: number = 'text';\n",
      });
      const evidence = await service.checkChange(
        [{ path: 'src/a.ts', after: 'export const n: number = 1;\n' }],
        { deadlineMs: LONG },
      );
      expect(evidence.introduced).toEqual([]);
      expect(evidence.fixed).toEqual([
        expect.objectContaining({ path: 'src/a.ts', line: 1, code: 'TS2322' }),
      ]);
    },
    LONG,
  );

  it(
    'checkChange - an error that moved with inserted lines is not new; a second copy is',
    async () => {
      const before = "export const n: number = 'text';\n";
      const { service } = open({ 'tsconfig.json': STRICT_TSCONFIG, 'src/a.ts': before });
      const moved = await service.checkChange(
        [{ path: 'src/a.ts', after: `// one\n// two\n\n${before}` }],
        { deadlineMs: LONG },
      );
      expect(moved.introduced).toEqual([]);
      expect(moved.fixed).toEqual([]);
      const doubled = await service.checkChange(
        [{ path: 'src/a.ts', after: `${before}export const m: number = 'text';\n` }],
        { deadlineMs: LONG },
      );
      expect(summary(doubled)).toEqual(['src/a.ts:2 TS2322']);
    },
    LONG,
  );

  it(
    'checkChange - a benign edit (comment, formatting, renamed local) introduces nothing and checks one file',
    async () => {
      const { service } = open({
        'tsconfig.json': STRICT_TSCONFIG,
        'src/x.ts':
          'export function twice(n: number): number {\n  const v = n * 2;\n  return v;\n}\n',
        'src/app.ts': "import { twice } from './x';\n\nexport const four = twice(2);\n",
      });
      const evidence = await service.checkChange(
        [
          {
            path: 'src/x.ts',
            after:
              '// Doubles.\nexport function twice( n: number ): number {\n  const doubled = n * 2;\n  return doubled;\n}\n',
          },
        ],
        { deadlineMs: LONG },
      );
      expect(evidence).toMatchObject({ state: 'checked', introduced: [], fixed: [] });
      expect(evidence.languages[0]?.filesChecked).toBe(1);
    },
    LONG,
  );

  it(
    'checkChange - a created file and a deleted file are checked against their importers',
    async () => {
      const { service } = open({
        'tsconfig.json': STRICT_TSCONFIG,
        'src/x.ts': 'export const x = 1;\n',
        'src/app.ts': "import { x } from './x';\n\nexport const y = x + 1;\n",
      });
      const evidence = await service.checkChange(
        [
          { path: 'src/x.ts', after: null },
          { path: 'src/new.ts', after: "import { x } from './x';\nexport const z: string = 1;\n" },
        ],
        { deadlineMs: LONG },
      );
      expect(summary(evidence).sort()).toEqual([
        'src/app.ts:1 TS2307',
        'src/new.ts:1 TS2307',
        'src/new.ts:2 TS2322',
      ]);
    },
    LONG,
  );

  it(
    'checkChange - a deadline of a few ms resolves timed_out, then onLateResult delivers',
    async () => {
      const { service } = open({
        'tsconfig.json': STRICT_TSCONFIG,
        'src/a.ts': 'export const n: number = 1;\n',
      });
      let late: (e: ProposalEvidence) => void = () => undefined;
      const lateResult = new Promise<ProposalEvidence>((resolve) => (late = resolve));
      const evidence = await service.checkChange(
        [{ path: 'src/a.ts', after: "export const n: number = 'x';\n" }],
        { deadlineMs: 5, onLateResult: late },
      );
      expect(evidence.state).toBe('timed_out');
      expect(evidence.reason).toBe('TypeScript: timed out after 5 ms');
      expect(evidence.languages[0]).toMatchObject({
        state: 'timed_out',
        reason: 'timed out after 5 ms',
      });
      const final = await lateResult;
      expect(final.state).toBe('checked');
      expect(summary(final)).toEqual(['src/a.ts:1 TS2322']);
    },
    LONG,
  );

  it(
    'checkChange - an aborted check resolves not_checked and the service keeps working',
    async () => {
      const { service } = open({
        'tsconfig.json': STRICT_TSCONFIG,
        'src/a.ts': 'export const n: number = 1;\n',
      });
      const controller = new AbortController();
      controller.abort();
      const aborted = await service.checkChange(
        [{ path: 'src/a.ts', after: "export const n: number = 'x';\n" }],
        { deadlineMs: LONG, signal: controller.signal },
      );
      expect(aborted.state).toBe('not_checked');
      expect(aborted.languages[0]?.reason).toBe('the check was cancelled');
      const next = await service.checkChange(
        [{ path: 'src/a.ts', after: "export const n: number = 'x';\n" }],
        { deadlineMs: LONG },
      );
      expect(summary(next)).toEqual(['src/a.ts:1 TS2322']);
      expect(service.memory().services).toEqual([
        { language: 'typescript', rssBytes: expect.any(Number) as number },
      ]);
    },
    LONG,
  );

  it(
    'checkChange - a project without tsconfig is checked with defaults, and says so',
    async () => {
      const { service } = open({
        'a.ts': 'export function f(n: number): number {\n  return n;\n}\n',
        'b.ts': "import { f } from './a';\nexport const r = f(1);\n",
      });
      const evidence = await service.checkChange(
        [{ path: 'a.ts', after: 'export function f(n: string): string {\n  return n;\n}\n' }],
        { deadlineMs: LONG },
      );
      expect(evidence.state).toBe('checked');
      expect(summary(evidence)).toEqual(['b.ts:2 TS2345']);
      expect(evidence.languages[0]?.reason).toBe(
        'no tsconfig.json: checked with default compiler options',
      );
    },
    LONG,
  );

  it(
    'checkChange - JavaScript without checkJs is not checked, with the reason; // @ts-check is',
    async () => {
      const { service } = open({
        'package.json': '{"name":"js-only"}',
        'a.js': 'export const n = 1;\n',
      });
      const plain = await service.checkChange(
        [{ path: 'a.js', after: 'export const n = 1;\nn.foo();\n' }],
        { deadlineMs: LONG },
      );
      expect(plain.state).toBe('not_checked');
      expect(plain.languages).toEqual([
        expect.objectContaining({
          language: 'typescript',
          state: 'not_checked',
          reason: 'JavaScript files are not type-checked (no checkJs or // @ts-check)',
        }),
      ]);
      const checked = await service.checkChange(
        [{ path: 'a.js', after: '// @ts-check\nexport const n = 1;\nn.foo();\n' }],
        { deadlineMs: LONG },
      );
      expect(summary(checked)).toEqual(['a.js:3 TS2339']);
    },
    LONG,
  );

  it(
    'projectDiagnostics - lists the current errors of a project',
    async () => {
      const { service } = open({
        'tsconfig.json': STRICT_TSCONFIG,
        'src/a.ts': "export const n: number = 'text';\n",
        'src/b.ts': 'export const ok = 1;\n',
      });
      const result = await service.projectDiagnostics();
      expect(result.diagnostics.map((d) => `${d.path}:${d.line} ${d.code}`)).toEqual([
        'src/a.ts:1 TS2322',
      ]);
      expect(result.languages).toEqual([
        expect.objectContaining({ language: 'typescript', state: 'checked', filesChecked: 2 }),
      ]);
    },
    LONG,
  );

  it(
    'checkChange - a disk change after a check is seen by the next check',
    async () => {
      const p = open({
        'tsconfig.json': STRICT_TSCONFIG,
        'src/a.ts': 'export const n: number = 1;\n',
      });
      const first = await p.service.checkChange(
        [{ path: 'src/a.ts', after: "export const n: number = 'x';\n" }],
        { deadlineMs: LONG },
      );
      expect(summary(first)).toEqual(['src/a.ts:1 TS2322']);
      p.write('src/a.ts', "export const n: number = 'x';\n");
      const second = await p.service.checkChange(
        [{ path: 'src/a.ts', after: 'export const n: number = 1;\n' }],
        { deadlineMs: LONG },
      );
      expect(second.introduced).toEqual([]);
      expect(second.fixed.map((d) => d.code)).toEqual(['TS2322']);
    },
    LONG,
  );
  it(
    'checkChange - a check given a longer deadline than the ceiling in Settings is not stopped at that ceiling',
    async () => {
      // The service's ceiling is never shorter than the deadline; the TypeScript checker's
      // own timer used Settings' ceiling alone, so a bench or `check --timeout` check given
      // minutes was killed at 60 s. A 1 ms ceiling makes that certain here.
      project = makeDiagnosticsProject(
        { 'tsconfig.json': STRICT_TSCONFIG, 'src/a.ts': 'export const a = 1;\n' },
        { settings: { ceilingMs: 1 } },
      );
      const evidence = await project.service.checkChange(
        [{ path: 'src/a.ts', after: 'export const a: string = 1;\n' }],
        { deadlineMs: LONG },
      );
      expect(evidence.state).toBe('checked');
      expect(summary(evidence)).toEqual(['src/a.ts:1 TS2322']);
    },
    LONG * 2,
  );
});
