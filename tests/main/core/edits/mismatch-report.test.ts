// Issue 10 defect 2: a refused old_text must still point at the closest region (with line
// numbers) and say what differs, for near misses that exact line votes cannot see.
import { describe, expect, it } from 'vitest';
import { applyEdits, type EditSpec } from '../../../../src/main/core/edits/edit-matcher';
import { MAX_SCAN_CHARS } from '../../../../src/main/core/edits/closest-region';
import { detectFormat } from '../../../../src/main/core/edits/text-format';

function refusal(text: string, edits: EditSpec[]): string {
  const result = applyEdits(text, edits, detectFormat(text), 'src/a.ts');
  expect(result.ok).toBe(false);
  return result.ok ? '' : result.message;
}

/** Eleven decoy lines sharing words with the target, then the target on line 12. */
function withDecoys(target: string): string {
  const decoys = Array.from({ length: 11 }, (_, i) => `const total${i} = other(${i});`);
  return [...decoys, target, 'export { total };', ''].join('\n');
}

describe('mismatch report - near misses', () => {
  it('whitespace inside a line - names the line and the run of spaces', () => {
    const text = withDecoys('const total =  sum(a, b);');
    const message = refusal(text, [{ old_text: 'const total = sum(a, b);', new_text: 'x' }]);
    expect(message).toMatch(/Closest region: line 12\b/u);
    expect(message).toMatch(/>\s*12\| const total = {2}sum\(a, b\);/u);
    expect(message).toMatch(/line 12 has 2 spaces where old_text has 1 \(column 14\)/u);
    expect(message).toMatch(/Nothing was changed/u);
  });

  it('letter case - says the line differs only in letter case', () => {
    const text = withDecoys('const total = sum(a, b);');
    const message = refusal(text, [{ old_text: 'const Total = Sum(a, b);', new_text: 'x' }]);
    expect(message).toMatch(/Closest region: line 12\b/u);
    expect(message).toMatch(/line 12 differs only in letter case/u);
    expect(message).toMatch(/column 7/u);
  });

  it('zero-width space in the file - names the character and its column', () => {
    const lines = ['a', 'b', 'c', 'd', 'e', 'f', 'let x\u200B = compute(1);', 'g', ''];
    const message = refusal(lines.join('\n'), [{ old_text: 'let x = compute(1);', new_text: 'y' }]);
    expect(message).toMatch(/Closest region: line 7\b/u);
    expect(message).toMatch(
      /line 7 contains an invisible U\+200B ZERO WIDTH SPACE at column 6 that old_text does not have/u,
    );
    // The shown line makes the invisible character visible.
    expect(message).toMatch(/7\| let x\\u\{200B\} = compute\(1\);/u);
  });

  it('zero-width space in old_text - says old_text has it and the file does not', () => {
    const text = 'first\nlet value = compute(1);\nlast\n';
    const message = refusal(text, [{ old_text: 'let value\u200B = compute(1);', new_text: 'y' }]);
    expect(message).toMatch(/Closest region: line 2\b/u);
    expect(message).toMatch(
      /old_text contains an invisible U\+200B ZERO WIDTH SPACE at column 10 that line 2 does not have/u,
    );
  });

  it('no-break space - names it where old_text has a plain space', () => {
    const text = 'one\ntwo\nconst limit\u00A0= 10;\nfour\n';
    const message = refusal(text, [{ old_text: 'const limit = 10;', new_text: 'z' }]);
    expect(message).toMatch(/Closest region: line 3\b/u);
    expect(message).toMatch(
      /line 3 has U\+00A0 NO-BREAK SPACE at column 12 where old_text has a plain space/u,
    );
  });

  it('a byte-order mark in the middle of the file - named as such', () => {
    const text = 'alpha\nbeta\n\uFEFFimport { x } from "./x";\ngamma\n';
    const message = refusal(text, [
      { old_text: 'beta\nimport { x } from "./x";\ngamma\n', new_text: 'z' },
    ]);
    expect(message).toMatch(/Closest region: lines 2–4/u);
    expect(message).toMatch(/line 3 contains an invisible U\+FEFF BYTE ORDER MARK at column 1/u);
  });

  it('a multi-line block with one changed word - picks the right block among similar ones', () => {
    const block = (name: string) =>
      [`function ${name}(input) {`, '  const value = input * 2;', '  return value;', '}'].join(
        '\n',
      );
    const text = [block('first'), block('second'), block('third'), ''].join('\n');
    const message = refusal(text, [
      {
        old_text: 'function second(input) {\n  const value = input * 3;\n  return value;\n}',
        new_text: 'x',
      },
    ]);
    expect(message).toMatch(/Closest region: lines 5–8/u);
    expect(message).toMatch(/line 6: text differs at column 25/u);
  });

  it('one edit of several fails - names which one, and nothing is written', () => {
    const text = 'const a = 1;\nconst b = 2;\nconst c = 3;\n';
    const message = refusal(text, [
      { old_text: 'const a = 1;', new_text: 'const a = 10;' },
      { old_text: 'const B = 2;', new_text: 'const b = 20;' },
      { old_text: 'const c = 3;', new_text: 'const c = 30;' },
    ]);
    expect(message).toMatch(/^Edit 2 of 3 failed: old_text was not found in src\/a\.ts/u);
    expect(message).toMatch(/line 2 differs only in letter case/u);
    expect(message).toMatch(/No edit was applied: edits 1–3 are all or nothing/u);
  });

  it('a later edit aimed at text an earlier edit replaced - says so', () => {
    const text = 'const a = 1;\nconst b = 2;\n';
    const message = refusal(text, [
      { old_text: 'const a = 1;', new_text: 'const a = 10;' },
      { old_text: 'const a = 1;\nconst b = 2;', new_text: 'x' },
    ]);
    expect(message).toMatch(/Edit 2 of 2 failed/u);
    expect(message).toMatch(/matches lines 1–2 of the file as it is on disk, but an earlier edit/u);
  });

  it('line numbers after an earlier edit changed the line count - says which text they count', () => {
    const text = 'a\nb\nconst total = sum(x);\n';
    const message = refusal(text, [
      { old_text: 'a\n', new_text: 'a\nadded\nadded\n' },
      { old_text: 'const total =  sum(x);', new_text: 'z' },
    ]);
    expect(message).toMatch(/Closest region: line 5\b/u);
    expect(message).toMatch(/line numbers count the file with edit 1 applied/u);
  });
});

// Time limits are generous (the machine may be busy): what they catch is a scan without a cap.
describe('mismatch report - bounds', () => {
  it('a large file with nothing close - answers quickly and says nothing matched', () => {
    const lines = Array.from({ length: 200_000 }, (_, i) => `line number ${i} with value ${i * 7}`);
    const started = Date.now();
    const message = refusal(lines.join('\n'), [
      { old_text: 'qqqq zzzz wwww\nvvvv kkkk', new_text: 'x' },
    ]);
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(message).toMatch(/No region of the file resembles old_text/u);
  });

  it('a scan cut short by its limit - still names the best region found, and says so', () => {
    const lines = Array.from({ length: 300_000 }, (_, i) => `entry ${i}: value ${i * 3} units`);
    lines[9] = 'const threshold = computeLimit(config);';
    const started = Date.now();
    const message = refusal(lines.join('\n'), [
      { old_text: 'const threshold = computeLimits(config);', new_text: 'x' },
    ]);
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(message).toMatch(/Closest region: line 10\b/u);
    expect(message).toMatch(
      new RegExp(
        `part of the similarity search stopped at line \\d+ \\(limit: ${MAX_SCAN_CHARS} characters compared\\)`,
        'u',
      ),
    );
  });

  it('a large file of near-identical lines - still bounded, still names a region', () => {
    const lines = Array.from({ length: 150_000 }, (_, i) => `  item(${i % 10}, "label");`);
    const started = Date.now();
    const message = refusal(lines.join('\n'), [
      { old_text: '  item(3,  "label");\n  item(4, "label");', new_text: 'x' },
    ]);
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(message).toMatch(/Closest region: lines \d+–\d+/u);
  });
});
