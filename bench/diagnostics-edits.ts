// The diagnostics bench's corpus of edits over real code: breakages of the kinds the issue
// names (remove an exported member others use, change a parameter, rename an import,
// misspell a property, delete a needed import) and as many benign edits (a comment,
// formatting, a renamed local). Each generator finds a spot by pattern in a seeded random
// order; whether an edit really breaks anything is decided by the reference checker, not here.

export type EditKind =
  | 'remove-export'
  | 'change-parameter'
  | 'rename-import'
  | 'misspell-property'
  | 'delete-import'
  | 'comment'
  | 'formatting'
  | 'rename-local';

export const BREAKING: readonly EditKind[] = [
  'remove-export',
  'change-parameter',
  'rename-import',
  'misspell-property',
  'delete-import',
];
export const BENIGN: readonly EditKind[] = ['comment', 'formatting', 'rename-local'];

export interface Edit {
  readonly kind: EditKind;
  readonly path: string;
  readonly after: string;
  readonly benign: boolean;
}

export type Language = 'typescript' | 'python';

/** A small deterministic generator (mulberry32), so runs compare. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(list: readonly T[], random: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

interface Spot {
  readonly index: number;
  readonly match: RegExpExecArray;
}

function spots(text: string, pattern: RegExp): Spot[] {
  const out: Spot[] = [];
  const re = new RegExp(
    pattern.source,
    pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
  );
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out.push({ index: m.index, match: m });
    if (m[0].length === 0) re.lastIndex++;
  }
  return out;
}

const replaceAt = (text: string, index: number, length: number, by: string): string =>
  text.slice(0, index) + by + text.slice(index + length);

/** Names imported by some file (for "remove an exported member others use"). */
function importedNames(files: ReadonlyMap<string, string>, language: Language): Set<string> {
  const names = new Set<string>();
  const pattern =
    language === 'typescript'
      ? /import\s*(?:type\s*)?\{([^}]*)\}\s*from/g
      : /^from\s+\S+\s+import\s+\(?([^#\n)]*)/gm;
  for (const text of files.values())
    for (const m of text.matchAll(pattern))
      for (const part of (m[1] ?? '').split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name) names.add(name);
      }
  return names;
}

type Generator = (
  path: string,
  text: string,
  random: () => number,
  used: Set<string>,
) => string | null;

const TS: Record<EditKind, Generator> = {
  'remove-export': (_p, text, random, used) => {
    const found = shuffled(
      spots(text, /^export (?:async )?(?:function|const|class|interface|type) (\w+)/m),
      random,
    ).find((s) => used.has(s.match[1] ?? ''));
    return found ? replaceAt(text, found.index, 'export '.length, '') : null;
  },
  'change-parameter': (_p, text, random) => {
    const found = shuffled(
      spots(text, /^export (?:async )?function \w+(?:<[^>]*>)?\((\w+)\??: ([\w.<>[\]| ]+?)[,)]/m),
      random,
    )[0];
    if (!found) return null;
    const at = found.index + found.match[0].indexOf(`: ${found.match[2]}`);
    return replaceAt(text, at, 2 + (found.match[2] ?? '').length, ': symbol');
  },
  'rename-import': (_p, text, random) => {
    const found = shuffled(spots(text, /^import \{ (\w+)[ ,]/m), random)[0];
    if (!found) return null;
    const at = found.index + 'import { '.length;
    return replaceAt(text, at, (found.match[1] ?? '').length, `${found.match[1]}Renamed`);
  },
  'misspell-property': (_p, text, random) => {
    const found = shuffled(spots(text, /\bthis\.(\w{4,})\b(?!\s*=[^=])/), random)[0];
    if (!found) return null;
    return replaceAt(text, found.index, found.match[0].length, `${found.match[0]}x`);
  },
  'delete-import': (_p, text, random) => {
    const found = shuffled(spots(text, /^import [^;\n]+ from '[^']+';\n/m), random)[0];
    return found ? replaceAt(text, found.index, found.match[0].length, '') : null;
  },
  comment: (_p, text) =>
    `// Reviewed by the bench.\n${text.replace(/\n\n/, '\n\n/* A note in between. */\n')}`,
  formatting: (_p, text) => `${text.replace(/\n\n/g, '\n\n\n')}\n\n`,
  'rename-local': (_p, text, random) => {
    const found = shuffled(spots(text, /^ {2,}(?:const|let) (\w{3,}) = /m), random).find((s) => {
      const name = s.match[1] ?? '';
      const uses = text.match(new RegExp(`\\b${name}\\b`, 'g'))?.length ?? 0;
      return (
        uses >= 2 &&
        !new RegExp(`[.?]${name}\\b|\\b${name}\\s*[:?]|[{,]\\s*${name}\\s*[,}]`).test(text)
      );
    });
    if (!found) return null;
    const name = found.match[1] ?? '';
    return text.replace(new RegExp(`(?<![.\\w$])${name}\\b`, 'g'), `${name}Renamed`);
  },
};

const PY: Record<EditKind, Generator> = {
  'remove-export': (_p, text, random, used) => {
    const found = shuffled(spots(text, /^(?:def|class) (\w+)/m), random).find((s) =>
      used.has(s.match[1] ?? ''),
    );
    if (!found) return null;
    const at = found.index + found.match[0].length;
    return replaceAt(text, at, 0, 'Gone');
  },
  'change-parameter': (_p, text, random) => {
    const found = shuffled(spots(text, /^def \w+\((\w+), (\w+)(?:=[^,)]*)?\)/m), random)[0];
    if (!found) return null;
    const at = found.index + found.match[0].indexOf(`, ${found.match[2]}`);
    const end = found.index + found.match[0].length - 1;
    return replaceAt(text, at, end - at, '');
  },
  'rename-import': (_p, text, random) => {
    const found = shuffled(spots(text, /^from [\w.]+ import (\w+)$/m), random)[0];
    if (!found) return null;
    return replaceAt(text, found.index + found.match[0].length, 0, 'Renamed');
  },
  'misspell-property': (_p, text, random) => {
    const found = shuffled(spots(text, /\bself\.(\w{4,})\b(?!\s*=[^=])/), random)[0];
    if (!found) return null;
    return replaceAt(text, found.index, found.match[0].length, `${found.match[0]}x`);
  },
  'delete-import': (_p, text, random) => {
    const found = shuffled(
      spots(text, /^(?:import [\w.]+|from [\w.]+ import [\w, ]+)\n/m),
      random,
    )[0];
    return found ? replaceAt(text, found.index, found.match[0].length, '') : null;
  },
  comment: (_p, text) =>
    `# Reviewed by the bench.\n${text.replace(/\n\n/, '\n\n# A note in between.\n')}`,
  formatting: (_p, text) => `${text.replace(/\n\n/g, '\n\n\n')}\n\n`,
  'rename-local': (_p, text, random) => {
    const found = shuffled(spots(text, /^ {4,}(\w{3,}) = /m), random).find((s) => {
      const name = s.match[1] ?? '';
      return !new RegExp(
        `\\.${name}\\b|\\b${name}\\s*=(?!=).*\\n(?![\\s\\S]*\\b${name}\\b)|global ${name}|nonlocal ${name}|${name}=`,
      ).test(text);
    });
    if (!found) return null;
    const name = found.match[1] ?? '';
    return text.replace(new RegExp(`(?<![.\\w])${name}\\b`, 'g'), `${name}_renamed`);
  },
};

/**
 * Up to `perKind` edits of each kind, each on a different file where possible, in a seeded
 * order. `files` maps project-relative paths to their text.
 */
export function makeEdits(
  language: Language,
  files: ReadonlyMap<string, string>,
  perKind: number,
  seed: number,
  kinds: readonly EditKind[] = [...BREAKING, ...BENIGN],
): Edit[] {
  const random = seeded(seed);
  const used = importedNames(files, language);
  const generators = language === 'typescript' ? TS : PY;
  const paths = shuffled([...files.keys()], random);
  const edits: Edit[] = [];
  for (const kind of kinds) {
    let made = 0;
    for (const path of paths) {
      if (made >= perKind) break;
      const text = files.get(path) ?? '';
      const after = generators[kind](path, text, random, used);
      if (after === null || after === text) continue;
      edits.push({ kind, path, after, benign: BENIGN.includes(kind) });
      made++;
    }
  }
  return edits;
}
