// Words of a shell command as the policy sees them: quote removal where the value is fixed
// before the command runs, null where it is only known at run time.
import path from 'node:path';
import type { Node } from 'web-tree-sitter';

function unescapeWord(text: string): string {
  return text.replace(/\\\n/gu, '').replace(/\\(.)/gsu, '$1');
}

/** The word's value after quote removal, or null when it depends on the run. */
export function staticWord(node: Node): string | null {
  switch (node.type) {
    case 'word':
    case 'number':
      return unescapeWord(node.text);
    case 'raw_string':
      return node.text.slice(1, -1);
    case 'string': {
      let out = '';
      for (const child of node.namedChildren) {
        if (!child) continue;
        if (child.type !== 'string_content') return null;
        out += child.text.replace(/\\([$`"\\\n])/gu, (_m, c: string) => (c === '\n' ? '' : c));
      }
      return out;
    }
    case 'concatenation': {
      let out = '';
      for (const child of node.namedChildren) {
        if (!child) continue;
        const part = staticWord(child);
        if (part === null) return null;
        out += part;
      }
      return out;
    }
    default:
      return null;
  }
}

export function isInside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The static words of a command node (name and arguments), null where only known at run time. */
export function commandWords(node: Node): (string | null)[] {
  const words: (string | null)[] = [];
  for (let i = 0; i < node.childCount; i += 1) {
    const child = node.child(i);
    const field = node.fieldNameForChild(i);
    if (!child || (field !== 'name' && field !== 'argument')) continue;
    words.push(staticWord(field === 'name' ? (child.namedChildren[0] ?? child) : child));
  }
  return words;
}
