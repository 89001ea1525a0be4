// The TypeScript compiler, loaded with require rather than an ES import. Importing a
// CommonJS package from an ES module makes Node run cjs-module-lexer over its source to
// find named exports: for TypeScript's 9 MB that is ~0.4 s in every thread that does it,
// i.e. in each parse worker started from a bundle (measured: worker ready 0.77 s with the
// import, 0.3 s with require). Types come from `import type` in each user.
import { createRequire } from 'node:module';
import type * as TypeScript from 'typescript';

export const ts = createRequire(import.meta.url)('typescript') as typeof TypeScript;
