// Manifests read by their grammar (issue 23 item 5). go.mod: the cases of golang.org/x/mod's
// modfile TestModulePath (modfile/read_test.go, BSD licence), input and expected path as
// there ("" there is undefined here), plus the block form. Cargo.toml and pyproject.toml:
// ordinary files the old regexes broke on.
import { describe, expect, it } from 'vitest';
import { goModulePath, goUnquote } from '../../../../../src/main/core/index/languages/go/go-mod';
import { cargoPackageName } from '../../../../../src/main/core/index/languages/rust/rust-resolver';
import { pyprojectRoots } from '../../../../../src/main/core/index/languages/python/python-resolver';
import { createLanguageResolvers } from '../../../../../src/main/core/index/languages/module-resolvers';

const X_MOD_CASES: readonly [string, string][] = [
  ['module "github.com/rsc/vgotest"', 'github.com/rsc/vgotest'],
  ['module github.com/rsc/vgotest', 'github.com/rsc/vgotest'],
  ['module  "github.com/rsc/vgotest"', 'github.com/rsc/vgotest'],
  ['module  github.com/rsc/vgotest', 'github.com/rsc/vgotest'],
  ['module `github.com/rsc/vgotest`', 'github.com/rsc/vgotest'],
  ['module "github.com/rsc/vgotest/v2"', 'github.com/rsc/vgotest/v2'],
  ['module github.com/rsc/vgotest/v2', 'github.com/rsc/vgotest/v2'],
  ['module "gopkg.in/yaml.v2"', 'gopkg.in/yaml.v2'],
  ['module gopkg.in/yaml.v2', 'gopkg.in/yaml.v2'],
  ['module "gopkg.in/check.v1"\n', 'gopkg.in/check.v1'],
  ['module "gopkg.in/check.v1\n"', ''],
  ['module gopkg.in/check.v1\n', 'gopkg.in/check.v1'],
  ['module "gopkg.in/check.v1"\r\n', 'gopkg.in/check.v1'],
  ['module gopkg.in/check.v1\r\n', 'gopkg.in/check.v1'],
  ['module "gopkg.in/check.v1"\n\n', 'gopkg.in/check.v1'],
  ['module gopkg.in/check.v1\n\n', 'gopkg.in/check.v1'],
  ['module \n"gopkg.in/check.v1"\n\n', ''],
  ['module \ngopkg.in/check.v1\n\n', ''],
  ['module "gopkg.in/check.v1"asd', ''],
  ['module  \nmodule a/b/c ', 'a/b/c'],
  ['module "   "', '   '],
  ['module   ', ''],
  ['module "  a/b/c  "', '  a/b/c  '],
  ['module "github.com/rsc/vgotest1" // with a comment', 'github.com/rsc/vgotest1'],
];

function resolversFor(files: string[], texts: Record<string, string>) {
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

describe('go.mod', () => {
  it.each(X_MOD_CASES)('goModulePath - x/mod case %j reads %j', (input, expected) => {
    expect(goModulePath(input)).toBe(expected === '' ? undefined : expected);
  });

  it('goModulePath - a trailing comment, the block form, and a module directive later in the file', () => {
    expect(goModulePath('module example.com/x // comment\n')).toBe('example.com/x');
    expect(goModulePath('// header\nmodule (\n\texample.com/block // c\n)\n')).toBe(
      'example.com/block',
    );
    expect(goModulePath('module (\n\ta b\n)\n')).toBeUndefined();
    expect(goModulePath('go 1.21\nmodulex y\nmodule z/w\n')).toBe('z/w');
  });

  it('goUnquote - Go escapes decode, a malformed literal is none', () => {
    expect(goUnquote('"a\\x41\\u00e9\\101\\"b"')).toBe('aAéA"b');
    expect(goUnquote('`raw\\n`')).toBe('raw\\n');
    expect(goUnquote('"bad\\q"')).toBeUndefined();
    expect(goUnquote('"open')).toBeUndefined();
  });

  it('go resolver - a commented module line still finds its packages', () => {
    const resolve = resolversFor(['cmd/main.go', 'lib/x.go'], {
      'go.mod': 'module example.com/x // the app\n\ngo 1.21\n',
    });
    expect(resolve('cmd/main.go', 'example.com/x/lib')).toBe('lib/');
  });
});

describe('Cargo.toml', () => {
  it('cargoPackageName - a multi-line authors array before name, [lib] name wins, invalid TOML is none', () => {
    const text =
      '[package]\nauthors = [\n  "A [at] example",\n  "B",\n]\nname = "my-crate"\nversion = "1.0.0"\n';
    expect(cargoPackageName(text)).toBe('my-crate');
    expect(cargoPackageName('[package]\nname = "pkg"\n[lib]\nname = "renamed"\n')).toBe('renamed');
    expect(cargoPackageName("[package]\nname = 'single'\n")).toBe('single');
    expect(cargoPackageName('[package\nname = "x"\n')).toBeUndefined();
  });

  it('rust resolver - `use` of a crate whose Cargo.toml lists authors before name resolves', () => {
    const resolve = resolversFor(['core/src/lib.rs', 'core/src/money.rs', 'app/src/main.rs'], {
      'core/Cargo.toml': '[package]\nauthors = ["[x]"]\nname = "shop-core"\n',
      'app/Cargo.toml': '[package]\nname = "app"\n',
      'Cargo.toml': '[workspace]\nmembers = ["core", "app"]\n',
    });
    expect(resolve('app/src/main.rs', 'shop_core::money')).toBe('core/src/money.rs');
  });
});

describe('pyproject.toml', () => {
  it('pyprojectRoots - multi-line arrays, inline tables, comments; strings elsewhere are not roots', () => {
    const text = `
[project]
name = "x"
description = "where = [\\"nope\\"] from = \\"nope\\""

[tool.setuptools.packages.find]
where = [
  "lib", # the library
]

[tool.poetry]
packages = [
  { include = "app", from = "code" },
]

[tool.pyright]
executionEnvironments = [{ root = "svc", extraPaths = ["shared"] }]
`;
    expect(pyprojectRoots(text).sort()).toEqual(['code', 'lib', 'shared']);
    expect(pyprojectRoots('not toml = = =')).toEqual([]);
  });
});
