// The TypeScript compiler, loaded with require rather than an ES import. Importing a
// CommonJS package from an ES module makes Node run cjs-module-lexer over its source to
// find named exports: for TypeScript's 9 MB that is ~0.4 s in every thread that does it,
// i.e. in each parse worker started from a bundle (measured: worker ready 0.77 s with the
// import, 0.3 s with require). Types come from `import type` in each user.
//
// Loaded on first use, not at import: requiring it costs ~0.3 s, and `sluice def` on an
// up-to-date index, `sluice --help` or the app's first window never parse anything. `ts`
// starts as a proxy that loads the compiler on its first property access and then rebinds
// the export to the real module (ES exports are live bindings), so the extraction's hot
// paths read the module directly, never through the proxy.
import { createRequire } from 'node:module';
import type * as TypeScript from 'typescript';

function load(): typeof TypeScript {
  const real = createRequire(import.meta.url)('typescript') as typeof TypeScript;
  ts = real;
  return real;
}

export let ts: typeof TypeScript = new Proxy({} as typeof TypeScript, {
  get: (_target, key) => Reflect.get(load(), key) as unknown,
  has: (_target, key) => Reflect.has(load(), key),
});
