// Tests before approval (issue 31 "Measured"): on real suites installed offline — Debian's
// lazr.uri and wadllib with their own tests (pytest), Debian's toolz with its tests (pytest),
// Debian's go-humanize with its tests (go test), and a vitest project built here (40 modules in
// import chains, 40 test files, vitest from our node_modules) — breaking and benign one-edit
// mutations of their sources (benign: comments, blank lines, spacing, a renamed local). For each edit: the selection time, the verdict time
// (the service as the app uses it, baseline cached per disk state), and the reference: the
// whole suite on the original and on the edited copy. Recall = newly failing tests the verdict
// reports / tests that fail on the edited copy's full suite and pass on the original's; false
// "newly failing" counted on benign edits. The selected share of the suite is reported
// against the full suite's time, and each verdict against the whole suite run directly (no
// sandbox, warm bytecode and build caches, as a developer runs it). The verdicts are those of a
// project opened as a person opens it: the background baseline is given its chance to finish
// before the first edit, and its time is printed apart; beside them, the same edits on a service
// that never ran it (as before the background baseline), with caches of its own. Only run when
// named (`npm run bench -- tests`).
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
import { spawnSync } from 'node:child_process';
import diagnostics_channel from 'node:diagnostics_channel';
import os from 'node:os';
import path from 'node:path';
import { detectSandbox } from '../src/main/core/sandbox/sandbox-detect';
import { detectCopySupport } from '../src/main/core/sandbox/copy-mount';
import { runPlanInCopy } from '../src/main/core/test-runs/test-copy-run';
import type { TestOutcome } from '../src/main/core/test-runs/test-outcome';
import type { TestChange } from '../src/main/core/test-runs/test-plan';
import { createTestRunService } from '../src/main/core/test-runs/test-run-service';
import { TEST_RUN_TRACE, type TestRunTraceEvent } from '../src/main/core/test-runs/test-run-trace';
import { goModulePath } from '../src/main/core/test-runs/test-selection';
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
  /** The whole suite run directly in the project folder (a shell command line). */
  readonly direct: string;
  /**
   * The runner compiles what changed before it runs (go test): the whole suite run directly
   * after the same edit is measured too, since the warm direct run compiles nothing.
   */
  readonly compiles?: boolean;
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
  return after === text ? null : { name, kind, change: { path: file, after, before: text } };
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
    direct: 'python3 -m pytest -p no:cacheprovider -q',
  };
}

function toolzCorpus(base: string): Corpus | null {
  const sources = ['/usr/lib/python3/dist-packages/toolz', '/usr/lib/python3/dist-packages/tlz'];
  if (!sources.every((s) => existsSync(path.join(s, '__init__.py')))) return null;
  const root = path.join(base, 'toolz');
  const skip = (from: string): boolean => !from.includes('__pycache__');
  cpSync(sources[0] as string, path.join(root, 'toolz'), { recursive: true, filter: skip });
  cpSync(sources[1] as string, path.join(root, 'tlz'), { recursive: true, filter: skip });
  writeFileSync(path.join(root, 'conftest.py'), '');
  const it = 'toolz/itertoolz.py';
  const fn = 'toolz/functoolz.py';
  const dt = 'toolz/dicttoolz.py';
  const edits = [
    editOf(
      root,
      it,
      'take: one more',
      'breaking',
      'return itertools.islice(seq, n)',
      'return itertools.islice(seq, n + 1)',
    ),
    editOf(root, it, 'interpose: keep the first separator', 'breaking', '    next(inposed)\n', ''),
    editOf(
      root,
      fn,
      'identity: None',
      'breaking',
      /def identity\(x\):([\s\S]*?)return x/u,
      'def identity(x):$1return None',
    ),
    editOf(
      root,
      dt,
      'merge: first wins',
      'breaking',
      /def merge\(\*dicts, \*\*kwargs\):/u,
      'def merge(*dicts, **kwargs):\n    dicts = tuple(reversed(dicts))',
    ),
    editOf(root, it, 'a comment', 'benign', /^/u, '# Iterator tools.\n'),
    editOf(root, it, 'blank lines', 'benign', /\ndef take\(n, seq\):/u, '\n\n\ndef take(n, seq):'),
    editOf(
      root,
      it,
      'spacing in an expression',
      'benign',
      'return itertools.islice(seq, n)',
      'return itertools.islice( seq,n )',
    ),
    editOf(root, it, 'a renamed local', 'benign', /inposed/gu, 'interposed'),
  ].filter((e): e is Edit => e !== null);
  return {
    title: 'Debian toolz (pytest)',
    root,
    edits,
    whole: { path: 'conftest.py', after: '' },
    direct: 'python3 -m pytest -p no:cacheprovider -q',
  };
}

function goCorpus(base: string): Corpus | null {
  const source = '/usr/share/gocode/src/github.com/dustin/go-humanize';
  if (!existsSync(path.join(source, 'comma.go'))) return null;
  const root = path.join(base, 'go-humanize');
  cpSync(source, root, { recursive: true });
  writeFileSync(path.join(root, 'go.mod'), 'module github.com/dustin/go-humanize\n\ngo 1.16\n');
  const edits = [
    editOf(
      root,
      'ordinals.go',
      'Ordinal: 11st',
      'breaking',
      'if x%100 != 11 {',
      'if x%100 != 111 {',
    ),
    editOf(root, 'comma.go', 'Comma: no sign', 'breaking', 'sign = "-"', 'sign = ""'),
    editOf(root, 'bytes.go', 'Bytes: KB', 'breaking', '"B", "kB", "MB"', '"B", "KB", "MB"'),
    editOf(root, 'comma.go', 'a comment', 'benign', /^/u, '// Commas in numbers.\n'),
    editOf(
      root,
      'ordinals.go',
      'blank lines and spacing',
      'benign',
      'suffix := "th"',
      'suffix  :=  "th"\n\n',
    ),
    editOf(root, 'bytes.go', 'a renamed local', 'benign', /sizes/gu, 'units'),
  ].filter((e): e is Edit => e !== null);
  return {
    title: 'Debian go-humanize (go test)',
    root,
    edits,
    whole: { path: 'go.mod', after: 'module github.com/dustin/go-humanize\n\ngo 1.16\n' },
    direct: 'GOFLAGS=-mod=readonly GOPROXY=off go test -count=1 ./...',
    compiles: true,
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
      change: { path: file, after: text.replace('+ 1;', '+ 2;'), before: text },
    });
  }
  for (const i of [1, 8, 27]) {
    const file = `src/m${i}.js`;
    const text = readFileSync(path.join(root, file), 'utf8');
    edits.push({
      name: `m${i}: a comment`,
      kind: 'benign',
      change: { path: file, after: `// Adds one.\n${text}`, before: text },
    });
  }
  return {
    title: `vitest project built here (${MODULES} modules in chains, ${MODULES} test files)`,
    root,
    edits,
    whole: { path: 'vitest.config.js', after: 'export default { test: {} };\n' },
    direct: 'node_modules/.bin/vitest run',
  };
}

/** One run of the whole suite directly in `copy`, in ms. */
function directRun(corpus: Corpus, copy: string): number {
  // As a developer runs it: bytecode written and read.
  const env = { ...process.env };
  delete env.PYTHONDONTWRITEBYTECODE;
  const started = performance.now();
  spawnSync('/bin/sh', ['-c', corpus.direct], {
    cwd: copy,
    env,
    stdio: 'ignore',
    timeout: 600_000,
  });
  return performance.now() - started;
}

/** The whole suite run directly (no sandbox) in a copy of the corpus, warm. */
function directMs(corpus: Corpus, base: string): number {
  const copy = path.join(base, `direct-${path.basename(corpus.root)}`);
  cpSync(corpus.root, copy, { recursive: true, verbatimSymlinks: true });
  // One run to warm up, then the faster of two (the machine is shared).
  directRun(corpus, copy);
  const ms = Math.min(directRun(corpus, copy), directRun(corpus, copy));
  rmSync(copy, { recursive: true, force: true });
  return ms;
}

/**
 * The whole suite run directly after `change`, as a developer runs it after the edit: warm
 * before it, so the run compiles what the edit changed and nothing else.
 */
function directAfterEditMs(corpus: Corpus, base: string, change: TestChange): number {
  const copy = path.join(base, `direct-edit-${path.basename(corpus.root)}`);
  cpSync(corpus.root, copy, { recursive: true, verbatimSymlinks: true });
  directRun(corpus, copy);
  const file = path.join(copy, ...change.path.split('/'));
  if (change.after === null) rmSync(file, { force: true });
  else writeFileSync(file, change.after);
  const ms = directRun(corpus, copy);
  rmSync(copy, { recursive: true, force: true });
  return ms;
}

function failingIds(outcomes: readonly TestOutcome[]): Set<string> {
  return new Set(outcomes.filter((o) => o.status === 'failed').map((o) => `${o.file}\0${o.name}`));
}

/** verdict ms / direct whole-suite ms, per edit, across corpora. */
const ratios: number[] = [];
/** verdict ms / the whole suite run directly after the same edit (compiled corpora). */
const editedRatios: number[] = [];
/** The same without the background baseline (as before it). */
const coldRatios: number[] = [];
/** Each corpus's background baseline on opening: its time and what it kept. */
const backgrounds: string[] = [];

/** Opens the service as a person opens a project and lets its background baseline finish. */
async function openWithBaseline(root: string, home: string) {
  const service = createTestRunService({ root, home, baselineDebounceMs: 0 });
  let said = 'no word from the background baseline';
  const listen = (message: unknown): void => {
    const event = message as TestRunTraceEvent;
    if (event.type === 'baseline' && event.root === root && event.step !== 'started')
      said = `${event.step}: ${event.detail}`;
  };
  diagnostics_channel.subscribe(TEST_RUN_TRACE, listen);
  const started = performance.now();
  service.prepareBaseline();
  await service.baselineSettled();
  const ms = performance.now() - started;
  diagnostics_channel.unsubscribe(TEST_RUN_TRACE, listen);
  return { service, ms, said };
}

async function measure(corpus: Corpus, home: string): Promise<BenchTable> {
  const direct = directMs(corpus, path.dirname(home));
  const sandbox = detectSandbox();
  // Each service with its own SLUICE_HOME, so neither finds what the other compiled.
  process.stderr.write(`tests: ${corpus.title}: opening, background baseline\n`);
  const opened = await openWithBaseline(corpus.root, path.join(home, 'opened'));
  const service = opened.service;
  process.stderr.write(`tests: ${corpus.title}: background baseline ${Math.round(opened.ms)} ms\n`);
  backgrounds.push(`${corpus.title}: ${Math.round(opened.ms)} ms (${opened.said})`);
  const cold = createTestRunService({ root: corpus.root, home: path.join(home, 'cold') });
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
      ...(wholePlan.format === 'go-json' ? { modulePath: goModulePath(corpus.root) ?? '' } : {}),
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
  const coldMs: number[] = [];
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
    ratios.push(verdict.ms / direct);
    const edited = corpus.compiles
      ? directAfterEditMs(corpus, path.dirname(home), edit.change)
      : null;
    if (edited !== null) editedRatios.push(verdict.ms / edited);
    const before = await cold.verdict({ changes: [edit.change], deadlineMs: 600_000 });
    coldMs.push(before.ms);
    coldRatios.push(before.ms / direct);
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
    process.stderr.write(
      `tests: ${corpus.title}: ${edit.kind} ${edit.name}: verdict ${Math.round(verdict.ms)} ms (${(verdict.ms / direct).toFixed(2)}x), no background baseline ${Math.round(before.ms)} ms\n`,
    );
    rows.push([
      `${edit.kind}: ${edit.name}`,
      `${files}/${totalFiles}`,
      Math.round(selectMs.at(-1) ?? 0),
      Math.round(verdict.ms),
      Math.round(before.ms),
      Math.round(reference.ms),
      `${(verdict.ms / direct).toFixed(2)}x`,
      edited === null ? '—' : `${(verdict.ms / edited).toFixed(2)}x`,
      `${(before.ms / direct).toFixed(2)}x`,
      `${hit}/${shouldFail.length}`,
      verdict.newlyFailing.length,
      verdict.state === 'not_run' ? `not run: ${verdict.reason ?? ''}` : verdict.state,
    ]);
  }
  service.dispose();
  cold.dispose();
  rows.push([
    'summary',
    `${Math.round((share / corpus.edits.length) * 100)}% of test files`,
    `p50 ${Math.round(percentile(selectMs, 50))}`,
    `p50 ${Math.round(percentile(verdictMs, 50))} / p95 ${Math.round(percentile(verdictMs, 95))}`,
    `p50 ${Math.round(percentile(coldMs, 50))} / p95 ${Math.round(percentile(coldMs, 95))}`,
    `p50 ${Math.round(percentile(fullMs, 50))}`,
    `direct ${Math.round(direct)}`,
    '',
    '',
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
      'verdict ms, no background baseline',
      'full suite ms (reference)',
      'verdict / direct suite',
      'verdict / direct suite after the edit',
      'no background baseline / direct',
      'newly failing found',
      'reported new',
      'state',
    ],
    rows,
    notes: [
      `the project was opened first and its background baseline given its chance to finish before the first edit, as a person opening a project would; it took ${Math.round(opened.ms)} ms (${opened.said}), not counted in any verdict`,
      'verdict = the service as the app runs it once opened (proposed run; its failures run once more within it for pytest and go test, in a rerun for the others; the baseline from the background, else run beside the proposed run; kept per target and the state of its files)',
      'no background baseline = the same edits on a service that never ran it (as before it): a target met first runs its baseline beside the proposed run; its own SLUICE_HOME, so nothing compiled by the other is reused',
      'full suite = the whole suite in the same kind of private copy (the reference for recall and for the selected share)',
      `direct = the whole suite run directly in a copy of the project, no sandbox, warm (the faster of two runs after one): ${Math.round(direct)} ms`,
      ...(corpus.compiles
        ? [
            'direct suite after the edit = the whole suite run directly once more after the same edit, warm before it: what a developer waits for after the edit, the runner compiling what it changed (the warm direct run above compiles nothing)',
          ]
        : []),
    ],
  };
}

/** BENCH_TESTS_ONLY=toolz,go-humanize measures those corpora alone (lazr, toolz, go-humanize, vitest). */
function wanted(name: string): boolean {
  const only = process.env.BENCH_TESTS_ONLY?.split(',').map((n) => n.trim());
  return !only?.length || only.includes(name);
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
    const python = wanted('lazr') ? pythonCorpus(base) : null;
    if (python) tables.push(await measure(python, home));
    else if (wanted('lazr'))
      tables.push({
        title: 'Tests before approval: Debian lazr.uri + wadllib',
        columns: ['note'],
        rows: [['not measured: python3-lazr.uri / python3-wadllib are not installed']],
      });
    for (const [name, corpus] of [
      ['toolz', wanted('toolz') ? toolzCorpus(base) : null],
      ['go-humanize', wanted('go-humanize') ? goCorpus(base) : null],
    ] as const)
      if (!wanted(name)) continue;
      else if (corpus) tables.push(await measure(corpus, home));
      else
        tables.push({
          title: `Tests before approval: ${name}`,
          columns: ['note'],
          rows: [[`not measured: Debian's ${name} is not installed`]],
        });
    if (wanted('vitest')) tables.push(await measure(vitestCorpus(base), home));
    const summary = (name: string, list: number[]): (string | number)[] => [
      name,
      list.length,
      `${percentile(list, 50).toFixed(2)}x`,
      `${percentile(list, 95).toFixed(2)}x`,
      `${list.filter((r) => r < 1).length}/${list.length}`,
    ];
    tables.push({
      title: 'Tests before approval: every edit, verdict against the whole suite run directly',
      columns: ['verdict', 'edits', 'p50', 'p95', 'under 1x'],
      rows: [
        summary('project opened, background baseline finished first', ratios),
        summary('no background baseline (as before it)', coldRatios),
        ...(editedRatios.length
          ? [
              summary(
                'compiled suites (go test): against the whole suite run directly after the same edit',
                editedRatios,
              ),
            ]
          : []),
      ],
      notes: [
        'the background baseline on opening, per project (not in the ratios above):',
        ...backgrounds,
      ],
    });
    return tables;
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
