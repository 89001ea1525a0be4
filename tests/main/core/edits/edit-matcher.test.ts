import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../../../src/main/core/edits/edit-matcher';
import { detectFormat } from '../../../../src/main/core/edits/text-format';

function edit(text: string, edits: Parameters<typeof applyEdits>[1]) {
  return applyEdits(text, edits, detectFormat(text), 'src/a.ts');
}

describe('applyEdits', () => {
  it('lands $&, $1 and $$ verbatim - never a replacement pattern', () => {
    const result = edit('const a = 1;\n', [
      { old_text: 'const a = 1;', new_text: "const a = '$&$1$$$`';" },
    ]);
    expect(result).toEqual({ ok: true, text: "const a = '$&$1$$$`';\n", notes: [] });
  });

  it('refuses an empty old_text - nothing changed', () => {
    const result = edit('abc\n', [{ old_text: '', new_text: 'x' }]);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.message).toMatch(/old_text of the edit is empty.*Nothing was changed/su);
  });

  it('refuses old_text found twice - names the lines and replace_all', () => {
    const result = edit('x = 1\ny = 2\nx = 1\n', [{ old_text: 'x = 1', new_text: 'x = 3' }]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/matches 2 places.*lines 1, 3.*replace_all/su);
  });

  it('replaces every occurrence with replace_all', () => {
    const result = edit('x = 1\ny = 2\nx = 1\n', [
      { old_text: 'x = 1', new_text: 'x = 3', replace_all: true },
    ]);
    expect(result).toMatchObject({ ok: true, text: 'x = 3\ny = 2\nx = 3\n' });
  });

  it('edits a CRLF file with an LF old_text - stays CRLF and says so', () => {
    const text = 'one\r\ntwo\r\nthree\r\n';
    const result = edit(text, [{ old_text: 'one\ntwo\n', new_text: 'uno\ndos\n' }]);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.text).toBe('uno\r\ndos\r\nthree\r\n');
      expect(result.notes.join(' ')).toMatch(/line-ending \(CRLF\/LF\) and trailing-whitespace/u);
    }
  });

  it('tolerates trailing whitespace before a line break - and says so', () => {
    const result = edit('a  \nb\t\nc\n', [{ old_text: 'a\nb\n', new_text: 'A\nB\n' }]);
    expect(result).toMatchObject({ ok: true, text: 'A\nB\nc\n' });
    if (result.ok) expect(result.notes[0]).toMatch(/lines 1–2/u);
  });

  it('never applies an indentation-only match - shows the closest region and what differs', () => {
    const text = 'function f() {\n\treturn 1;\n}\n';
    const result = edit(text, [{ old_text: 'function f() {\n    return 1;\n}', new_text: 'x' }]);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toMatch(/not found in src\/a\.ts/u);
      expect(result.message).toMatch(/Closest region: lines 1–3/u);
      expect(result.message).toMatch(
        /line 2: indentation differs: the file has 1 tab, old_text has 4 spaces/u,
      );
      expect(result.message).toMatch(/>\s*2\| \treturn 1;/u);
    }
  });

  it('reports text differences with line numbers', () => {
    const text = 'a\nb\nconst total = sum(a, b);\nc\n';
    const result = edit(text, [{ old_text: 'b\nconst total = add(a, b);\n', new_text: 'x' }]);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.message).toMatch(
        /line 3: text differs at column 15: file `const total = sum\(a, b\);`, old_text `const total = add\(a, b\);`/u,
      );
  });

  it('applies edits in order - all or nothing', () => {
    const result = edit('a\nb\n', [
      { old_text: 'a', new_text: 'c' },
      { old_text: 'c\nb', new_text: 'd' },
    ]);
    expect(result).toMatchObject({ ok: true, text: 'd\n' });
    const failed = edit('a\nb\n', [
      { old_text: 'a', new_text: 'c' },
      { old_text: 'zzz', new_text: 'd' },
    ]);
    expect(failed.ok).toBe(false);
    if (!failed.ok) expect(failed.message).toMatch(/^Edit 2 of 2 failed: old_text was not found/u);
  });

  it('converts LF new_text to the CRLF of the file on an exact match', () => {
    const result = edit('a\r\nb\r\n', [{ old_text: 'a', new_text: 'x\ny' }]);
    expect(result).toMatchObject({ ok: true, text: 'x\r\ny\r\nb\r\n' });
  });

  it('refuses an edit that changes nothing', () => {
    expect(edit('a\n', [{ old_text: 'a', new_text: 'a' }]).ok).toBe(false);
  });
});

describe('applyEdits limits', () => {
  it('stops the tolerant search on pathologically repetitive text - fails closed with a message', () => {
    const text = 'a\n'.repeat(60_000);
    const old = `${'a\r\n'.repeat(400)}b\r\n`;
    const started = Date.now();
    const result = edit(text, [{ old_text: old, new_text: 'x' }]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.message).toMatch(
        /tolerant search stopped after .* line comparisons \(limit\).*Nothing was changed/su,
      );
  });
});
