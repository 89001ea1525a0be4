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
  it('same - comments, blank lines and spacing at line ends', () => {
    expect(samePythonShape(base, `# a new comment\n${base}`)).toBe(true);
    expect(samePythonShape(base, edit('# bytes', '# in bytes'))).toBe(true);
    expect(samePythonShape(base, edit('    return value\n', '\n    return value   \n\n'))).toBe(
      true,
    );
  });

  it('different - code, strings, docstrings, type comments and text inside strings', () => {
    expect(samePythonShape(base, edit('-> int', '-> str'))).toBe(false);
    expect(samePythonShape(base, edit('"#not-a-comment"', '"#other"'))).toBe(false);
    expect(samePythonShape(base, edit('Return the size.', 'Return the length.'))).toBe(false);
    expect(samePythonShape(base, edit('# type: list[str]', '# type: list[int]'))).toBe(false);
    expect(samePythonShape(base, edit('  # inside a string', '  # changed inside'))).toBe(false);
    expect(samePythonShape(base, edit('  # inside a string\n\n', '  # inside a string\n'))).toBe(
      false,
    );
    expect(samePythonShape(base, edit('    return value', '        return value'))).toBe(false);
  });
});
