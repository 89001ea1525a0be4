// Which words an import of a file must contain, per language, so that ripgrep can list every
// possible importer: the file's stem (`./date`, `a.b.date`, `use crate::date`, `import
// x.Date`), its folder's name (an index file, a Python package, a Go or Java package), the
// names of the package/module/crate around it (`@acme/ui`, a go.mod module path, a Cargo
// crate), tsconfig `paths` keys that name one file, plus the forms that name a module
// without any of them: `'.'`/`'..'` in TS/JS, `from . import` in Python, `super`/`crate` in
// Rust. In TS/JS and Go the words count only inside a string literal (specifiers are
// strings there). More words only cost parsing; a missing one would cost a wrong answer.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { treeSitterLanguageOf } from './languages/language-extensions';
import { loadPathMapping } from './tsconfig-paths';
import { quotedWordsPattern } from './quick-text-prefilter';

export interface ImporterWords {
  readonly words: string[];
  readonly patterns: string[];
  /**
   * TypeScript/JavaScript and Go: the words that must sit inside a string literal (the first
   * pattern says so for ripgrep), and the other patterns, for quick-import-filter.ts.
   */
  readonly quoted?: { readonly words: string[]; readonly patterns: string[] };
}

const MAX_MANIFEST_BYTES = 1024 * 1024;

function readSmall(file: string): string | undefined {
  try {
    if (statSync(file).size > MAX_MANIFEST_BYTES) return undefined;
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function stemOf(file: string): string {
  const base = path.posix.basename(file);
  const withoutExt = base.replace(/\.[^.]+$/, '');
  return withoutExt.replace(/\.d$/, '');
}

/** Names a manifest gives the code below it. */
function manifestNames(root: string, manifest: string): string[] {
  const text = readSmall(path.join(root, manifest));
  if (text === undefined) return [];
  const base = path.posix.basename(manifest);
  if (base === 'package.json') {
    try {
      const name = (JSON.parse(text) as { name?: unknown }).name;
      return typeof name === 'string' && name ? [name] : [];
    } catch {
      return [];
    }
  }
  if (base === 'go.mod') {
    const module = /^\s*module\s+"?([^\s"]+)"?/m.exec(text)?.[1];
    return module ? [module] : [];
  }
  if (base === 'Cargo.toml') {
    const name = /^\s*name\s*=\s*"([^"]+)"/m.exec(text)?.[1];
    return name ? [name, name.replace(/-/g, '_')] : [];
  }
  return [];
}

export interface WordContext {
  readonly root: string;
  /** The project's config files (project-relative), as the index's scan lists them. */
  readonly configPaths: readonly string[];
}

/** Exact (`*`-less) tsconfig/jsconfig `paths` keys: they may name one file under any name. */
export function exactPathAliases(context: WordContext): string[] {
  const out: string[] = [];
  for (const config of context.configPaths) {
    if (!/^(ts|js)config.*\.json$/.test(path.posix.basename(config))) continue;
    const mapping = loadPathMapping(path.join(context.root, config));
    for (const key of Object.keys(mapping.paths ?? {})) if (!key.includes('*')) out.push(key);
  }
  return out;
}

export function importerWordsFor(
  file: string,
  context: WordContext,
  aliases: readonly string[],
): ImporterWords {
  const stem = stemOf(file);
  // `a.impl.ts` may be reached through a `paths` pattern that adds `.impl` to `a`.
  const words = new Set<string>([stem, stem.split('.')[0] ?? stem]);
  const patterns = new Set<string>();
  const dir = path.posix.dirname(file);
  const language = treeSitterLanguageOf(file);
  // A module named by its folder: an index file, a Python package, a Rust mod.rs/lib.rs,
  // a Go or Java package (imported as a whole).
  const namedByFolder =
    language === 'go' ||
    language === 'java' ||
    (language === undefined && stem === 'index') ||
    (language === 'python' && stem === '__init__') ||
    (language === 'rust' && (stem === 'mod' || stem === 'lib' || stem === 'main'));
  if (dir !== '.' && namedByFolder) words.add(path.posix.basename(dir));
  const manifests = new Set(context.configPaths);
  for (let d = dir; ; d = path.posix.dirname(d)) {
    const prefix = d === '.' ? '' : `${d}/`;
    for (const name of ['package.json', 'go.mod', 'Cargo.toml'])
      if (manifests.has(`${prefix}${name}`))
        for (const word of manifestNames(context.root, `${prefix}${name}`)) words.add(word);
    if (d === '.' || d === '/' || d === '') break;
  }
  if (language === undefined) {
    for (const alias of aliases) words.add(alias);
    if (stem === 'index') patterns.add(`['"\`](?:\\.\\.?/)*\\.\\.?/?['"\`]`);
  } else if (language === 'python' && stem === '__init__') {
    patterns.add('from\\s+\\.+\\s+import');
  } else if (language === 'rust') {
    words.add('super');
    words.add('crate');
  }
  const found = [...words].filter(Boolean);
  // TypeScript/JavaScript and Go write every specifier as a string literal: the word must be
  // inside one (`index`, `util` or `http` elsewhere in the code do not count).
  if (language === undefined || language === 'go')
    return {
      words: [],
      patterns: [quotedWordsPattern(found), ...patterns],
      quoted: { words: found, patterns: [...patterns] },
    };
  return { words: found, patterns: [...patterns] };
}
