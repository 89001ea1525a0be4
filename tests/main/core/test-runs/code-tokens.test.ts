import { afterEach, describe, expect, it } from 'vitest';
import {
  changesKeepCodeTokens,
  KEEPS_CODE_TOKENS_REASON,
  keepsCodeTokens,
} from '../../../../src/main/core/test-runs/code-tokens';
import { createTestRunService } from '../../../../src/main/core/test-runs/test-run-service';
import { testVerdictLine } from '../../../../src/shared/test-verdict-text';
import { tempProject, type TempProject } from './test-run-projects';

const keeps = (path: string, before: string, after: string): boolean =>
  keepsCodeTokens({ path, before, after });

const PY = [
  '"""Carts."""',
  'import math',
  '',
  'def total(items, rate=0.2):',
  '    """The sum, taxed."""',
  '    s = sum(p * q for p, q in items)',
  '    return math.ceil(s * (1 + rate))',
  '',
].join('\n');

describe('python code tokens', () => {
  it('keepsCodeTokens - comments, blank lines, spacing and line joins keep every token', () => {
    expect(keeps('a.py', PY, `# Carts and totals.\n${PY}`)).toBe(true);
    expect(keeps('a.py', PY, PY.replace('import math\n', 'import math\n\n\n'))).toBe(true);
    expect(keeps('a.py', PY, PY.replace('p * q', 'p*q').replace('(1 + rate)', '( 1+rate )'))).toBe(
      true,
    );
    expect(keeps('a.py', PY, PY.replace('s = sum(', 's = sum(  # the goods\n        '))).toBe(true);
    expect(keeps('a.py', PY, PY.replace('return math', 'return \\\n        math'))).toBe(true);
    expect(keeps('a.py', PY, PY.replace('rate=0.2):', 'rate=0.2):   '))).toBe(true);
    expect(keeps('a.py', PY, PY.replace(/\n/gu, '\r\n'))).toBe(true);
  });

  it('keepsCodeTokens - a docstring, a string, an operator, indentation or a name is a change', () => {
    expect(keeps('a.py', PY, PY.replace('The sum, taxed.', 'The sum,  taxed.'))).toBe(false);
    expect(keeps('a.py', PY, PY.replace('"""Carts."""', '"""Carts!"""'))).toBe(false);
    expect(keeps('a.py', PY, PY.replace('p * q', 'p ** q'))).toBe(false);
    expect(keeps('a.py', PY, PY.replace('0.2', '0.25'))).toBe(false);
    expect(keeps('a.py', PY, PY.replace('    return', '  return'))).toBe(false);
    // Spacing that the interpreter reads: names, numbers and operators joined or split.
    expect(keeps('a.py', 'x = a if b else c\n', 'x = a if belse c\n')).toBe(false);
    expect(keeps('a.py', 'x = 1 .real\n', 'x = 1.real\n')).toBe(false);
    expect(keeps('a.py', 'x = a ** b\n', 'x = a * * b\n')).toBe(false);
    expect(keeps('a.py', 'x = r"\\d"\n', 'x = r "\\d"\n')).toBe(false);
    // A "#" inside a string is text.
    expect(keeps('a.py', 'x = "a # b"\n', 'x = "a"\n')).toBe(false);
    // The encoding declaration changes how the file is read.
    expect(keeps('a.py', 'x = "é"\n', '# -*- coding: latin-1 -*-\nx = "é"\n')).toBe(false);
    // An unclosed string cannot be read: the tests decide.
    expect(keeps('a.py', 'x = "a\n', 'x = "a\n# note\n')).toBe(false);
  });
});

const JS = [
  "import { f } from './f.js';",
  '/** Adds one. */',
  'export function g(x) {',
  '  const re = /a b/u;',
  '  return f(x) + `${x} `.length + 1;',
  '}',
  '',
].join('\n');

describe('javascript and typescript code tokens', () => {
  it('keepsCodeTokens - comments, JSDoc and spacing inside a line keep every token', () => {
    expect(keeps('src/g.js', JS, `// g.\n${JS}`)).toBe(true);
    expect(keeps('src/g.js', JS, JS.replace('/** Adds one. */', '/** Adds one, always. */'))).toBe(
      true,
    );
    expect(keeps('src/g.js', JS, JS.replace('f(x) + ', 'f( x )+'))).toBe(true);
    expect(keeps('src/g.ts', 'let a: number = 1;\n', 'let a : number=1; // one\n')).toBe(true);
    expect(keeps('src/g.tsx', 'const a = <b c="d" />;\n', 'const a = <b  c="d"/>;\n')).toBe(true);
  });

  it('keepsCodeTokens - a line break that ends a statement, a regex, a template or a runner comment is a change', () => {
    expect(keeps('a.js', 'function f() { return 1; }\n', 'function f() { return\n1; }\n')).toBe(
      false,
    );
    expect(keeps('src/g.js', JS, JS.replace('/a b/u', '/a  b/u'))).toBe(false);
    expect(keeps('src/g.js', JS, JS.replace('`${x} `', '`${x}`'))).toBe(false);
    expect(keeps('a.test.js', 'test();\n', '// @vitest-environment jsdom\ntest();\n')).toBe(false);
    expect(keeps('a.test.js', 'test();\n', '/** @jest-environment jsdom */\ntest();\n')).toBe(
      false,
    );
    expect(keeps('a.jsx', 'x;\n', '/** @jsx h */\nx;\n')).toBe(false);
    expect(keeps('a.js', 'const a = 1;\n', 'const a = 1;;\n')).toBe(false);
    // A text that does not parse: the tests decide.
    expect(keeps('a.js', 'const a = (;\n', '// x\nconst a = (;\n')).toBe(false);
  });

  it('keepsCodeTokens - other files, new files and unknown bases are changes', () => {
    expect(keeps('README.md', '# A\n', '# A\n\n')).toBe(false);
    expect(keeps('data.json', '{"a":1}', '{ "a": 1 }')).toBe(false);
    expect(keepsCodeTokens({ path: 'a.py', before: null, after: '# x\n' })).toBe(false);
    expect(keepsCodeTokens({ path: 'a.py', after: '# x\n' })).toBe(false);
    expect(keepsCodeTokens({ path: 'notes.txt', before: 'a', after: 'a' })).toBe(true);
    expect(changesKeepCodeTokens([])).toBe(false);
  });
});

const GO = [
  'package num',
  '',
  'import "strconv"',
  '',
  '// Ordinal gives 1st, 2nd.',
  'func Ordinal(x int) string {',
  '\tsuffix := "th"',
  '\tif x%10 == 1 {',
  '\t\tsuffix = "st"',
  '\t}',
  '\treturn strconv.Itoa(x) + suffix',
  '}',
  '',
].join('\n');

describe('go code tokens', () => {
  it('keepsCodeTokens - comments, blank lines and spacing inside a line keep every token', () => {
    expect(keeps('num.go', GO, `// Package num.\n${GO}`)).toBe(true);
    expect(
      keeps('num.go', GO, GO.replace('suffix := "th"', 'suffix  :=  "th" // default\n\n')),
    ).toBe(true);
    expect(keeps('num.go', GO, GO.replace('x%10 == 1', 'x % 10==1 /* ones */'))).toBe(true);
  });

  it('keepsCodeTokens - a line break, a literal, an operator, a directive or an example output is a change', () => {
    expect(keeps('num.go', GO, GO.replace('return strconv', 'return\n\tstrconv'))).toBe(false);
    expect(keeps('num.go', GO, GO.replace('"th"', '"th "'))).toBe(false);
    expect(keeps('num.go', 'var a = b &^ c\n', 'var a = b & ^c\n')).toBe(false);
    expect(keeps('num.go', GO, `//go:build linux\n\n${GO}`)).toBe(false);
    expect(
      keeps(
        'num_test.go',
        'func ExampleA() {\n\tA()\n\t// Output: 1\n}\n',
        'func ExampleA() {\n\tA()\n\t// Output: 2\n}\n',
      ),
    ).toBe(false);
    expect(keeps('num.go', 'var s = `a`\n', 'var s = `a \n`\n')).toBe(false);
    expect(
      keeps(
        'c.go',
        'package c\n\n// #include <x.h>\nimport "C"\n',
        'package c\n\n// #include <y.h>\nimport "C"\n',
      ),
    ).toBe(false);
    expect(keeps('num.go', 'var s = "a\n', '// x\nvar s = "a\n')).toBe(false);
  });
});

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

describe('a verdict for a change that keeps every code token', () => {
  const files = {
    'package.json': JSON.stringify({ name: 'shop', scripts: { test: 'node --test' } }),
    'src/price.js': 'export const price = (n) => n * 2;\n',
    'test/price.test.js':
      "import test from 'node:test';\nimport { price } from '../src/price.js';\ntest('price', () => {});\n",
    'src/other.js': 'export const other = 1;\n',
    'test/other.test.js':
      "import test from 'node:test';\nimport { other } from '../src/other.js';\ntest('other', () => {});\n",
  };

  it('test verdict - a comment edit runs no test and says so; a code edit is selected and run', async () => {
    project = tempProject(files);
    // No sandbox: anything that would run says "not run"; a token-keeping change runs nothing.
    const service = createTestRunService({
      root: project.root,
      home: project.home,
      sandbox: { available: false, detail: 'none here' },
    });
    const before = files['src/price.js'];
    const comment = await service.verdict({
      changes: [{ path: 'src/price.js', before, after: `// Twice the count.\n${before}` }],
    });
    expect(comment.state).toBe('passed');
    expect(comment.reason).toBe(KEEPS_CODE_TOKENS_REASON);
    expect(comment.selection).toBeUndefined();
    expect(testVerdictLine(comment)).toBe('Tests: no test run: the change keeps every code token');
    const code = await service.verdict({
      changes: [{ path: 'src/price.js', before, after: before.replace('* 2', '* 3') }],
    });
    expect(code.state).toBe('not_run');
    expect(code.reason).toMatch(/no sandbox/u);
    expect(code.selection?.targets).toEqual(['test/price.test.js']);
    // Beside a real edit, a comment-only file selects no test of its own.
    const mixed = await service.verdict({
      changes: [
        { path: 'src/price.js', before, after: before.replace('* 2', '* 3') },
        {
          path: 'src/other.js',
          before: files['src/other.js'],
          after: `// One.\n${files['src/other.js']}`,
        },
      ],
    });
    expect(mixed.selection?.targets).toEqual(['test/price.test.js']);
  });

  it('test verdict - a comment in a file no runner handles still has no verdict of its own', async () => {
    project = tempProject({ 'notes.py': 'x = 1\n' });
    const service = createTestRunService({ root: project.root, home: project.home });
    const verdict = await service.verdict({
      changes: [{ path: 'notes.py', before: 'x = 1\n', after: '# one\nx = 1\n' }],
    });
    expect(verdict.state).toBe('not_run');
  });
});
