// A reader for the Seatbelt profiles Sluice writes, and a small model of how Seatbelt decides a
// path operation, so the profile can be judged on Linux: the text must be well-formed
// S-expressions whose strings use only the escapes SBPL reads (\\ and \"), and for file
// operations the last rule whose operation and any filter match decides (deny by default).
// It models only the filters the generator emits (subpath, literal, regex); regexes are the
// POSIX ERE subset that JavaScript reads the same way.

export type Sx = string | { readonly str: string } | Sx[];

export function parseSbpl(text: string): Sx[] {
  let i = 0;
  const read = (): Sx | null => {
    for (;;) {
      while (i < text.length && /\s/u.test(text[i] as string)) i += 1;
      if (text[i] !== ';') break;
      while (i < text.length && text[i] !== '\n') i += 1;
    }
    if (i >= text.length) return null;
    const c = text[i] as string;
    if (c === '(') {
      i += 1;
      const list: Sx[] = [];
      for (;;) {
        while (i < text.length && /\s/u.test(text[i] as string)) i += 1;
        if (i >= text.length) throw new Error('unclosed (');
        if (text[i] === ')') {
          i += 1;
          return list;
        }
        const item = read();
        if (item === null) throw new Error('unclosed (');
        list.push(item);
      }
    }
    if (c === ')') throw new Error(`unexpected ) at ${i}`);
    if (c === '"') {
      i += 1;
      let str = '';
      for (;;) {
        const d = text[i];
        if (d === undefined) throw new Error('unclosed string');
        i += 1;
        if (d === '"') return { str };
        if (d === '\\') {
          const e = text[i];
          if (e !== '\\' && e !== '"') throw new Error(`unknown escape \\${String(e)}`);
          str += e;
          i += 1;
        } else if (d.charCodeAt(0) < 0x20) {
          throw new Error('raw control character in a string');
        } else str += d;
      }
    }
    const start = i;
    while (i < text.length && !/[\s()";]/u.test(text[i] as string)) i += 1;
    return text.slice(start, i);
  };
  const forms: Sx[] = [];
  for (let form = read(); form !== null; form = read()) forms.push(form);
  return forms;
}

export interface Rule {
  readonly action: 'allow' | 'deny';
  readonly operations: string[];
  readonly filters: Sx[][];
}

export function rulesOf(forms: readonly Sx[]): Rule[] {
  return forms
    .filter((f): f is Sx[] => Array.isArray(f) && (f[0] === 'allow' || f[0] === 'deny'))
    .map((f) => ({
      action: f[0] as 'allow' | 'deny',
      operations: f.slice(1).filter((x): x is string => typeof x === 'string'),
      filters: f.slice(1).filter((x): x is Sx[] => Array.isArray(x)),
    }));
}

function operationMatches(pattern: string, operation: string): boolean {
  if (pattern === 'default') return true;
  return pattern.endsWith('*') ? operation.startsWith(pattern.slice(0, -1)) : pattern === operation;
}

function str(x: Sx | undefined): string {
  if (x && typeof x === 'object' && !Array.isArray(x)) return x.str;
  throw new Error(`expected a string, got ${JSON.stringify(x)}`);
}

function pathFilterMatches(filter: Sx[], path: string): boolean {
  const [kind, arg] = filter;
  switch (kind) {
    case 'subpath':
      return path === str(arg) || path.startsWith(`${str(arg)}/`);
    case 'literal':
      return path === str(arg);
    case 'regex':
      return new RegExp(str(arg), 'u').test(path);
    default:
      return false;
  }
}

/** Seatbelt's answer for a file operation (`file-write-data`, `file-read-data`, …) on a path. */
export function decideFile(
  rules: readonly Rule[],
  operation: string,
  path: string,
): 'allow' | 'deny' {
  let decision: 'allow' | 'deny' = 'deny';
  for (const rule of rules) {
    if (!rule.operations.some((op) => operationMatches(op, operation))) continue;
    if (rule.filters.length && !rule.filters.some((f) => pathFilterMatches(f, path))) continue;
    decision = rule.action;
  }
  return decision;
}
