// `node --import <this file> out/main/index.js`: runs the Electron main bundle under plain
// Node, with `electron` resolved to ./electron.mjs. Every package the process loads is
// appended to $SLUICE_STUB_LOG (one file URL or path a line): ES modules as they resolve
// (before they run), CommonJS modules from require.cache at exit. The CLI bundle test uses
// the same log to see which packages a verb loaded.
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

const log = process.env.SLUICE_STUB_LOG;
register('./hooks.mjs', import.meta.url, {
  data: { stub: new URL('./electron.mjs', import.meta.url).href, log },
});
if (log) {
  const require = createRequire(import.meta.url);
  process.on('exit', () => {
    const files = Object.keys(require.cache);
    if (files.length) appendFileSync(log, `${files.join('\n')}\n`);
  });
}
