import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { LineIndex } from '../../../../src/main/core/index/line-index';

describe('LineIndex', () => {
  it('agrees with TypeScript for LF and CRLF text - first, middle and last lines', () => {
    for (const text of ['a\nbc\n\ndef', 'a\r\nbc\r\n\r\ndef\r\n', 'single line', '\n\nx']) {
      const sf = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest);
      const index = new LineIndex(text);
      for (let offset = 0; offset <= text.length; offset++) {
        const expected = sf.getLineAndCharacterOfPosition(offset);
        expect(index.at(offset), `${JSON.stringify(text)} @${offset}`).toEqual({
          line: expected.line + 1,
          column: expected.character + 1,
        });
      }
    }
  });
});
