// Python definitions and importers against pyright (issue 12): top-1 go-to-definition from
// every import site against pyright's own go-to-definition (pyright-langserver over LSP, npm
// `pyright`), goal ≥ 95% on the names pyright finds inside the project; importer recall
// against the import graph pyright resolves (every `import`/`from` module and imported
// submodule), goal ≥ 98%. Corpora: python3-requests, python3-attr, python3-click (Debian).
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import type { BenchTable } from './bench-table';
import { pct, walkFiles } from './corpus-files';
import { LspClient } from './lsp-client';
import { Workspace } from '../src/main/core/workspace/workspace';
import { SymbolIndex } from '../src/main/core/index/symbol-index';
import { extractFile } from '../src/main/core/index/extract-file';
import { prepareGrammarsFor } from '../src/main/core/index/languages/tree-sitter-runtime';

export const PY_DIST = '/usr/lib/python3/dist-packages';

interface PythonProject {
  readonly name: string;
  readonly packages: readonly string[];
}

const PYTHON_PROJECTS: readonly PythonProject[] = [
  { name: 'requests 2.28.1 (Debian)', packages: ['requests'] },
  { name: 'attrs 22.2.0 (Debian)', packages: ['attr', 'attrs'] },
  { name: 'click 8.1.3 (Debian)', packages: ['click'] },
];

interface Location {
  readonly path: string;
  readonly line: number;
}

type LspLocation = { uri: string; range: { start: { line: number } } };
type LspLink = { targetUri: string; targetSelectionRange: { start: { line: number } } };

function toLocations(dir: string, result: unknown): Location[] | 'external' {
  const list = (Array.isArray(result) ? result : result ? [result] : []) as (
    LspLocation | LspLink
  )[];
  if (!list.length) return 'external';
  const out: Location[] = [];
  for (const item of list) {
    const uri = 'uri' in item ? item.uri : item.targetUri;
    const line = 'uri' in item ? item.range.start.line : item.targetSelectionRange.start.line;
    const file = fileURLToPath(uri);
    if (!file.startsWith(`${dir}/`)) continue;
    out.push({ path: path.relative(dir, file), line: line + 1 });
  }
  return out.length ? out : 'external';
}

interface Site {
  readonly file: string;
  readonly line: number; // 0-based, LSP
  readonly character: number;
  /** The name as bound in the file (what find_definition-from is asked). */
  readonly local: string | null;
}

/** Import sites: each imported name (the last segment of a dotted module), and each `from` module. */
function pythonSites(dir: string, files: readonly string[]): Site[] {
  const sites: Site[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    const outcome = extractFile(file, text);
    if (outcome.status !== 'ok') continue;
    for (const row of outcome.extraction.imports) {
      if (row.kind !== 'import') continue;
      const dotted = row.imported === '*' ? row.specifier : row.imported;
      const offset = row.imported === '*' ? dotted.lastIndexOf('.') + 1 : 0;
      sites.push({
        file,
        line: row.line - 1,
        character: row.column - 1 + offset,
        local: row.local,
      });
    }
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      const match = /^(\s*from\s+)([.\w]*\w)(\s+import\b)/.exec(line);
      if (!match) return;
      const module = match[2] as string;
      const last = module.lastIndexOf('.') + 1;
      sites.push({ file, line: i, character: (match[1] as string).length + last, local: null });
    });
  }
  return sites;
}

async function startPyright(dir: string): Promise<LspClient> {
  const require = createRequire(import.meta.url);
  const server = require.resolve('pyright/langserver.index.js');
  writeFileSync(path.join(dir, 'pyrightconfig.json'), JSON.stringify({ include: ['.'] }));
  const client = new LspClient(process.execPath, [server, '--stdio'], dir);
  const uri = pathToFileURL(dir).href;
  await client.request('initialize', {
    processId: process.pid,
    rootUri: uri,
    workspaceFolders: [{ uri, name: 'bench' }],
    capabilities: { textDocument: { definition: { linkSupport: false } } },
  });
  client.notify('initialized', {});
  return client;
}

interface PythonResult {
  readonly name: string;
  readonly files: number;
  readonly inProject: number;
  readonly agreeInProject: number;
  readonly external: number;
  readonly agreeExternal: number;
  readonly edges: number;
  readonly edgesFound: number;
  readonly misses: string[];
}

async function benchPythonProject(project: PythonProject): Promise<PythonResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sluice-pybench-'));
  try {
    for (const pkg of project.packages) {
      const from = path.join(PY_DIST, pkg);
      if (!existsSync(from))
        throw new Error(`${from} is missing: apt-get install the Debian package`);
      cpSync(from, path.join(dir, pkg), {
        recursive: true,
        filter: (src) => !src.includes('__pycache__'),
      });
    }
    const files = walkFiles(dir, (n) => n.endsWith('.py') || n.endsWith('.pyi'));
    await prepareGrammarsFor(files);
    const workspace = await Workspace.open(dir);
    const index = SymbolIndex.open({ source: workspace, home: null, prestartWorkers: false });
    await index.refresh();
    const sites = pythonSites(workspace.root, files);
    const client = await startPyright(workspace.root);
    const root = workspace.root;
    let inProject = 0;
    let agreeInProject = 0;
    let external = 0;
    let agreeExternal = 0;
    const misses: string[] = [];
    const edges = new Set<string>();
    try {
      for (const file of files) {
        client.notify('textDocument/didOpen', {
          textDocument: {
            uri: pathToFileURL(path.join(root, file)).href,
            languageId: 'python',
            version: 1,
            text: readFileSync(path.join(root, file), 'utf8'),
          },
        });
      }
      for (const site of sites) {
        const result = await client.request('textDocument/definition', {
          textDocument: { uri: pathToFileURL(path.join(root, site.file)).href },
          position: { line: site.line, character: site.character },
        });
        const expected = toLocations(root, result);
        // Importer oracle: a module part, or a name pyright lands on as a whole module (line 1 of a file).
        if (expected !== 'external') {
          for (const target of expected)
            if (site.local === null || (target.line === 1 && target.path !== site.file))
              edges.add(`${site.file}\0${target.path}`);
        }
        if (site.local === null) continue;
        const ours = index.findDefinitionFrom(site.local, site.file)[0];
        if (expected === 'external') {
          external++;
          if (!ours || ours.path === site.file) agreeExternal++;
          continue;
        }
        inProject++;
        if (ours && expected.some((e) => e.path === ours.path && e.line === ours.line))
          agreeInProject++;
        else if (misses.length < 6)
          misses.push(
            `${site.file}:${site.line + 1} ${site.local}: pyright ${expected.map((e) => `${e.path}:${e.line}`).join(',')}, ours ${ours ? `${ours.path}:${ours.line}` : 'none'}`,
          );
      }
    } finally {
      await client.close();
    }
    let edgesFound = 0;
    const importersOf = new Map<string, Set<string>>();
    for (const edge of edges) {
      const [from, target] = edge.split('\0') as [string, string];
      let importers = importersOf.get(target);
      if (!importers) {
        importers = new Set(
          index
            .findImporters(target)
            .filter((i) => i.via.length === 0)
            .map((i) => i.path),
        );
        importersOf.set(target, importers);
      }
      if (importers.has(from)) edgesFound++;
      else if (misses.length < 10) misses.push(`importer missed: ${from} → ${target}`);
    }
    await index.close();
    return {
      name: project.name,
      files: files.length,
      inProject,
      agreeInProject,
      external,
      agreeExternal,
      edges: edges.size,
      edgesFound,
      misses,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function pythonTable(): Promise<BenchTable> {
  const results: PythonResult[] = [];
  for (const project of PYTHON_PROJECTS) results.push(await benchPythonProject(project));
  const total = (key: keyof PythonResult): number =>
    results.reduce((sum, r) => sum + (r[key] as number), 0);
  return {
    title: 'Python definitions and importers vs pyright (LSP go-to-definition)',
    columns: [
      'project',
      'files',
      'import sites in project',
      'top-1 agree',
      'external sites',
      'external agree',
      'import edges',
      'importer recall',
    ],
    rows: [
      ...results.map((r) => [
        r.name,
        r.files,
        r.inProject,
        pct(r.agreeInProject, r.inProject),
        r.external,
        pct(r.agreeExternal, r.external),
        r.edges,
        pct(r.edgesFound, r.edges),
      ]),
      [
        'all',
        total('files'),
        total('inProject'),
        pct(total('agreeInProject'), total('inProject')),
        total('external'),
        pct(total('agreeExternal'), total('external')),
        total('edges'),
        pct(total('edgesFound'), total('edges')),
      ],
    ],
    notes: [
      'goals: top-1 agree ≥ 95% (our first definition is one pyright returns: same file and line), importer recall ≥ 98%',
      'external: pyright lands outside the project (stdlib/typeshed, other packages) or nowhere; ours agrees when it names no project definition',
      ...results.flatMap((r) => r.misses.map((m) => `${r.name}: ${m}`)),
    ],
  };
}

// ---- by-name agreement and cold index time against universal-ctags -----------------------
