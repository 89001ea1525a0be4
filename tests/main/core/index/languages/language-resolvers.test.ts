import { describe, expect, it } from 'vitest';
import { createLanguageResolvers } from '../../../../../src/main/core/index/languages/module-resolvers';
import { pyprojectRoots } from '../../../../../src/main/core/index/languages/python/python-resolver';
import { goModulePath } from '../../../../../src/main/core/index/languages/go/go-mod';
import { goPackageName } from '../../../../../src/main/core/index/languages/go/go-language';
import { cargoPackageName } from '../../../../../src/main/core/index/languages/rust/rust-resolver';
import { extractFile } from '../../../../../src/main/core/index/extract-file';
import { prepareGrammarsFor } from '../../../../../src/main/core/index/languages/tree-sitter-runtime';

function resolversFor(files: string[], texts: Record<string, string> = {}) {
  const folders = new Set<string>();
  for (const file of files)
    for (let at = file.lastIndexOf('/'); at > 0; at = file.lastIndexOf('/', at - 1))
      folders.add(file.slice(0, at));
  return createLanguageResolvers({
    files: new Set(files),
    folders,
    readText: (relative) => texts[relative],
  });
}

describe('language config readers', () => {
  it('pyprojectRoots - setuptools where, package-dir, poetry from and pyright extraPaths', () => {
    const text = `
[tool.setuptools.packages.find]
where = ["lib"]
[tool.setuptools]
package-dir = {"" = "./source/"}
[tool.poetry]
packages = [{ include = "app", from = "code" }]
[tool.pyright]
extraPaths = ['vendor', "third/party"]
`;
    expect(pyprojectRoots(text).sort()).toEqual(['code', 'lib', 'source', 'third/party', 'vendor']);
    expect(pyprojectRoots('[project]\nname = "x"\n')).toEqual([]);
  });

  it('goModulePath and goPackageName - module line, quoted paths, major-version suffixes', () => {
    expect(goModulePath('// comment\nmodule github.com/a/b\n\ngo 1.21\n')).toBe('github.com/a/b');
    expect(goModulePath('module "example.com/q"\n')).toBe('example.com/q');
    expect(goModulePath('go 1.21\n')).toBeUndefined();
    expect(goPackageName('github.com/a/yaml/v3')).toBe('yaml');
    expect(goPackageName('gopkg.in/yaml.v2')).toBe('yaml');
    expect(goPackageName('github.com/mattn/go-sqlite3')).toBe('sqlite3');
  });

  it('cargoPackageName - the [package] name, not a dependency name', () => {
    const text =
      '[dependencies]\nname = "wrong"\n\n[package]\nname = "my-crate"\nversion = "1.0.0"\n';
    expect(cargoPackageName(text)).toBe('my-crate');
    expect(cargoPackageName('[workspace]\nmembers = []\n')).toBeUndefined();
  });
});

describe('language resolvers', () => {
  it('language resolvers - TypeScript files are not theirs (null), unknown imports are external', () => {
    const resolve = resolversFor(['a.ts', 'pkg/__init__.py', 'pkg/m.py', 'main.py']);
    expect(resolve('a.ts', './b')).toBeNull();
    expect(resolve('main.py', 'pkg.m')).toBe('pkg/m.py');
    expect(resolve('main.py', 'numpy')).toBeUndefined();
    expect(resolve('pkg/m.py', '...too.high')).toBeUndefined();
  });

  it('language resolvers - a Go import of a folder without Go files stays external', () => {
    const resolve = resolversFor(['cmd/main.go', 'lib/x.go', 'docs/readme.py'], {
      'go.mod': 'module example.com/app\n',
    });
    expect(resolve('cmd/main.go', 'example.com/app/lib')).toBe('lib/');
    expect(resolve('cmd/main.go', 'example.com/app/docs')).toBeUndefined();
    expect(resolve('cmd/main.go', 'example.com/application/lib')).toBeUndefined();
  });

  it('language resolvers - a Rust file without Cargo.toml is its own crate root', () => {
    const resolve = resolversFor(['tool/main.rs', 'tool/cli.rs', 'tool/cli/args.rs']);
    expect(resolve('tool/main.rs', 'self::cli')).toBe('tool/cli.rs');
    expect(resolve('tool/cli.rs', 'self::args')).toBe('tool/cli/args.rs');
    expect(resolve('tool/cli/args.rs', 'super')).toBe('tool/cli.rs');
    expect(resolve('tool/main.rs', 'serde::Serialize')).toBeUndefined();
  });

  it('language resolvers - Java picks the candidate nearest the importing file', () => {
    const resolve = resolversFor([
      'a/src/com/x/Util.java',
      'b/src/com/x/Util.java',
      'b/src/com/y/Main.java',
    ]);
    expect(resolve('b/src/com/y/Main.java', 'com.x.Util')).toBe('b/src/com/x/Util.java');
    expect(resolve('b/src/com/y/Main.java', 'com.x.*')).toBe('b/src/com/x/');
    expect(resolve('b/src/com/y/Main.java', 'com.x.Util.Inner')).toBe('b/src/com/x/Util.java');
  });
});

describe('grammar loading', () => {
  it('extractFile - a grammar not loaded on this thread is a parse error that says so, then works once prepared', async () => {
    const before = extractFile('src/A.java', 'class A {}');
    expect(before).toMatchObject({ status: 'parse-error' });
    expect(before.status === 'parse-error' && before.error).toMatch(
      /java grammar could not be loaded/,
    );
    await prepareGrammarsFor(['src/A.java']);
    const after = extractFile('src/A.java', 'class A {}');
    expect(after.status === 'ok' && after.extraction.symbols.map((s) => s.name)).toEqual(['A']);
  });
});
