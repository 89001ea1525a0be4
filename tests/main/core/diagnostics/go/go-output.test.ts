// What go said, read honestly: file:line errors stay diagnostics; an import
// cycle (over continuation lines), a go.mod that does not parse and a missing module become
// project-level problems in go's own words, never nothing.
import { describe, expect, it } from 'vitest';
import { parseGoOutput } from '../../../../../src/main/core/diagnostics/go/go-output';

const ROOT = '/work/p';
const read = () => 'package a\nvar x int = "s"\n';

describe('parseGoOutput', () => {
  it('file:line errors - diagnostics with the line text; headers dropped', () => {
    const out = parseGoOutput(
      '# example.com/p/a\na/a.go:2:13: cannot use "s" (untyped string constant) as int value\n',
      ROOT,
      ROOT,
      read,
      'go.mod',
    );
    expect(out.problems).toEqual([]);
    expect(out.diagnostics).toEqual([
      {
        path: 'a/a.go',
        line: 2,
        column: 13,
        code: '',
        message: 'cannot use "s" (untyped string constant) as int value',
        lineText: 'var x int = "s"',
        source: 'go',
      },
    ]);
  });

  it('an import cycle over continuation lines - one project-level problem', () => {
    const out = parseGoOutput(
      'package example.com/p/a\n\timports example.com/p/b\n\timports example.com/p/a: import cycle not allowed\n',
      ROOT,
      ROOT,
      read,
      'go.mod',
    );
    expect(out.diagnostics).toEqual([]);
    expect(out.problems).toMatchObject([
      {
        path: 'go.mod',
        line: 0,
        code: 'go',
        message:
          'package example.com/p/a imports example.com/p/b imports example.com/p/a: import cycle not allowed',
      },
    ]);
  });

  it('a go.mod that does not parse - filed at its line, the heading dropped, the root taken out', () => {
    const out = parseGoOutput(
      'go: errors parsing go.mod:\n/work/p/go.mod:4: unknown directive: this\n',
      ROOT,
      ROOT,
      read,
      'go.mod',
    );
    expect(out.problems).toEqual([
      {
        path: 'go.mod',
        line: 4,
        column: 0,
        code: 'go',
        message: 'unknown directive: this',
        lineText: '',
        source: 'go',
      },
    ]);
  });

  it("a missing module and a control character - in go's words, made visible", () => {
    const out = parseGoOutput(
      'main.go:3:8: no required module provides package example.org/x; to add it:\n\tgo get example.org/x\nweird \u001b[31mred\n',
      ROOT,
      ROOT,
      read,
      'go.mod',
    );
    expect(out.diagnostics[0]?.message).toMatch(
      /no required module provides package example\.org\/x/u,
    );
    expect(out.problems[0]?.message).not.toContain('\u001b');
  });
});
