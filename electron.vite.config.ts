import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { buildContentSecurityPolicy } from './src/shared/content-security-policy';

// Native and heavy Node dependencies stay external to the main bundle; they load from
// node_modules at run time (better-sqlite3's .node file cannot be bundled).
const mainExternal = [
  'better-sqlite3',
  '@vscode/ripgrep',
  'typescript',
  'oxc-parser',
  'web-tree-sitter',
  '@vscode/tree-sitter-wasm',
  '@modelcontextprotocol/sdk',
];

/**
 * The production index.html carries the CSP as a <meta> tag (a file:// load has no response
 * headers). Dev is left to main's response header, which relaxes script-src for the React
 * Refresh preamble. The tag allows loopback WebSockets because the same bundle serves browser
 * mode; inside Electron main's stricter header applies as well, and both must pass.
 */
function contentSecurityPolicyMeta(): Plugin {
  const policy = buildContentSecurityPolicy({
    connectSources: ['ws://127.0.0.1:*', 'ws://localhost:*'],
  });
  return {
    name: 'sluice-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: policy },
        injectTo: 'head-prepend',
      },
    ],
  };
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/electron/app.ts'),
          // Symbol parsing runs in worker threads that load this file next to the main bundle.
          'parse-worker': resolve(__dirname, 'src/main/core/index/parse-worker.ts'),
          // The TypeScript checker runs confined in its own process (this file, started with
          // Electron as Node), which loads its worker thread from the file beside it.
          'typescript-check-process': resolve(
            __dirname,
            'src/main/core/diagnostics/typescript/typescript-check-process.ts',
          ),
          'typescript-check-worker': resolve(
            __dirname,
            'src/main/core/diagnostics/typescript/typescript-check-worker.ts',
          ),
        },
        external: mainExternal,
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can require only `electron`: bundle everything else into it.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    // One syntax highlighter (highlight.js): the diff viewer's unused Prism import is replaced.
    resolve: {
      alias: [
        {
          find: /^refractor(\/.*)?$/,
          replacement: resolve(__dirname, 'src/renderer/src/highlight/refractor-unused.ts'),
        },
      ],
    },
    build: {
      outDir: 'out/renderer',
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
    plugins: [react(), contentSecurityPolicyMeta()],
  },
});
