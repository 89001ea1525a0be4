// The second look at a TypeScript file the line filter kept: an occurrence in an import or
// export list, in a comment, or right after `:` outside a possible binding pattern defines
// nothing, even on a line the filter keeps; destructuring in a variable statement, broken
// over lines, still counts; a file the lexer cannot follow is kept as the lines decided.
import { describe, expect, it } from 'vitest';
import {
  excludedOccurrences,
  fileMayDefine,
  isContextJudged,
} from '../../../../src/main/core/index/quick-definition-context';
import { definitionLineFilter } from '../../../../src/main/core/index/quick-definition-filter';

const lines = definitionLineFilter('URI');
const mayDefine = (text: string): boolean =>
  fileMayDefine(text, 'URI', (line) => lines?.keepLine('a.ts', line) ?? true);

describe('fileMayDefine', () => {
  it.each([
    ['an import list broken over lines', "import {\n  Path,\n  URI,\n} from './uri';\n"],
    ['an import type list', "import type {\n  URI\n} from './uri';\n"],
    ['a default and a list', "import Uri, {\n  URI,\n} from './uri';\n"],
    ['a local export list', 'export {\n  Path,\n  URI\n};\n'],
    ['a parameter list broken over lines', 'function f(\n  uri: URI,\n  path: URI\n) {}\n'],
    ['a member of an interface', 'interface Item {\n  uri: URI\n}\n'],
    ['a type literal in a generic', 'const list: Array<{ uri: URI, stem: string }> = [];\n'],
    ['an object literal value', 'const options = {\n  uri: URI,\n};\n'],
    ['a comment', '/**\n * Made from a {@link URI}.\n */\nexport const x = 1;\n'],
  ])('%s - defines nothing', (_what, text) => {
    expect(lines?.keepLine('a.ts', text.split('\n').find((l) => /\bURI\b/.test(l)) ?? '')).toBe(
      true,
    );
    expect(mayDefine(text)).toBe(false);
  });

  it.each([
    ['a destructuring broken over lines', 'const {\n  uri: URI,\n} = modules;\n'],
    ['a nested pattern', 'export const {\n  a: {\n    b: URI\n  }\n} = modules;\n'],
    ['a later declarator', 'let a = 1,\n  { b: URI } = modules;\n'],
    ['an export alias broken over lines', 'export {\n  Local as URI\n};\n'],
    ['a class', 'import {\n  URI\n} from "./u";\nexport class URI {}\n'],
    ['a string-named member', "class A {\n  'URI'(): void {}\n}\n"],
  ])('%s - may define', (_what, text) => {
    expect(mayDefine(text)).toBe(true);
  });

  it.each([
    ['a slash after a parenthesis', 'if (x) /re/.test(s);\nfunction f(\n  uri: URI\n) {}\n'],
    ['an unclosed bracket', 'function f(\n  uri: URI\n'],
    ['an unclosed comment', 'function f(\n  uri: URI\n) {} /* and'],
  ])('%s - the lexer is unsure and the lines decide', (_what, text) => {
    expect(excludedOccurrences(text, 'URI')).toBeUndefined();
    expect(mayDefine(text)).toBe(true);
  });

  it('strings, templates and regular expressions - followed to their end', () => {
    const text = [
      "const s = '(', t = `{ ${'('} ${[1].map((x) => `)`)} `, r = /[(/]\\//;",
      'function f(',
      '  uri: URI',
      ') {}',
    ].join('\n');
    expect(excludedOccurrences(text, 'URI')?.size).toBe(1);
  });
});

describe('isContextJudged', () => {
  it.each([
    ['a.ts', true],
    ['a.d.ts', true],
    ['a.mts', true],
    ['a.CTS', true],
    ['a.tsx', false],
    ['a.js', false],
    ['a.py', false],
  ])('%s - %s', (file, judged) => {
    expect(isContextJudged(file)).toBe(judged);
  });
});
