// Tests before approval (issue 31 "Measured"): on real suites installed offline — Debian's
// lazr.uri and wadllib with their own tests (pytest), and a vitest project built here (40
// modules in import chains, 40 test files, vitest from our node_modules) — breaking and benign
// one-edit mutations of their sources. For each edit: the selection time, the verdict time
// (the service as the app uses it, baseline cached per disk state), and the reference: the
// whole suite on the original and on the edited copy. Recall = newly failing tests the verdict
// reports / tests that fail on the edited copy's full suite and pass on the original's; false
// "newly failing" counted on benign edits. The selected share of the suite is reported
// against the full suite's time. Only run when named (`npm run bench -- tests`).
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  existsSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { detectSandbox } from '../src/main/core/sandbox/sandbox-detect';
import { detectCopySupport } from '../src/main/core/sandbox/copy-mount';
import { runPlanInCopy } from '../src/main/core/test-runs/test-copy-run';
import type { TestOutcome } from '../src/main/core/test-runs/test-outcome';
import type { TestChange } from '../src/main/core/test-runs/test-plan';
import { createTestRunService } from '../src/main/core/test-runs/test-run-service';
import type { BenchTable } from './bench-table';

interface Edit {
  readonly name: string;
  readonly kind: 'breaking' | 'benign';
  readonly change: TestChange;
}

interface Corpus {
  readonly title: string;
  readonly root: string;
  readonly edits: readonly Edit[];
  /** A change that selects the whole suite (its config), for the reference runs. */
  readonly whole: TestChange;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function editOf(
  root: string,
  file: string,
  name: string,
  kind: Edit['kind'],
  from: string | RegExp,
  to: string,
): Edit | null {
  const text = readFileSync(path.join(root, file), 'utf8');
  const after = text.replace(from, to);
  return after === text ? null : { name, kind, change: { path: file, after } };
}

function pythonCorpus(base: string): Corpus | null {
  const sources = [
    '/usr/lib/python3/dist-packages/lazr/uri',
    '/usr/lib/python3/dist-packages/wadllib',
  ];
  if (!sources.every((s) => existsSync(s))) return null;
  const root = path.join(base, 'lazr-wadllib');
  cpSync(sources[0] as string, path.join(root, 'lazr/uri'), { recursive: true });
  cpSync(sources[1] as string, path.join(root, 'wadllib'), { recursive: true });
  writeFileSync(path.join(root, 'conftest.py'), '');
  const uri = 'lazr/uri/_uri.py';
  const app = 'wadllib/application.py';
  const edits = [
    editOf(
      root,
      uri,
      'merge: drop the base path',
      'breaking',
      'return basepath[:slash+1] + relpath',
      'return relpath',
    ),
    editOf(
      root,
      uri,
      'remove_dot_segments: keep the dots',
      'breaking',
      /def remove_dot_segments\(path\):/u,
      'def remove_dot_segments(path):\n    return path\n\ndef _unused(path):',
    ),
    editOf(
      root,
      uri,
      'URI.__str__: no scheme',
      'breaking',
      /def __str__\(self\):/u,
      'def __str__(self):\n        return self.path\n\n    def _unused_str(self):',
    ),
    editOf(
      root,
      uri,
      'ensureSlash: no slash',
      'breaking',
      /def ensureSlash\(self\):/u,
      'def ensureSlash(self):\n        return self\n\n    def _unused_slash(self):',
    ),
    editOf(root, app, 'wadllib: a syntax error', 'breaking', /^import /mu, 'import (\nimport '),
    editOf(root, uri, 'a comment', 'benign', /^/u, '# Parsing and resolving URIs (RFC 3986).\n'),
    editOf(
      root,
      uri,
      'a blank line in a function',
      'benign',
      /def remove_dot_segments\(path\):/u,
      'def remove_dot_segments(path):\n',
    ),
    editOf(root, app, 'a comment in wadllib', 'benign', /^/u, '# WADL applications.\n'),
  ].filter((e): e is Edit => e !== null);
  return {
    title: 'Debian lazr.uri + wadllib (pytest)',
    root,
    edits,
    whole: { path: 'conftest.py', after: '' },
  };
}

const OUR_MODULES = path.resolve(import.meta.dirname, '../node_modules');
const MODULES = 40;

function vitestCorpus(base: string): Corpus {
  const root = path.join(base, 'vitest-chains');
  mkdirSync(path.join(root, 'src'), { recursive: true });
  mkdirSync(path.join(root, 'tests'), { recursive: true });
  mkdirSync(path.join(root, 'node_modules'));
  const real = realpathSync(OUR_MODULES);
  for (const name of readdirSync(real).filter((n) => !n.startsWith('.') || n === '.bin'))
    symlinkSync(path.join(real, name), path.join(root, 'node_modules', name));
  writeFileSync(
    path.join(root, 'package.json'),
    JSON.stringify({ name: 'chains', type: 'module', scripts: { test: 'vitest run' } }),
  );
  writeFileSync(path.join(root, 'vitest.config.js'), 'export default { test: {} };\n');
  // Chains of four: m0 ← m1 ← m2 ← m3, m4 ← …; each test checks its own module's value.
  for (let i = 0; i < MODULES; i++) {
    const parent = i % 4 === 0 ? null : i - 1;
    const body = parent === null ? 'x + 1' : `f${parent}(x) + 1`;
    writeFileSync(
      path.join(root, `src/m${i}.js`),
      `${parent === null ? '' : `import { f${parent} } from './m${parent}.js';\n`}export function f${i}(x) { return ${body}; }\n`,
    );
    writeFileSync(
      path.join(root, `tests/m${i}.test.js`),
      `import { expect, test } from 'vitest';\nimport { f${i} } from '../src/m${i}.js';\ntest('f${i} adds ${(i % 4) + 1}', () => { expect(f${i}(0)).toBe(${(i % 4) + 1}); });\n`,
    );
  }
  const edits: Edit[] = [];
  for (const i of [0, 5, 10, 15, 22, 31]) {
    const file = `src/m${i}.js`;
    const text = readFileSync(path.join(root, file), 'utf8');
    edits.push({
      name: `m${i}: off by one`,
      kind: 'breaking',
      change: { path: file, after: text.replace('+ 1;', '+ 2;') },
    });
  }
  for (const i of [1, 8, 27]) {
    const file = `src/m${i}.js`;
    const text = readFileSync(path.join(root, file), 'utf8');
    edits.push({
      name: `m${i}: a comment`,
      kind: 'benign',
      change: { path: file, after: `// Adds one.\n${text}` },
    });
  }
  return {
    title: `vitest project built here (${MODULES} modules in chains, ${MODULES} test files)`,
    root,
    edits,
    whole: { path: 'vitest.config.js', after: 'export default { test: {} };\n' },
  };
}

function failingIds(outcomes: readonly TestOutcome[]): Set<string> {
  return new Set(outcomes.filter((o) => o.status === 'failed').map((o) => `${o.file}\0${o.name}`));
}

async function measure(corpus: Corpus, home: string): Promise<BenchTable> {
  const sandbox = detectSandbox();
  const service = createTestRunService({ root: corpus.root, home });
  const wholePlan = service.select([corpus.whole]).plans[0];
  if (!wholePlan) throw new Error(`no runner found in ${corpus.root}`);
  const full = async (files: TestChange[]) => {
    const run = await runPlanInCopy({
      root: corpus.root,
      plan: wholePlan,
      files,
      sandbox,
      copiesDir: path.join(home, 'reference'),
      timeoutMs: 600_000,
      signal: new AbortController().signal,
    });
    if (run.kind !== 'ran')
      throw new Error(
        `the full suite did not run: ${run.kind === 'failed' ? run.reason : run.kind}`,
      );
    return run;
  };
  const original = await full([]);
  const originalFailing = failingIds(original.outcomes);
  const totalTests = original.outcomes.length;
  const totalFiles = new Set(original.outcomes.map((o) => o.file)).size;
  const rows: (string | number)[][] = [];
  const selectMs: number[] = [];
  const verdictMs: number[] = [];
  const fullMs: number[] = [original.ms];
  let expected = 0;
  let found = 0;
  let falseNew = 0;
  let share = 0;
  for (const edit of corpus.edits) {
    const started = performance.now();
    const selection = service.select([edit.change]);
    selectMs.push(performance.now() - started);
    const verdict = await service.verdict({ changes: [edit.change], deadlineMs: 600_000 });
    verdictMs.push(verdict.ms);
    const reference = await full([edit.change]);
    fullMs.push(reference.ms);
    const shouldFail = [...failingIds(reference.outcomes)].filter((id) => !originalFailing.has(id));
    const reported = new Set(verdict.newlyFailing.map((f) => `${f.file}\0${f.name}`));
    const hit = shouldFail.filter((id) => reported.has(id)).length;
    expected += shouldFail.length;
    found += hit;
    if (edit.kind === 'benign') falseNew += verdict.newlyFailing.length;
    const files = selection.plans[0]?.selection.targets.length ?? 0;
    share += totalFiles ? files / totalFiles : 0;
    rows.push([
      `${edit.kind}: ${edit.name}`,
      `${files}/${totalFiles}`,
      Math.round(selectMs.at(-1) ?? 0),
      Math.round(verdict.ms),
      Math.round(reference.ms),
      `${hit}/${shouldFail.length}`,
      verdict.newlyFailing.length,
      verdict.state === 'not_run' ? `not run: ${verdict.reason ?? ''}` : verdict.state,
    ]);
  }
  service.dispose();
  rows.push([
    'summary',
    `${Math.round((share / corpus.edits.length) * 100)}% of test files`,
    `p50 ${Math.round(percentile(selectMs, 50))}`,
    `p50 ${Math.round(percentile(verdictMs, 50))} / p95 ${Math.round(percentile(verdictMs, 95))}`,
    `p50 ${Math.round(percentile(fullMs, 50))}`,
    `recall ${expected ? ((found / expected) * 100).toFixed(1) : '—'}%`,
    `false-new ${falseNew}`,
    '',
  ]);
  return {
    title: `Tests before approval: ${corpus.title}, ${totalTests} tests`,
    columns: [
      'edit',
      'selected files',
      'selection ms',
      'verdict ms',
      'full suite ms (reference)',
      'newly failing found',
      'reported new',
      'state',
    ],
    rows,
    notes: [
      'verdict = the service as the app runs it (proposed run; baseline and a rerun only when something fails; baseline cached per disk state and command)',
      'full suite = the whole suite in the same kind of private copy (the reference for recall and for the selected share)',
    ],
  };
}

export async function run(): Promise<BenchTable[]> {
  if (!detectSandbox().available || !detectCopySupport().available)
    return [
      {
        title: 'Tests before approval',
        columns: ['note'],
        rows: [['not measured: no bubblewrap or no overlay copy on this machine']],
      },
    ];
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-tests-bench-')));
  const home = path.join(base, 'home');
  mkdirSync(home);
  try {
    const tables: BenchTable[] = [];
    const python = pythonCorpus(base);
    if (python) tables.push(await measure(python, home));
    else
      tables.push({
        title: 'Tests before approval: Debian lazr.uri + wadllib',
        columns: ['note'],
        rows: [['not measured: python3-lazr.uri / python3-wadllib are not installed']],
      });
    tables.push(await measure(vitestCorpus(base), home));
    return tables;
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
