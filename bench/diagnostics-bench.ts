// `npm run bench -- diagnostics` (issue 24), side by side with the references:
// - Accuracy: a corpus of edits over real code (diagnostics-edits.ts): breakages and benign
//   edits. Reference truth: the errors the whole-project checker reports with the edit but
//   not without (TypeScript's full program check, as `tsc --noEmit`; the pyright CLI).
//   Recall = reference-introduced errors the service also reported (goal ≥ 99%); false-new =
//   errors the service called introduced that the reference did not (goal 0 on benign edits).
//   TypeScript corpus: the @anthropic-ai/sdk package's own TypeScript sources (src/, shipped
//   in node_modules). Python corpus: Debian's requests/attr/click where installed (.ci/run),
//   else the standard library's `email` package (renamed, so it cannot resolve to typeshed).
// - Latency: a ~3,000-file TypeScript project (copies of the SDK's sources side by side),
//   service warm, p50/p95 per proposal against one full `tsc --noEmit`; the cold first check
//   separately; the peak heap of the checker's worker.
// Sizes: BENCH_DIAG_COPIES (default 8 copies ≈ 2,900 files), BENCH_DIAG_PER_KIND (edits per
// kind, default 3), BENCH_DIAG_LATENCY_EDITS (default 20). Not part of CI.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Diagnostic, ProposalEvidence } from '../src/shared/diagnostics';
import {
  compareDiagnostics,
  diagnosticIdentity,
} from '../src/main/core/diagnostics/diagnostic-comparison';
import { createDiagnosticsService } from '../src/main/core/diagnostics/diagnostics-service';
import { CHANGED_FILES_FIRST_MS } from '../src/main/core/evidence/live-evidence';
import type { BenchTable } from './bench-table';
import { makeEdits, type Edit, type EditKind, type Language } from './diagnostics-edits';
import { createTypeScriptReference, pyrightErrors } from './diagnostics-reference';
import { references, TS6, TS7, warmRun, warmTable } from './diagnostics-warm';
import { confinementCost } from './diagnostics-confinement';
import { createNativeReference, EFFECT_VERSION, effectProject, tscMs } from './diagnostics-effect';

const require = createRequire(import.meta.url);
const SDK_SRC = path.join(path.dirname(require.resolve('@anthropic-ai/sdk')), 'src');
const TYPES = path.join(path.dirname(require.resolve('typescript/package.json')), '..', '@types');
const PY_DIST = '/usr/lib/python3/dist-packages';
const env = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const COPIES = env('BENCH_DIAG_COPIES', 8);
const PER_KIND = env('BENCH_DIAG_PER_KIND', 3);
const LATENCY_EDITS = env('BENCH_DIAG_LATENCY_EDITS', 20);
const NO_DEADLINE = 30 * 60_000;

function tsconfig(pathsTo: string): string {
  return JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      // Inside the project: the checker reads nothing outside it but its dependencies.
      typeRoots: ['./node_modules/@types'],
      types: ['node'],
      paths: {
        '@anthropic-ai/sdk/*': [`./${pathsTo}/*`],
        '@anthropic-ai/sdk': [`./${pathsTo}/index.ts`],
      },
    },
    include: ['src'],
  });
}

export function listFiles(root: string, ext: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(ext) && !entry.name.endsWith('.d.ts'))
        out.set(path.relative(root, full).split(path.sep).join('/'), readFileSync(full, 'utf8'));
    }
  };
  walk(root);
  return out;
}

export function typescriptProject(copies: number): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sluice-bench-diag-ts-'));
  for (let i = 0; i < copies; i++) {
    const target = copies === 1 ? path.join(root, 'src') : path.join(root, 'src', `copy${i}`);
    cpSync(SDK_SRC, target, { recursive: true });
    rmSync(path.join(target, 'tsconfig.json'), { force: true });
  }
  writeFileSync(path.join(root, 'tsconfig.json'), tsconfig(copies === 1 ? 'src' : 'src/copy0'));
  mkdirSync(path.join(root, 'node_modules'));
  symlinkSync(TYPES, path.join(root, 'node_modules', '@types'));
  return root;
}

function pythonProject(): { root: string; label: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sluice-bench-diag-py-'));
  const debian = ['requests', 'attr', 'click'].filter((p) => existsSync(path.join(PY_DIST, p)));
  if (debian.length) {
    for (const p of debian)
      cpSync(path.join(PY_DIST, p), path.join(root, p), {
        recursive: true,
        filter: (f) => !f.includes('__pycache__'),
      });
    // A Python project, as the app knows one when it opens (its pyright warms then).
    writeFileSync(path.join(root, 'pyproject.toml'), '[project]\nname = "bench-corpus"\n');
    return { root, label: `Debian ${debian.join(', ')}` };
  }
  const version = spawnSync('python3', ['-c', 'import email,sys;print(email.__path__[0])'], {
    encoding: 'utf8',
  });
  const emailDir = version.stdout.trim();
  if (!emailDir || !existsSync(emailDir))
    throw new Error(
      'no Python corpus: neither Debian python3-requests/attr/click nor the standard library was found',
    );
  cpSync(emailDir, path.join(root, 'mailpkg'), {
    recursive: true,
    filter: (f) => !f.includes('__pycache__'),
  });
  for (const [file, text] of listFiles(path.join(root, 'mailpkg'), '.py'))
    writeFileSync(
      path.join(root, 'mailpkg', file),
      text
        .replace(/\bfrom email\b/g, 'from mailpkg')
        .replace(/\bimport email\b/g, 'import mailpkg')
        .replace(/\bemail\./g, 'mailpkg.'),
    );
  return { root, label: `the standard library's email package (${emailDir}), as mailpkg` };
}

interface KindRow {
  edits: number;
  reference: number;
  found: number;
  falseNew: number;
  ms: number[];
}

function matched(ours: readonly Diagnostic[], reference: readonly Diagnostic[]): number {
  const left = new Map<string, number>();
  for (const d of ours) left.set(diagnosticIdentity(d), (left.get(diagnosticIdentity(d)) ?? 0) + 1);
  let n = 0;
  for (const d of reference) {
    const k = diagnosticIdentity(d);
    const c = left.get(k) ?? 0;
    if (c > 0) {
      n++;
      left.set(k, c - 1);
    }
  }
  return n;
}

const percentile = (values: readonly number[], p: number): number => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

async function accuracy(
  language: Language,
  root: string,
  files: ReadonlyMap<string, string>,
  referenceErrors: (edit: Edit | null) => Diagnostic[],
  /** As the app does when the project opens: the warm checkers prepare, awaited (untimed). */
  warmFirst = false,
): Promise<{
  rows: Map<string, KindRow>;
  missed: string[];
  falseNew: string[];
  /** Each edit's time, in the order checked (the first is the cold check). */
  order: number[];
  /** When the live check showed evidence (the changed files' past the wait), same order. */
  shown: number[];
  warmMs: number | undefined;
}> {
  const edits = makeEdits(language, files, PER_KIND, 24);
  const service = createDiagnosticsService({ root });
  const baseline = referenceErrors(null);
  const rows = new Map<string, KindRow>();
  const missed: string[] = [];
  const falseNewList: string[] = [];
  const order: number[] = [];
  const shown: number[] = [];
  /** How long the preparation at open took, when awaited. */
  let warmMs: number | undefined;
  try {
    if (warmFirst) {
      const started = Date.now();
      await service.warm?.();
      warmMs = Date.now() - started;
    }
    for (const edit of edits) {
      const started = Date.now();
      // As a live check runs, without its deadline: the complete evidence is what is scored.
      let late: (evidence: ProposalEvidence) => void = () => undefined;
      const completed = new Promise<ProposalEvidence>((resolve) => (late = resolve));
      const first = await service.checkChange([{ path: edit.path, after: edit.after }], {
        deadlineMs: NO_DEADLINE,
        changedFilesFirstAfterMs: CHANGED_FILES_FIRST_MS,
        onLateResult: (e) => late(e),
      });
      const shownMs = Date.now() - started;
      shown.push(shownMs);
      const evidence = first.state === 'checking' ? await completed : first;
      const ms = Date.now() - started;
      const reference = compareDiagnostics(baseline, referenceErrors(edit)).introduced;
      // An edit counts as benign only when the reference agrees it breaks nothing.
      const label = `${edit.kind}${edit.benign && reference.length ? ' (broke something)' : ''}`;
      const row = rows.get(label) ?? { edits: 0, reference: 0, found: 0, falseNew: 0, ms: [] };
      const found = matched(evidence.introduced, reference);
      row.edits++;
      row.reference += reference.length;
      row.found += found;
      row.falseNew += evidence.introduced.length - matched(reference, evidence.introduced);
      row.ms.push(ms);
      order.push(ms);
      rows.set(label, row);
      process.stderr.write(
        `  ${language} ${label} ${edit.path}: shown ${shownMs} ms, complete ${ms} ms, ${found}/${reference.length} found\n`,
      );
      if (evidence.state !== 'checked')
        missed.push(`${edit.kind} ${edit.path}: ${evidence.state} ${evidence.reason ?? ''}`);
      // reference − ours: missed; ours − reference: extra (the labels were swapped before).
      for (const d of compareDiagnostics(evidence.introduced, reference).introduced)
        missed.push(
          `${edit.kind} ${edit.path} → missed ${d.path}:${d.line} ${d.code} ${d.message.split('\n')[0]}`,
        );
      for (const d of compareDiagnostics(reference, evidence.introduced).introduced)
        falseNewList.push(
          `${edit.kind} ${edit.path} → extra ${d.path}:${d.line} ${d.code} ${d.message.split('\n')[0]}`,
        );
    }
  } finally {
    await service.dispose();
  }
  return { rows, missed, falseNew: falseNewList, order, shown, warmMs };
}

function accuracyTable(
  title: string,
  corpus: string,
  result: Awaited<ReturnType<typeof accuracy>>,
): BenchTable {
  const rows = [...result.rows].map(([kind, r]) => [
    kind,
    r.edits,
    r.reference,
    r.found,
    r.reference ? `${((100 * r.found) / r.reference).toFixed(1)}%` : '-',
    r.falseNew,
    percentile(r.ms, 50),
  ]);
  const totals = [...result.rows.values()].reduce(
    (a, r) => ({ reference: a.reference + r.reference, found: a.found + r.found }),
    { reference: 0, found: 0 },
  );
  const all = result.order;
  const warm = result.warmMs === undefined ? all.slice(1) : all;
  const shownWarm = result.warmMs === undefined ? result.shown.slice(1) : result.shown;
  const benignFalse = [...result.rows]
    .filter(([k]) => ['comment', 'formatting', 'rename-local'].includes(k))
    .reduce((n, [, r]) => n + r.falseNew, 0);
  return {
    title,
    columns: ['edit kind', 'edits', 'reference errors', 'found', 'recall', 'false-new', 'p50 ms'],
    rows,
    notes: [
      `corpus: ${corpus}`,
      `recall ${totals.reference ? ((100 * totals.found) / totals.reference).toFixed(1) : '-'}% (${totals.found}/${totals.reference}; goal ≥ 99%); false-new on benign edits: ${benignFalse} (goal 0)`,
      `per proposal over ${warm.length} edits, ${result.warmMs === undefined ? 'the checker warm after the first (the first, cold, left out)' : 'every one after the preparation at open'}: complete evidence p50 ${percentile(warm, 50)} ms, p95 ${percentile(warm, 95)} ms; shown in a live check (the changed files' errors past ${CHANGED_FILES_FIRST_MS} ms, the importers' following) p50 ${percentile(shownWarm, 50)} ms, p95 ${percentile(shownWarm, 95)} ms`,
      ...(result.warmMs === undefined
        ? []
        : [
            `prepared when the project opened, as the app does (the checker's pass over the modules, awaited before the first edit and not counted): ${result.warmMs} ms; every edit is timed`,
          ]),
      ...result.missed.slice(0, 8).map((m) => `missed: ${m}`),
      ...result.falseNew.slice(0, 8).map((m) => `false-new: ${m}`),
    ],
  };
}

/**
 * Accuracy through the service (Sluice's own compiler: TypeScript 7 for this tsconfig), against
 * the same compiler's full program check; with BENCH_DIAG_TS6, the project's own TypeScript 6
 * (its language service) against 6.x's full program check, as before TypeScript 7 was Sluice's.
 */
async function typescriptAccuracy(): Promise<BenchTable> {
  const root = typescriptProject(1);
  const six = !!process.env.BENCH_DIAG_TS6;
  if (six) symlinkSync(TS6, path.join(root, 'node_modules', 'typescript'));
  const native = six ? null : await createNativeReference(root);
  try {
    const reference = native ?? createTypeScriptReference(root);
    const files = listFiles(root, '.ts');
    const result = await accuracy('typescript', root, files, (edit) =>
      reference.errors(edit ? new Map([[path.join(root, edit.path), edit.after]]) : new Map()),
    );
    return accuracyTable(
      `diagnostics: TypeScript accuracy, ${six ? "the project's TypeScript 6" : "Sluice's own TypeScript 7"} (reference: the same compiler's full program check, as tsc --noEmit)`,
      `@anthropic-ai/sdk sources, ${files.size} files`,
      result,
    );
  } finally {
    native?.close();
    rmSync(root, { recursive: true, force: true });
  }
}

async function pythonAccuracy(): Promise<BenchTable> {
  const { root, label } = pythonProject();
  const copy = mkdtempSync(path.join(os.tmpdir(), 'sluice-bench-diag-pyref-'));
  try {
    cpSync(root, copy, { recursive: true });
    const files = listFiles(root, '.py');
    const result = await accuracy(
      'python',
      root,
      files,
      (edit) => {
        if (!edit) return pyrightErrors(copy);
        const file = path.join(copy, edit.path);
        const original = readFileSync(file, 'utf8');
        writeFileSync(file, edit.after);
        try {
          return pyrightErrors(copy);
        } finally {
          writeFileSync(file, original);
        }
      },
      true,
    );
    return accuracyTable(
      'diagnostics: Python accuracy (reference: pyright CLI)',
      `${label}, ${files.size} files`,
      result,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
    rmSync(copy, { recursive: true, force: true });
  }
}

/** Warm evidence per proposal on `copies` copies of the SDK sources, both compilers. */
async function latency(copies: number, title: string): Promise<BenchTable> {
  const root = typescriptProject(copies);
  try {
    const files = listFiles(root, '.ts');
    const kinds: EditKind[] = [
      'comment',
      'rename-import',
      'remove-export',
      'formatting',
      'misspell-property',
      'change-parameter',
      'rename-local',
      'delete-import',
    ];
    const edits = makeEdits(
      'typescript',
      files,
      Math.ceil(LATENCY_EDITS / kinds.length),
      7,
      kinds,
    ).slice(0, LATENCY_EDITS);
    const refs = references(root, edits);
    const runs = [
      await warmRun(root, edits, null, refs.introduced),
      await warmRun(root, edits, TS7, refs.introduced),
      ...(process.env.BENCH_DIAG_TS6 ? [await warmRun(root, edits, TS6, refs.introduced)] : []),
    ];
    return warmTable(
      title,
      `${files.size} files: ${copies === 1 ? 'the @anthropic-ai/sdk package sources (type-heavy: the client, streaming, resources)' : `${copies} copies of the @anthropic-ai/sdk sources side by side`}`,
      runs,
      refs,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Warm evidence on effect's own sources (npm), every compiler against TypeScript 7's full check. */
async function effectLatency(): Promise<BenchTable> {
  const title = `diagnostics: warm TypeScript evidence on effect ${EFFECT_VERSION}'s own sources`;
  const made = effectProject();
  if ('reason' in made) return { title, columns: ['not run'], rows: [[made.reason]], notes: [] };
  const { root } = made;
  const reference = await createNativeReference(root);
  try {
    const files = listFiles(root, '.ts');
    const kinds: EditKind[] = [
      'comment',
      'rename-import',
      'remove-export',
      'formatting',
      'misspell-property',
      'change-parameter',
      'rename-local',
      'delete-import',
    ];
    const edits = makeEdits(
      'typescript',
      files,
      Math.ceil(LATENCY_EDITS / kinds.length),
      11,
      kinds,
    ).slice(0, LATENCY_EDITS);
    const tsc6 = tscMs(TS6, root);
    const tsc7 = tscMs(TS7, root);
    const baseline = reference.errors(new Map());
    const fullMs: number[] = [];
    const known = new Map<Edit, Diagnostic[]>();
    for (const edit of edits) {
      const started = Date.now();
      const errors = reference.errors(new Map([[path.join(root, edit.path), edit.after]]));
      fullMs.push(Date.now() - started);
      known.set(edit, compareDiagnostics(baseline, errors).introduced);
    }
    reference.errors(new Map());
    const introduced = (edit: Edit): Diagnostic[] | null => known.get(edit) ?? null;
    const runs = [
      await warmRun(root, edits, null, introduced),
      await warmRun(root, edits, TS7, introduced),
      ...(process.env.BENCH_DIAG_TS6 ? [await warmRun(root, edits, TS6, introduced)] : []),
    ];
    const table = warmTable(
      title,
      `${files.size} files: effect ${EFFECT_VERSION}'s src/ from npm`,
      runs,
      {
        tscMs: tsc6,
        freshMs: fullMs,
      },
    );
    return {
      ...table,
      rows: table.rows.map((row) =>
        row[0] === 'fresh full program per proposal'
          ? ['full program check per proposal (TypeScript 7, the reference)', ...row.slice(1)]
          : row[0] === 'tsc --noEmit (once)'
            ? ['tsc --noEmit (once, TypeScript 6)', ...row.slice(1)]
            : row,
      ),
      notes: [
        ...(table.notes ?? []),
        `tsc --noEmit once with TypeScript 7: ${tsc7} ms; cold ratios are against TypeScript 6's tsc`,
        `recall reference: TypeScript 7's full program check with each edit (${baseline.length} errors on disk)`,
      ],
    };
  } finally {
    reference.close();
    rmSync(root, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchTable[]> {
  const only = process.env.BENCH_DIAG_ONLY?.split(',');
  const parts: [string, () => Promise<BenchTable>][] = [
    ['ts', typescriptAccuracy],
    ['py', pythonAccuracy],
    ['real', () => latency(1, 'diagnostics: warm TypeScript evidence on a real type-heavy tree')],
    [
      'latency',
      () => latency(COPIES, 'diagnostics: warm TypeScript evidence on the ~3,000-file project'),
    ],
    ['effect', effectLatency],
    ['confine', confinementCost],
  ];
  const tables: BenchTable[] = [];
  for (const [name, part] of parts) if (!only || only.includes(name)) tables.push(await part());
  return tables;
}
