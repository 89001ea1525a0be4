// Where a worker thread's code lives for the way Sluice is being run: from TypeScript sources
// (dev, tests) the worker evaluates a small loader; from a build, the bundled `NAME.js` beside
// the calling module (or the calling bundle itself, which recognises the worker by a marker).
// Used by the parse pool and the diagnostics service's TypeScript checker.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export type WorkerEntry =
  { readonly url: URL; readonly execArgv?: readonly string[] } | { readonly evalCode: string };

/** `name` is the worker module's file name without its extension, beside `moduleUrl`. */
export function workerEntryFor(moduleUrl: string, name: string): WorkerEntry {
  if (moduleUrl.endsWith('.ts')) {
    // Node 20 does not apply `--import tsx` hooks to a worker's entry, so the worker registers
    // tsx's CommonJS hook itself (dev and tests only: tsx is a devDependency). The hook is
    // registered globally, not namespaced: a namespaced tsx require keys its own module cache,
    // so the worker's `import ts` loaded a second copy of TypeScript (~0.7 s per worker,
    // measured). TypeScript itself keeps Node's own .js loader (through the hook it took
    // ~0.4 s instead of ~0.2 s) and loads on first use, as from a bundle.
    const require = createRequire(moduleUrl);
    const tsxApi = require.resolve('tsx/cjs/api');
    const typescript = JSON.stringify(require.resolve('typescript'));
    const workerFile = fileURLToPath(new URL(`./${name}.ts`, moduleUrl));
    return {
      evalCode: [
        `const M = require('node:module'); const nodeJs = M._extensions['.js'];`,
        `require(${JSON.stringify(tsxApi)}).register();`,
        `const tsxJs = M._extensions['.js'];`,
        `M._extensions['.js'] = function (m, f) { return (f === ${typescript} ? nodeJs : tsxJs).call(this, m, f); };`,
        `require(${JSON.stringify(workerFile)});`,
      ].join('\n'),
    };
  }
  const sibling = new URL(`./${name}.js`, moduleUrl);
  if (existsSync(fileURLToPath(sibling))) return { url: sibling };
  return { url: new URL(moduleUrl) };
}
