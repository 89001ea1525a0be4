import { resolve } from 'node:path';
import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

// The CLI is bundled for Node with every dependency but the BUNDLED ones left external, so
// `npx sluice` loads the same node_modules (and the same better-sqlite3 build) as the tests.
// zod is bundled: as a package it is ~100 ES modules (every locale) resolved one by one at
// start, ~50 ms of every verb; bundled and tree-shaken it is one chunk. ignore, picomatch and
// smol-toml (pure JavaScript, on every workspace and index path) are bundled too: a CommonJS
// package imported from an ES module goes through Node's cjs-module-lexer, which took ~70 ms
// for ignore's 50 kB alone on the first `sluice def` (issue 30). Each verb is its own chunk
// (commands/index.ts imports them dynamically): bench/startup-bench.ts measures the result.
const BUNDLED = ['zod', 'ignore', 'picomatch', 'smol-toml'];
const external = [
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
  ...Object.keys(pkg.dependencies ?? {}).filter((name) => !BUNDLED.includes(name)),
].map((name) => new RegExp(`^${name.replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&')}(/.*)?$`));

export default defineConfig({
  // The terminal session (src/cli/session) is React rendered by Ink.
  esbuild: { jsx: 'automatic' },
  ssr: { noExternal: BUNDLED },
  build: {
    ssr: true,
    outDir: 'out/cli',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rollupOptions: {
      // parse-worker.js beside main.js: symbol-index workers load it instead of the whole CLI.
      input: {
        main: resolve(import.meta.dirname, 'src/cli/main.ts'),
        'parse-worker': resolve(import.meta.dirname, 'src/main/core/index/parse-worker.ts'),
        // The detached indexer `sluice def`/`importers` start after a quick answer.
        'background-index-child': resolve(import.meta.dirname, 'src/cli/background-index-child.ts'),
        // The TypeScript checker runs confined in its own process (this file, started with
        // Node), which loads its worker thread from the file beside it.
        'typescript-check-process': resolve(
          import.meta.dirname,
          'src/main/core/diagnostics/typescript/typescript-check-process.ts',
        ),
        'typescript-check-worker': resolve(
          import.meta.dirname,
          'src/main/core/diagnostics/typescript/typescript-check-worker.ts',
        ),
      },
      external,
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
