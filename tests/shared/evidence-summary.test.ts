import { describe, expect, it } from 'vitest';
import { diagnosticLine, messageOnOneLine } from '../../src/shared/evidence-summary';

describe('a checker message on one line', () => {
  it('messageOnOneLine - an elaboration is kept apart from its headline', () => {
    expect(
      messageOnOneLine(
        'Type "Literal[\'none\']" is not assignable to declared type "int"\n  "Literal[\'none\']" is not assignable to "int"',
      ),
    ).toBe(
      'Type "Literal[\'none\']" is not assignable to declared type "int"; "Literal[\'none\']" is not assignable to "int"',
    );
    expect(
      messageOnOneLine(
        "Type 'A' is not assignable to type 'B'.\n  Property 'x' is missing in type 'A'.",
      ),
    ).toBe("Type 'A' is not assignable to type 'B'. Property 'x' is missing in type 'A'.");
    expect(messageOnOneLine('  one   spaced\tmessage \n\n')).toBe('one spaced message');
  });

  it('diagnosticLine - file, line and the message, bounded', () => {
    const line = diagnosticLine(
      {
        path: 'a.py',
        line: 3,
        column: 1,
        message: `x\n  ${'y'.repeat(400)}`,

        source: 'pyright',
        code: 'c',
        lineText: '',
      },
      50,
    );
    expect(line.startsWith('a.py:3: x; yyy')).toBe(true);
    expect(line.endsWith('…')).toBe(true);
  });
});
