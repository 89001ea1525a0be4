// A file's definitions read with oxc's parser, for answers that must come before
// TypeScript's compiler has loaded (quick-parse.ts): oxc loads in ~15 ms and parses a
// 130 kB file in ~15 ms, where the compiler takes 0.2-0.4 s to load and as long again to
// parse that file cold. The rows are the ones TypeScript's extractor gives (oxc-declarations.ts
// mirrors extract-declarations.ts; bench/oxc-agreement checks every file of a corpus); the
// module references are not read, so a result here never warms the index. A file oxc
// reports an error in, or cannot read, is left to TypeScript (undefined), whose parse
// decides what the index would say of it.
import type { Program } from 'oxc-parser';
import type { FileExtraction } from '../index-types';
import { extractOxcDeclarations } from './oxc-declarations';
import { oxcSource } from './oxc-source';

type Lang = 'js' | 'jsx' | 'ts' | 'tsx' | 'dts';

let oxc: typeof import('oxc-parser') | undefined;
let loading: Promise<boolean> | undefined;

/**
 * Loads oxc's parser (a native module) once. False when it cannot load on this machine:
 * every file then goes to TypeScript, as before oxc was used.
 */
export function loadOxc(): Promise<boolean> {
  loading ??= import('oxc-parser').then(
    (module) => {
      oxc = module;
      return true;
    },
    () => false,
  );
  return loading;
}

/** `.d.ts`, `.d.mts`, `.d.cts`, and `.d.<ext>.ts` (TypeScript's declaration file names). */
export function isDeclarationFileName(path: string): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  return /\.d\.[mc]?ts$/.test(base) || (base.endsWith('.ts') && base.includes('.d.'));
}

function langOf(path: string): Lang | undefined {
  const lower = path.toLowerCase();
  if (isDeclarationFileName(lower)) return 'dts';
  if (/\.[mc]?ts$/.test(lower)) return 'ts';
  if (lower.endsWith('.tsx')) return 'tsx';
  // TypeScript reads JSX in every JavaScript file.
  if (/\.(?:[mc]?js|jsx)$/.test(lower)) return 'jsx';
  return undefined;
}

/**
 * A legacy octal escape in a string or template (`'\033'`, `'\8'`): TypeScript's parser
 * calls it an error where oxc reads a sloppy script without one, so such a file goes to
 * TypeScript. The text is searched first; only a file where it matches (a regular
 * expression's back-reference, `/(a)\1/`, does too) has its literals looked at.
 */
const OCTAL_ESCAPE = /\\(?:[1-9]|0[0-9])/;
/** The same escape, not itself escaped (`'\\1'` is a backslash and a digit). */
const UNESCAPED_OCTAL_ESCAPE = /(?:^|[^\\])(?:\\\\)*\\(?:[1-9]|0[0-9])/;

function hasOctalEscape(module: typeof import('oxc-parser'), program: Program): boolean {
  let found = false;
  const tagged = new Set<object>();
  new module.Visitor({
    Literal(node) {
      if (typeof node.value === 'string' && UNESCAPED_OCTAL_ESCAPE.test(node.raw ?? ''))
        found = true;
    },
    // A tagged template may hold any escape (`String.raw`): only untagged ones count.
    TaggedTemplateExpression(node) {
      tagged.add(node.quasi);
    },
    TemplateLiteral(node) {
      if (!tagged.has(node) && node.quasis.some((q) => UNESCAPED_OCTAL_ESCAPE.test(q.value.raw)))
        found = true;
    },
  }).visit(program);
  return found;
}

/**
 * Symbols and local exports (no module references), or undefined: ask TypeScript (also
 * before loadOxc has loaded the parser).
 */
export function extractWithOxc(path: string, text: string): FileExtraction | undefined {
  const lang = langOf(path);
  if (!lang || !oxc) return undefined;
  try {
    const result = oxc.parseSync(path, text, { lang, sourceType: 'module' });
    if (result.errors.length) return undefined;
    if (OCTAL_ESCAPE.test(text) && hasOctalEscape(oxc, result.program)) return undefined;
    const source = oxcSource(text);
    extractOxcDeclarations(source, result.program.body, lang === 'dts');
    return { symbols: source.symbols, exports: source.exports, imports: [] };
  } catch {
    return undefined;
  }
}
