// Whether an edit to a Python module can change what its importers see: the module's code
// tokens (src/shared/python-code-tokens.ts: comments, blank lines, spacing and line joins
// dropped, strings whole) with what a bare string statement says cut out. When a proposal
// leaves every changed module's shape as it was (a comment, a docstring, spacing), only the
// changed modules are checked, not every module that imports them. Comments that act on types
// are kept (`# type:` annotations, `# pyright:` settings). A bare string statement (a
// docstring, any string alone on its logical line, not an f-string, where an expression may
// bind a name) only evaluates a string; a string in an expression (a value, a Literal, an
// argument an overload reads) counts, and so does a docstring added where there was none
// (`__doc__` is a string then). A text the tokens cannot be read from is its own shape.
// Runs in Sluice's process on texts already read; nothing is executed.
import { pythonCodeTokens } from '../../../../shared/python-code-tokens';

const TYPE_COMMENT = /^#\s*(type|pyright)\s*:/u;
const PLAIN_STRING = /^[rRbBuU]{0,2}['"]/u;

/** A logical line's tokens after its indentation: one string or more, none an f-string. */
function isBareString(tokens: readonly string[]): boolean {
  return tokens.length > 1 && tokens.slice(1).every((token) => PLAIN_STRING.test(token));
}

/** The module's text as far as types go; equal shapes declare the same things. */
export function pythonShape(text: string): string {
  const tokens = pythonCodeTokens(text, { keepComment: (comment) => TYPE_COMMENT.test(comment) });
  if (tokens === null) return text;
  return tokens
    .split(/\0(?=\n)/u)
    .map((line) => {
      const parts = line.split('\0');
      return isBareString(parts) ? `${parts[0] ?? ''}\0""` : line;
    })
    .join('\0');
}

/** Whether two texts of a Python module have the same shape. */
export function samePythonShape(before: string, after: string): boolean {
  return before === after || pythonShape(before) === pythonShape(after);
}
