import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  createModuleResolver,
  type ModuleResolver,
} from '../../../../src/main/core/index/module-resolver';
import { makeProject, type TestProject } from './index-test-project';

const FILES: Record<string, string> = {
  'package.json': JSON.stringify({
    name: 'root',
    private: true,
    workspaces: ['packages/*', 'apps/web'],
  }),
  'node_modules/@acme/tsconfig/base.json': JSON.stringify({
    compilerOptions: { baseUrl: '../../..', paths: { '@app/*': ['src/app/*'] } },
  }),
  'node_modules/@acme/tsconfig/package.json': JSON.stringify({ name: '@acme/tsconfig' }),
  'tsconfig.base.json': JSON.stringify({ extends: '@acme/tsconfig/base.json' }),
  'tsconfig.json': JSON.stringify({
    extends: './tsconfig.base.json',
    compilerOptions: {
      paths: {
        '@app/*': ['src/app/*'],
        '~lib': ['src/lib/index.ts'],
        '@multi/*': ['src/missing/*', 'src/lib/*'],
      },
    },
  }),
  'src/a.ts': 'export const a = 1;',
  'src/comp.tsx': 'export const C = 1;',
  'src/m.mts': 'export const m = 1;',
  'src/c.cts': 'export const c = 1;',
  'src/dir/index.ts': 'export const d = 1;',
  'src/decl.d.ts': 'export declare const decl: number;',
  'src/legacy.js': 'export const legacy = 1;',
  'src/app/router.ts': 'export const router = 1;',
  'src/lib/index.ts': 'export const lib = 1;',
  'src/lib/extra.ts': 'export const extra = 1;',
  'src/from-root.ts': 'export const r = 1;',
  'packages/ui/package.json': JSON.stringify({
    name: '@acme/ui',
    main: 'dist/index.js',
    types: 'dist/index.d.ts',
  }),
  'packages/ui/src/index.ts': 'export const Button = 1;',
  'packages/ui/src/forms/input.ts': 'export const Input = 1;',
  'packages/core/package.json': JSON.stringify({
    name: '@acme/core',
    exports: {
      '.': { types: './src/main.ts', default: './dist/main.js' },
      './sub/*': './src/sub/*.ts',
    },
  }),
  'packages/core/src/main.ts': 'export const core = 1;',
  'packages/core/src/sub/deep.ts': 'export const deep = 1;',
  'apps/web/package.json': JSON.stringify({ name: 'web', source: 'app/entry.ts' }),
  'apps/web/app/entry.ts': 'export const entry = 1;',
  'apps/web/tsconfig.json': JSON.stringify({
    compilerOptions: { baseUrl: '.', paths: { '#/*': ['app/*'] } },
  }),
  'apps/web/app/page.ts': 'export const page = 1;',
  'packages/ui/src/pkg-dir/package.json': JSON.stringify({ types: 'types.d.ts' }),
  'packages/ui/src/pkg-dir/types.d.ts': 'export type T = 1;',
};

let project: TestProject;
let resolver: ModuleResolver;

beforeAll(async () => {
  project = await makeProject(FILES);
  const files = Object.keys(FILES).filter(
    (f) => /\.(ts|tsx|mts|cts|js)$/.test(f) && !f.startsWith('node_modules'),
  );
  const folders = new Set<string>();
  for (const f of files)
    for (let d = path.posix.dirname(f); d !== '.'; d = path.posix.dirname(d)) folders.add(d);
  resolver = createModuleResolver({
    root: project.dir,
    files: new Set(files),
    folders,
    readText: (relative) => {
      const file = path.join(project.dir, relative);
      return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    },
    fileExists: existsSync,
  });
});
afterAll(() => project.cleanup());

describe('createModuleResolver', () => {
  it('maps .js/.mjs/.cjs specifiers to their TypeScript sources', () => {
    expect(resolver.resolve('src/x.ts', './a.js')).toBe('src/a.ts');
    expect(resolver.resolve('src/x.ts', './comp.js')).toBe('src/comp.tsx');
    expect(resolver.resolve('src/x.ts', './m.mjs')).toBe('src/m.mts');
    expect(resolver.resolve('src/x.ts', './c.cjs')).toBe('src/c.cts');
    expect(resolver.resolve('src/x.ts', './legacy.js')).toBe('src/legacy.js');
  });

  it('resolves extensionless paths, folder index files and .d.ts', () => {
    expect(resolver.resolve('src/x.ts', './a')).toBe('src/a.ts');
    expect(resolver.resolve('src/x.ts', './dir')).toBe('src/dir/index.ts');
    expect(resolver.resolve('src/dir/index.ts', '..')).toBe(undefined);
    expect(resolver.resolve('src/dir/index.ts', '../decl')).toBe('src/decl.d.ts');
    expect(resolver.resolve('packages/ui/src/index.ts', './pkg-dir')).toBe(
      'packages/ui/src/pkg-dir/types.d.ts',
    );
  });

  it('applies paths and baseUrl from tsconfig extends chains - including a config from a package', () => {
    expect(resolver.resolve('src/x.ts', '@app/router')).toBe('src/app/router.ts');
    expect(resolver.resolve('src/x.ts', '~lib')).toBe('src/lib/index.ts');
    expect(resolver.resolve('src/x.ts', '@multi/extra')).toBe('src/lib/extra.ts');
    // baseUrl '../../..' from node_modules/@acme/tsconfig is the project root
    expect(resolver.resolve('src/x.ts', 'src/from-root')).toBe('src/from-root.ts');
  });

  it('uses the nearest config of the importing file', () => {
    expect(resolver.resolve('apps/web/app/entry.ts', '#/page')).toBe('apps/web/app/page.ts');
    expect(resolver.resolve('src/x.ts', '#/page')).toBe(undefined);
  });

  it('resolves workspace packages to their source - main, exports subpaths, source field', () => {
    expect(resolver.resolve('src/x.ts', '@acme/ui')).toBe('packages/ui/src/index.ts');
    expect(resolver.resolve('src/x.ts', '@acme/ui/forms/input')).toBe(
      'packages/ui/src/forms/input.ts',
    );
    expect(resolver.resolve('src/x.ts', '@acme/core')).toBe('packages/core/src/main.ts');
    expect(resolver.resolve('src/x.ts', '@acme/core/sub/deep')).toBe(
      'packages/core/src/sub/deep.ts',
    );
    expect(resolver.resolve('src/x.ts', 'web')).toBe('apps/web/app/entry.ts');
  });

  it('leaves packages, builtins and missing files unresolved (external)', () => {
    expect(resolver.resolve('src/x.ts', 'react')).toBe(undefined);
    expect(resolver.resolve('src/x.ts', 'node:fs')).toBe(undefined);
    expect(resolver.resolve('src/x.ts', './nope')).toBe(undefined);
    expect(resolver.resolve('src/x.ts', '../../outside')).toBe(undefined);
  });
});

describe('paths through TypeScript', () => {
  it("paths - an exact key wins, then the longest prefix; moduleSuffixes and extension rules are tsc's", async () => {
    const files: Record<string, string> = {
      'tsconfig.json': JSON.stringify({
        compilerOptions: {
          baseUrl: '.',
          moduleSuffixes: ['.ios', ''],
          paths: { '*': ['a/*'], '@x/*': ['b/*'], '@x/y': ['c/y.ts'] },
        },
      }),
      'a/q.ts': '',
      'b/z.ts': '',
      'c/y.ts': '',
      'b/y.ts': '',
      'a/only.ios.ts': '',
      'a/only.ts': '',
    };
    const local = await makeProject(files);
    try {
      const sources = Object.keys(files).filter((f) => f.endsWith('.ts'));
      const r = createModuleResolver({
        root: local.dir,
        files: new Set(sources),
        folders: new Set(['a', 'b', 'c']),
        readText: (relative) => files[relative],
        fileExists: existsSync,
      });
      expect(r.resolve('main.ts', '@x/y')).toBe('c/y.ts');
      expect(r.resolve('main.ts', '@x/z')).toBe('b/z.ts');
      expect(r.resolve('main.ts', 'q')).toBe('a/q.ts');
      // moduleSuffixes is applied by TypeScript itself: a hand-made matcher never knew it.
      expect(r.resolve('main.ts', 'only')).toBe('a/only.ios.ts');
    } finally {
      local.cleanup();
    }
  });
});
