// `node --import <this file> out/main/index.js`: runs the Electron main bundle under plain
// Node, with `electron` resolved to ./electron.mjs. Every package the bundle resolves is
// appended to $SLUICE_STUB_LOG (one URL a line) so the stub can say what was loaded when.
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url, {
  data: { stub: new URL('./electron.mjs', import.meta.url).href, log: process.env.SLUICE_STUB_LOG },
});
