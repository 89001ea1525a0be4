// `npm run test:electron`: a Playwright `_electron` smoke test of the built app, where an
// Electron binary exists. Here (no binary can be downloaded) it skips and says why; it never
// triggers Electron's on-first-start download.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const require = createRequire(import.meta.url);
const electronDir = path.dirname(require.resolve('electron/package.json'));
const pathFile = path.join(electronDir, 'path.txt');
const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : 'electron';
const binary = override ? path.join(override, relative) : path.join(electronDir, 'dist', relative);

if (!existsSync(binary)) {
  console.log(`test:electron skipped: no Electron binary at ${binary}.`);
  console.log(
    'Electron 45.4+ downloads it on first start; this machine cannot. Everything below the',
  );
  console.log('Electron shell is covered by `npm test` and `npm run test:e2e` (browser mode).');
  process.exit(0);
}
if (!existsSync('out/main/index.js')) {
  console.error('test:electron: run `npm run build` first.');
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--config',
    'vitest.e2e.config.ts',
    '--dir',
    'tests/electron',
  ],
  { stdio: 'inherit', env: { ...process.env, SLUICE_ELECTRON_BINARY: binary } },
);
process.exit(result.status ?? 1);
