// The Python shape test: only edits no importer can see keep the shape.
import { describe, expect, it } from 'vitest';
import { samePythonShape } from '../../../../../src/main/core/diagnostics/python/python-shape';

const base = [
  'import os  # the os module',
  '',
  'def size(path: str) -> int:',
  '    """Return the size."""',
  '    value = os.path.getsize(path)  # bytes',
  '    return value',
  '',
  'TAG = "#not-a-comment"',
  'names = []  # type: list[str]',
  'TEXT = """',
  '  # inside a string',
  '',
  '"""',
  '',
].join('\n');
const edit = (from: string, to: string): string => {
  expect(base).toContain(from);
  return base.replace(from, to);
};

describe('python shape', () => {
  it('same - comments, blank lines and spacing', () => {
    expect(samePythonShape(base, edit('TAG = "#', 'TAG  =  "#'))).toBe(true);
    expect(samePythonShape(base, `# a new comment\n${base}`)).toBe(true);
    expect(samePythonShape(base, edit('# bytes', '# in bytes'))).toBe(true);
    expect(samePythonShape(base, edit('    return value\n', '\n    return value   \n\n'))).toBe(
      true,
    );
  });

  it('same - what a docstring or any bare string statement says, over lines too', () => {
    const doc = '"""Return the size."""';
    expect(samePythonShape(base, edit('Return the size.', 'Return the length.'))).toBe(true);
    expect(samePythonShape(base, edit(doc, '"""Return the size.\n\n    In bytes."""'))).toBe(true);
    expect(samePythonShape(`"""A module."""\n${base}`, `"""The module."""\n${base}`)).toBe(true);
    expect(samePythonShape(`'''A.'''  # note\n${base}`, `r'''B \\ "q" '''\n${base}`)).toBe(true);
    expect(samePythonShape(`"""A."""\r\n${base}`, `"""B."""\r\n${base}`)).toBe(true);
  });

  it('different - strings in expressions, f-strings, strings that go on, unterminated ones', () => {
    const call = 'f = open(\n    name,\n    "rb",\n)\n';
    expect(samePythonShape(call, call.replace('"rb"', '"r"'))).toBe(false);
    expect(samePythonShape('"a".upper()\n', '"b".upper()\n')).toBe(false);
    expect(samePythonShape('"a" \\\n  .upper()\n', '"b" \\\n  .upper()\n')).toBe(false);
    expect(samePythonShape('f"{(x := 1)}"\n', 'f"{(y := 1)}"\n')).toBe(false);
    expect(samePythonShape('x = 1; "a"\n', 'x = 1; "b"\n')).toBe(false);
    expect(samePythonShape('"""open\nx = 1\n', '"""open\nx = 2\n')).toBe(false);
    expect(samePythonShape('"a\nx = 1\n', '"a\nx = 2\n')).toBe(false);
    // A docstring added where there was none: `__doc__` is a string now, not None.
    expect(samePythonShape(base, `"""The module."""\n${base}`)).toBe(false);
    // A string that starts a line inside brackets is an element, not a statement.
    expect(samePythonShape('X = [\n"a",\n]\n', 'X = [\n"b",\n]\n')).toBe(false);
  });

  it('different - code, strings, type comments and text inside strings', () => {
    expect(samePythonShape(base, edit('-> int', '-> str'))).toBe(false);
    expect(samePythonShape(base, edit('"#not-a-comment"', '"#other"'))).toBe(false);
    expect(samePythonShape(base, edit('# type: list[str]', '# type: list[int]'))).toBe(false);
    const typed = 'def f(a):\n    # type: (int) -> int\n    return a\n';
    expect(samePythonShape(typed, typed.replace('-> int', '-> str'))).toBe(false);
    expect(samePythonShape(base, edit('  # inside a string', '  # changed inside'))).toBe(false);
    expect(samePythonShape(base, edit('  # inside a string\n\n', '  # inside a string\n'))).toBe(
      false,
    );
    expect(samePythonShape(base, edit('    return value', '        return value'))).toBe(false);
  });
});
