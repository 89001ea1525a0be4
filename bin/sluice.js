#!/usr/bin/env node
// Thin launcher: the CLI is built to out/cli by `npm run build`.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const entry = fileURLToPath(new URL('../out/cli/main.js', import.meta.url));
if (!existsSync(entry)) {
  process.stderr.write('sluice: the CLI is not built yet; run `npm run build` first.\n');
  process.exit(2);
}
const { main, processIo } = await import(pathToFileURL(entry).href);
const io = processIo();
const code = await main(process.argv.slice(2), io);
if (io.endsPromptly()) {
  // The verb is done and what it started runs detached (the index after a quick answer): the
  // process ends once its output is out, without Node's teardown of the parsers it loaded.
  const flushed = (stream) => new Promise((resolve) => stream.write('', resolve));
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}
process.exitCode = code;
