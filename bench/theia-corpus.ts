// A real TypeScript monorepo for the first-query bench (SLUICE_BENCH_CORPUS=theia): the
// `src/` folders of Eclipse Theia's packages as published on npm, laid out as the monorepo
// lays them (`packages/<name>/src/…`, each with its package.json, and a root package.json).
// Fetched once with `npm pack` (the registry is the only network there is) into a cache
// folder under os.tmpdir(), the way diagnostics-effect.ts fetches effect; later runs reuse it.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { walkFiles } from './corpus-files';

export const THEIA_VERSION = process.env.SLUICE_BENCH_THEIA_VERSION ?? '1.74.1';

/** Packages that ship their `src/` at that version: about 2,900 code files together. */
const THEIA_PACKAGES = [
  'ai-anthropic',
  'ai-chat',
  'ai-chat-ui',
  'ai-code-completion',
  'ai-core',
  'ai-editor',
  'ai-google',
  'ai-history',
  'ai-huggingface',
  'ai-ide',
  'ai-llamafile',
  'ai-mcp',
  'ai-ollama',
  'ai-openai',
  'ai-scanoss',
  'ai-terminal',
  'application-manager',
  'application-package',
  'bulk-edit',
  'callhierarchy',
  'cli',
  'collaboration',
  'console',
  'core',
  'debug',
  'dev-container',
  'editor',
  'editor-preview',
  'electron',
  'external-terminal',
  'ffmpeg',
  'file-search',
  'filesystem',
  'getting-started',
  'keymaps',
  'localization-manager',
  'markers',
  'memory-inspector',
  'messages',
  'metrics',
  'mini-browser',
  'monaco',
  'navigator',
  'notebook',
  'outline-view',
  'output',
  'ovsx-client',
  'plugin',
  'plugin-dev',
  'plugin-ext',
  'plugin-ext-headless',
  'plugin-ext-vscode',
  'plugin-metrics',
  'preferences',
  'process',
  'property-view',
  'remote',
  'request',
  'scanoss',
  'scm',
  'scm-extra',
  'search-in-workspace',
  'secondary-window',
  'task',
  'terminal',
  'test',
  'timeline',
  'toolbar',
  'typehierarchy',
  'userstorage',
  'variable-resolver',
  'vsx-registry',
  'workspace',
];

const CACHE = path.join(os.tmpdir(), 'sluice-bench-cache', `theia-${THEIA_VERSION}`);

function fetchPackage(name: string, into: string): string | undefined {
  const unpacked = path.join(into, name);
  if (existsSync(path.join(unpacked, 'package.json'))) return undefined;
  const spec = `@theia/${name}@${THEIA_VERSION}`;
  const pack = spawnSync('npm', ['pack', spec, '--silent'], {
    cwd: into,
    encoding: 'utf8',
    timeout: 180_000,
  });
  const tarball = pack.stdout.trim().split('\n').pop() ?? '';
  if (pack.status !== 0 || !tarball) return `npm pack ${spec} failed: ${pack.stderr.trim()}`;
  const staging = path.join(into, `.${name}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging);
  const untar = spawnSync('tar', ['xzf', path.join(into, tarball), '-C', staging]);
  rmSync(path.join(into, tarball), { force: true });
  if (untar.status !== 0) return `could not unpack ${tarball}`;
  rmSync(unpacked, { recursive: true, force: true });
  mkdirSync(unpacked);
  const pkg = path.join(staging, 'package');
  cpSync(path.join(pkg, 'package.json'), path.join(unpacked, 'package.json'));
  if (existsSync(path.join(pkg, 'src')))
    cpSync(path.join(pkg, 'src'), path.join(unpacked, 'src'), { recursive: true });
  rmSync(staging, { recursive: true, force: true });
  return undefined;
}

/**
 * The monorepo folder (a cache: time it, never write into it) and its code files, or why
 * there is none. A package npm could not fetch is left out and named in `missing`.
 */
export function theiaCorpus():
  { root: string; files: string[]; missing: string[] } | { reason: string } {
  const root = path.join(CACHE, 'monorepo');
  const packages = path.join(root, 'packages');
  mkdirSync(packages, { recursive: true });
  const missing: string[] = [];
  for (const name of THEIA_PACKAGES) {
    const why = fetchPackage(name, packages);
    if (why) missing.push(why);
  }
  writeFileSync(
    path.join(root, 'package.json'),
    JSON.stringify({ name: 'theia-monorepo', private: true, workspaces: ['packages/*'] }),
  );
  const files = walkFiles(root, (name) => /\.(tsx?|jsx?)$/.test(name));
  const fetched = readdirSync(packages).filter((n) => !n.startsWith('.'));
  if (!fetched.length) return { reason: missing.join('; ') || 'no package could be fetched' };
  return { root, files, missing };
}
