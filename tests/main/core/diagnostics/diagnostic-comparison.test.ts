import { describe, expect, it } from 'vitest';
import {
  compareDiagnostics,
  lineTextAt,
  sortDiagnostics,
} from '../../../../src/main/core/diagnostics/diagnostic-comparison';
import type { Diagnostic } from '../../../../src/shared/diagnostics';

const d = (
  line: number,
  lineText: string,
  message = 'Type is wrong.',
  path = 'a.ts',
): Diagnostic => ({
  path,
  line,
  column: 1,
  code: 'TS2322',
  message,
  lineText,
  source: 'typescript',
});

describe('compareDiagnostics', () => {
  it('compareDiagnostics - the order TypeScript gives a union or a missing-property list does not make an error new', () => {
    // The checker of the affected files meets types in another order than tsc or the disk side.
    const before = [
      d(
        3,
        'const o: Fields = {};',
        "Type '{}' is missing the following properties from type 'Fields': tools, system",
      ),
      d(
        4,
        'f(x);',
        `Argument of type '"b" | "a"' is not assignable to parameter of type 'Map<"d" | "c", number>'.`,
      ),
    ];
    const after = [
      d(
        3,
        'const o: Fields = {};',
        "Type '{}' is missing the following properties from type 'Fields': system, tools",
      ),
      d(
        4,
        'f(x);',
        `Argument of type '"a" | "b"' is not assignable to parameter of type 'Map<"c" | "d", number>'.`,
      ),
    ];
    expect(compareDiagnostics(before, after)).toEqual({ introduced: [], fixed: [] });
    const other = d(
      3,
      'const o: Fields = {};',
      "Type '{}' is missing the following properties from type 'Fields': system",
    );
    expect(compareDiagnostics(before, [other, ...after.slice(1)]).introduced).toEqual([other]);
  });

  it('compareDiagnostics - an error that only moved is neither introduced nor fixed', () => {
    expect(compareDiagnostics([d(1, 'let a = 1;')], [d(9, 'let a = 1;')])).toEqual({
      introduced: [],
      fixed: [],
    });
  });

  it('compareDiagnostics - counts copies: a second identical error is introduced, a lost one fixed', () => {
    const one = d(1, 'x();');
    expect(compareDiagnostics([one], [one, d(2, 'x();')]).introduced).toEqual([d(2, 'x();')]);
    expect(compareDiagnostics([one, d(2, 'x();')], [one]).fixed).toEqual([d(2, 'x();')]);
  });

  it('compareDiagnostics - a different message, line text or file is a different error', () => {
    const result = compareDiagnostics(
      [d(1, 'a;')],
      [d(1, 'a;', 'Other.'), d(1, 'b;'), d(1, 'a;', undefined, 'b.ts')],
    );
    expect(result.introduced).toHaveLength(3);
    expect(result.fixed).toEqual([d(1, 'a;')]);
  });

  it('compareDiagnostics - the elaboration under the first line, which depends on the check order, does not make an error new', () => {
    const plain = d(3, 'new Federation();', 'This expression is not constructable.');
    const elaborated = d(
      3,
      'new Federation();',
      "This expression is not constructable.\n  Type 'typeof Federation' has no construct signatures.",
    );
    expect(compareDiagnostics([elaborated], [plain])).toEqual({ introduced: [], fixed: [] });
    const other = d(3, 'new Federation();', 'This expression is not callable.\n  Type x.');
    expect(compareDiagnostics([elaborated], [other]).introduced).toEqual([other]);
  });

  it('sortDiagnostics and lineTextAt - order by path then line; the trimmed text of a line', () => {
    expect(
      sortDiagnostics([d(3, ''), d(1, '', undefined, 'b.ts'), d(2, '')]).map(
        (x) => `${x.path}:${x.line}`,
      ),
    ).toEqual(['a.ts:2', 'a.ts:3', 'b.ts:1']);
    expect(lineTextAt('one\n  two  \nthree', 2)).toBe('two');
    expect(lineTextAt('one', 5)).toBe('');
  });
});
