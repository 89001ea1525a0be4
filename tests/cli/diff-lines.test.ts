// Diffs at the terminal: a file's or the model's text never drives the terminal.
import { describe, expect, it } from 'vitest';
import { renderDiffLines } from '../../src/cli/diff-lines';

describe('renderDiffLines', () => {
  it('escape sequences and bidi overrides in a diff - shown as visible escapes', () => {
    const out = renderDiffLines(
      ['--- a/x.ts', '+++ b/x.ts', '@@ -1 +1 @@', '-old', '+\u001b]0;pwned\u0007 \u202Eevil'],
      false,
    );
    expect(out).not.toContain('\u001b');
    expect(out).not.toContain('\u0007');
    expect(out).not.toContain('\u202E');
    expect(out).toContain('\\u001b]0;pwned\\u0007 \\u202eevil');
  });

  it('a CRLF line and a tab - the return is dropped, the tab stays', () => {
    expect(renderDiffLines(['+\tcode\r'], false)).toBe('+\tcode');
  });

  it('colour - only Sluice adds it', () => {
    expect(renderDiffLines(['+a', '-b'], true)).toBe(
      '\u001b[32m+a\u001b[39m\n\u001b[31m-b\u001b[39m',
    );
  });
});
