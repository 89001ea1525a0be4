// The TypeScript compiler, loaded with require rather than an ES import. Importing a
// CommonJS package from an ES module makes Node run cjs-module-lexer over its source to
// find named exports: for TypeScript's 9 MB that is ~0.4 s in every thread that does it,
// i.e. in each parse worker started from a bundle (measured: worker ready 0.77 s with the
// import, 0.3 s with require). Types come from `import type` in each user.
//
// Loaded on first use, not at import: re-opening an index where nothing changed, and every
// query, need no parser, and loading it costs ~0.2 s of a CLI verb's start. `ts` starts as a
// stand-in that loads the compiler on its first property read and then replaces itself (an
// ES live binding), so importers read the real module directly from then on.
import { createRequire } from 'node:module';
import type * as TypeScript from 'typescript';

let loaded: typeof TypeScript | undefined;

function load(): typeof TypeScript {
  loaded ??= createRequire(import.meta.url)('typescript') as typeof TypeScript;
  return loaded;
}

export let ts: typeof TypeScript = new Proxy({} as typeof TypeScript, {
  get(_target, key) {
    ts = load();
    return Reflect.get(ts, key) as unknown;
  },
  has(_target, key) {
    ts = load();
    return Reflect.has(ts, key);
  },
});
