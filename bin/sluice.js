#!/usr/bin/env node
// Thin launcher: the CLI is built to out/cli by `npm run build`.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const entry = fileURLToPath(new URL('../out/cli/main.js', import.meta.url));
if (!existsSync(entry)) {
  process.stderr.write('sluice: the CLI is not built yet; run `npm run build` first.\n');
  process.exit(2);
}
const { main } = await import(pathToFileURL(entry).href);
process.exitCode = await main(process.argv.slice(2));
