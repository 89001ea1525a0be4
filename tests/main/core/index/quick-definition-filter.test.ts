// The definition-line filter on single lines: whole-line imports are dropped and nothing
// else that might be code; the ways a frequent name is used are not kept; names the
// patterns cannot take go by the word.
import { describe, expect, it } from 'vitest';
import {
  definitionLineFilter,
  isWholeImportLine,
} from '../../../../src/main/core/index/quick-definition-filter';

describe('isWholeImportLine', () => {
  it.each([
    "import { URI, Path } from '@theia/core/lib/common';",
    'import type { URI } from "./uri"',
    "import Default, { URI } from './uri'; // the URI",
    "import * as URI from 'vscode-uri';",
    "  export { URI } from './uri';",
    'export { Path, URI };',
    "export type { URI as Location } from './uri'",
  ])('a whole import or re-export - dropped: %s', (line) => {
    expect(isWholeImportLine(line)).toBe(true);
  });

  it.each([
    "import { A } from './a'; export const { URI } = y;",
    "import { A } from './a'; /* then */ class URI {}",
    'import { A } from `./a`; const URI = 1',
    'export { local as URI };',
    "export * as URI from './uri';",
    "import { URI } from './uri' with { type: 'json' };",
    'export { a, b as URI };',
  ])('a line that may hold more - kept: %s', (line) => {
    expect(isWholeImportLine(line)).toBe(false);
  });
});

describe('definitionLineFilter', () => {
  const filter = definitionLineFilter('URI');

  it.each([
    'URI.parse(text);',
    'const uri = new URI(text);',
    'export const root: URI = workspace.root;',
    '    protected readonly resolveTo?: readonly URI[];',
    "import { URI } from '@theia/core';",
    'foo(a, URI.file(b));',
    '    return this.open(URI.parse(s)) as URI;',
    'type Pair = Map<string, URI>;',
    '@inject(URI) protected readonly uri: URI;',
    '// using URI as the key',
    'export class FileUri extends Base implements Comparable, URI {',
    '    implements Comparable, URI, Other {',
    '[URI, Path].forEach(id => bind(id));',
    'for (const id of [URI, Path]) {',
    'const ids = [URI, Path];',
  ])('a use of the name - not kept: %s', (line) => {
    expect(filter?.keepLine('src/a.ts', line)).toBe(false);
  });

  it.each([
    ['src/a.ts', 'export class URI {'],
    ['src/a.ts', 'export {\tlocal as URI };'],
    ['src/a.ts', '  URI,'],
    ['src/a.ts', 'export class URI extends Base implements Comparable {'],
    ['src/a.ts', 'export const { a = [Path], URI } = parts;'],
    ['src/a.ts', 'export const [[Path], URI] = pairs;'],
    ['src/a.py', 'URI = make_uri()'],
    ['src/a.go', 'type URI struct {'],
    ['src/a.rs', 'pub struct URI;'],
    ['src/A.java', '  private final Path URI;'],
  ])('a definition in %s - kept: %s', (path, line) => {
    expect(filter?.keepLine(path, line)).toBe(true);
  });

  it('a line of another language is judged by its own file language', () => {
    // Python's assignment, Java's `Type NAME(`: not TypeScript definitions.
    expect(filter?.keepLine('src/a.ts', 'x = URI = 1')).toBe(false);
    expect(filter?.keepLine('src/a.py', 'x = URI = 1')).toBe(true);
    expect(filter?.keepLine('src/a.ts', 'return URI(x);')).toBe(false);
    expect(filter?.keepLine('src/A.java', 'return URI(x);')).toBe(true);
  });

  it('a line too long to judge - kept', () => {
    expect(filter?.keepLine('src/a.ts', `URI.parse(${'x'.repeat(3000)});`)).toBe(true);
  });

  it.each(['default', '#secret', 'a-b', '0'])(
    'a word the patterns cannot take - none: %s',
    (word) => {
      expect(definitionLineFilter(word)).toBeUndefined();
    },
  );
});
