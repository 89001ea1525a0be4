#!/usr/bin/env node
// Builds better-sqlite3 for Electron's ABI into out/native/electron/, leaving
// node_modules/better-sqlite3 as the Node build that tests and the CLI load. The Electron
// main process passes the result as better-sqlite3's `nativeBinding`
// (src/main/electron/native-binding.ts).
//
//   node scripts/rebuild-native-for-electron.mjs            build unless up to date
//   node scripts/rebuild-native-for-electron.mjs --force    build again
//   node scripts/rebuild-native-for-electron.mjs --check    exit 1 unless up to date
//   node scripts/rebuild-native-for-electron.mjs --from-source   skip the prebuilt download
//
// Order: a prebuilt binary for this Electron (prebuild-install, from the better-sqlite3
// GitHub release), else a source build with node-gyp against Electron's headers
// (--target=<electron version> --dist-url=https://electronjs.org/headers). Offline, set
// SLUICE_ELECTRON_HEADERS to an unpacked node-v<electron>-headers folder (one containing
// include/node); the source build then needs no network.
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  copyFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HEADERS_URL = 'https://electronjs.org/headers';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'package.json'));
const outDir = path.join(root, 'out', 'native', 'electron');
const outFile = path.join(outDir, 'better_sqlite3.node');
const infoFile = path.join(outDir, 'build-info.json');
const staging = path.join(outDir, 'build-src');

const args = new Set(process.argv.slice(2));
const known = new Set(['--force', '--check', '--from-source']);
for (const arg of args)
  if (!known.has(arg)) fail(`unknown option ${arg} (known: ${[...known].join(', ')}).`, 2);

function fail(message, code = 1) {
  // Never leave a half-built copy behind; the Node build in node_modules is never touched.
  if (typeof staging === 'string') rmSync(staging, { recursive: true, force: true });
  console.error(`rebuild-native-for-electron: ${message}`);
  process.exit(code);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function packageDir(name) {
  try {
    return path.dirname(require.resolve(`${name}/package.json`));
  } catch {
    return fail(`${name} is not installed; run \`npm install\` first.`);
  }
}

const electronDir = packageDir('electron');
const sqliteDir = packageDir('better-sqlite3');
const electronVersion = readJson(path.join(electronDir, 'package.json'))?.version;
const sqliteVersion = readJson(path.join(sqliteDir, 'package.json'))?.version;
if (!electronVersion || !sqliteVersion)
  fail('cannot read the installed electron or better-sqlite3 version.');

const wanted = {
  electron: electronVersion,
  betterSqlite3: sqliteVersion,
  platform: process.platform,
  arch: process.arch,
};
const current = readJson(infoFile);
const upToDate =
  existsSync(outFile) &&
  current !== null &&
  Object.entries(wanted).every(([key, value]) => current[key] === value);

if (args.has('--check')) {
  if (upToDate) process.exit(0);
  fail(
    `no up-to-date Electron build of better-sqlite3 in ${outDir}; run \`node scripts/rebuild-native-for-electron.mjs\`.`,
  );
}
if (upToDate && !args.has('--force')) {
  console.log(
    `better-sqlite3 ${sqliteVersion} for Electron ${electronVersion} is up to date (${outFile}).`,
  );
  process.exit(0);
}

/** Runs a command, echoing its output, and resolves with its exit code and captured text. */
function run(command, commandArgs, env) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      cwd: staging,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    const keep = (chunk, stream) => {
      text += chunk.toString();
      stream.write(chunk);
    };
    child.stdout.on('data', (chunk) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk) => keep(chunk, process.stderr));
    child.on('error', (error) => resolve({ code: -1, text: `${text}\n${error.message}` }));
    child.on('close', (code) => resolve({ code: code ?? -1, text }));
  });
}

// The environment must not point node-gyp at Node's own headers (an npmrc `nodedir`, as on
// machines that build offline against /usr/include/node): that would silently produce a
// Node-ABI binary that Electron refuses at start.
function cleanEnv() {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    const lower = key.toLowerCase();
    if (
      lower === 'npm_config_nodedir' ||
      lower === 'npm_config_target' ||
      lower === 'npm_config_disturl' ||
      lower === 'npm_config_runtime'
    ) {
      delete env[key];
    }
  }
  return env;
}

function findNodeGyp() {
  const candidates = [
    process.env.npm_config_node_gyp,
    (() => {
      try {
        return require.resolve('node-gyp/bin/node-gyp.js');
      } catch {
        return undefined;
      }
    })(),
    path.join(
      path.dirname(process.execPath),
      '..',
      'lib',
      'node_modules',
      'npm',
      'node_modules',
      'node-gyp',
      'bin',
      'node-gyp.js',
    ),
    path.join(
      path.dirname(process.execPath),
      'node_modules',
      'npm',
      'node_modules',
      'node-gyp',
      'bin',
      'node-gyp.js',
    ),
  ];
  return candidates.find((file) => file && existsSync(file)) ?? null;
}

function prepareStaging() {
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  for (const entry of ['package.json', 'binding.gyp', 'src', 'deps']) {
    const from = path.join(sqliteDir, entry);
    if (!existsSync(from))
      fail(`${from} is missing: the installed better-sqlite3 cannot be rebuilt (reinstall it).`);
    cpSync(from, path.join(staging, entry), { recursive: true });
  }
}

async function tryPrebuilt(env) {
  let bin;
  try {
    bin = require.resolve('prebuild-install/bin.js', { paths: [sqliteDir] });
  } catch {
    return false;
  }
  console.log(
    `Downloading a prebuilt better-sqlite3 ${sqliteVersion} for Electron ${electronVersion}…`,
  );
  const result = await run(
    process.execPath,
    [
      bin,
      '--runtime',
      'electron',
      '--target',
      electronVersion,
      '--arch',
      process.arch,
      '--platform',
      process.platform,
      '--verbose',
    ],
    env,
  );
  return (
    result.code === 0 && existsSync(path.join(staging, 'build', 'Release', 'better_sqlite3.node'))
  );
}

async function buildFromSource(env) {
  const nodeGyp = findNodeGyp();
  if (!nodeGyp)
    fail(
      'node-gyp was not found (it ships with npm); run this script through `npm run` or install node-gyp.',
    );
  const headers = process.env.SLUICE_ELECTRON_HEADERS;
  const headerArgs = headers
    ? [`--nodedir=${path.resolve(headers)}`]
    : [`--dist-url=${HEADERS_URL}`, `--devdir=${path.join(os.homedir(), '.electron-gyp')}`];
  if (headers && !existsSync(path.join(headers, 'include', 'node', 'node_version.h'))) {
    fail(
      `SLUICE_ELECTRON_HEADERS=${headers} does not contain include/node/node_version.h (unpack node-v${electronVersion}-headers.tar.gz there).`,
    );
  }
  console.log(
    `Building better-sqlite3 ${sqliteVersion} from source for Electron ${electronVersion} with node-gyp…`,
  );
  const result = await run(
    process.execPath,
    [
      nodeGyp,
      'rebuild',
      '--release',
      `--target=${electronVersion}`,
      `--arch=${process.arch}`,
      ...headerArgs,
      '--jobs=max',
    ],
    env,
  );
  if (result.code === 0) return;
  const offline =
    /rolling back install|network connectivity|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|getaddrinfo|socket hang up|self.signed|certificate|\b40[34]\b|tarball|download/i.test(
      result.text,
    );
  if (offline && !headers) {
    fail(
      `could not fetch Electron ${electronVersion}'s headers from ${HEADERS_URL}/v${electronVersion}/ (offline or blocked?).\n` +
        `  Connect to the internet and run it again, or download node-v${electronVersion}-headers.tar.gz elsewhere,\n` +
        `  unpack it and run with SLUICE_ELECTRON_HEADERS=<that folder>. Node tests and the CLI are unaffected.`,
    );
  }
  fail(
    `node-gyp failed (exit ${result.code}); see its output above. A C++ compiler, make and Python 3 are needed.`,
  );
}

prepareStaging();
const env = cleanEnv();
const prebuilt = !args.has('--from-source') && (await tryPrebuilt(env));
if (!prebuilt) await buildFromSource(env);
const built = path.join(staging, 'build', 'Release', 'better_sqlite3.node');
if (!existsSync(built)) fail(`the build finished without producing ${built}.`);
copyFileSync(built, outFile);
writeFileSync(
  infoFile,
  `${JSON.stringify({ ...wanted, source: prebuilt ? 'prebuilt' : 'node-gyp', builtAt: new Date().toISOString() }, null, 2)}\n`,
);
rmSync(staging, { recursive: true, force: true });
console.log(`better-sqlite3 for Electron ${electronVersion}: ${outFile}`);
