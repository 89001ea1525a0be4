// Whether an edit to a Python module can change what its importers see: the text
// with comments, trailing whitespace, blank lines and what bare string statements say dropped.
// When a proposal leaves every changed module's shape as it was (a comment, a docstring, blank
// lines, spacing at line ends), only the changed modules are checked, not every module that
// imports them. Comments that act on types are kept (`# type:` annotations, `# pyright:`
// settings); every other string is kept whole, so a `#` inside one is text, and a string in an
// expression (a value, a Literal, an argument an overload reads) counts as a change.
// Runs in Sluice's process on texts already read; nothing is executed.

import { withoutBareStrings } from './bare-strings';

const TYPE_COMMENT = /^#\s*(type|pyright)\s*:/;

/** The module's text as far as types go; equal shapes declare the same things. */
export function pythonShape(text: string): string {
  const out: string[] = [];
  let triple: string | null = null;
  for (const raw of withoutBareStrings(text).split(/\r?\n/)) {
    let line = '';
    let quote: string | null = null;
    let i = 0;
    while (i < raw.length) {
      if (triple) {
        const end = raw.indexOf(triple, i);
        if (end < 0) {
          line += raw.slice(i);
          break;
        }
        line += raw.slice(i, end + 3);
        i = end + 3;
        triple = null;
        continue;
      }
      const c = raw[i] as string;
      if (quote) {
        line += c;
        if (c === '\\') {
          line += raw[i + 1] ?? '';
          i += 2;
          continue;
        }
        if (c === quote) quote = null;
        i++;
        continue;
      }
      if (raw.startsWith('"""', i) || raw.startsWith("'''", i)) {
        triple = raw.slice(i, i + 3);
        line += triple;
        i += 3;
        continue;
      }
      if (c === '"' || c === "'") {
        quote = c;
        line += c;
        i++;
        continue;
      }
      if (c === '#') {
        const comment = raw.slice(i);
        if (TYPE_COMMENT.test(comment)) line += comment;
        break;
      }
      line += c;
      i++;
    }
    // Inside a string that goes on: the line is text, kept exactly.
    if (triple) out.push(line);
    else if (line.trimEnd()) out.push(line.trimEnd());
  }
  return out.join('\n');
}

/** Whether two texts of a Python module have the same shape. */
export function samePythonShape(before: string, after: string): boolean {
  return before === after || pythonShape(before) === pythonShape(after);
}
