// The warm TypeScript checker per proposal (issue 30), as the app runs it: the confined
// checker process opened on the project (`warm()`), its first check (cold, racing the
// background preparation), the time until the disk side is prepared, then proposals one after
// another; side by side with a fresh full program per proposal and one `tsc --noEmit`.
// Run with Sluice's own TypeScript (7 when the project has a tsconfig.json), with TypeScript 7
// as the project's own (node_modules/typescript → the `typescript-7` package) and, on request,
// with TypeScript 6 as the project's own (its language service), with recall against the
// reference.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '../src/shared/diagnostics';
import { compareDiagnostics } from '../src/main/core/diagnostics/diagnostic-comparison';
import { createTypeScriptLanguage } from '../src/main/core/diagnostics/typescript/typescript-language';
import { CHANGED_FILES_FIRST_MS } from '../src/main/core/evidence/live-evidence';
import type { BenchTable } from './bench-table';
import type { Edit } from './diagnostics-edits';
import { createTypeScriptReference } from './diagnostics-reference';

const require = createRequire(import.meta.url);
export const TS7 = path.dirname(require.resolve('typescript-7/package.json'));
export const TS6 = path.dirname(require.resolve('typescript/package.json'));

export const percentile = (values: readonly number[], p: number): number => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** Memory ceiling of the checker in the bench: above the default so a 3k-file program fits. */
const BENCH_MEMORY_MB = Number(process.env.BENCH_DIAG_MEMORY_MB) || 4096;

export interface WarmRun {
  readonly compiler: string;
  readonly coldMs: number;
  readonly preparedMs: number;
  readonly warm: number[];
  /** When the changed files were answered (or the whole answer, when it came in one). */
  readonly first: number[];
  /** When a live check shows evidence: the whole answer, or the changed files after the wait. */
  readonly shown: number[];
  readonly peakRss: number;
  readonly recall: { reference: number; found: number; falseNew: number };
  readonly notChecked: string[];
}

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 200));
  }
  return true;
}

function matched(ours: readonly Diagnostic[], reference: readonly Diagnostic[]): number {
  return reference.length - compareDiagnostics(ours, reference).introduced.length;
}

/** One warm run over `edits` (the first is the cold check); `own`: the project's typescript. */
export async function warmRun(
  root: string,
  edits: readonly Edit[],
  own: string | null,
  referenceIntroduced: (edit: Edit) => Diagnostic[] | null,
): Promise<WarmRun> {
  const link = path.join(root, 'node_modules', 'typescript');
  rmSync(link, { force: true });
  mkdirSync(path.dirname(link), { recursive: true });
  if (own) symlinkSync(own, link);
  const tag = own === TS7 ? 'ts7' : own ? 'own ts6' : 'bundled';
  // The hard ceiling is lifted: on a shared, loaded machine a cold check can pass 60 s.
  const lang = createTypeScriptLanguage({
    root,
    memoryMb: BENCH_MEMORY_MB,
    ceilingMs: 30 * 60_000,
  });
  const warm: number[] = [];
  const first: number[] = [];
  const shown: number[] = [];
  const notChecked: string[] = [];
  const recall = { reference: 0, found: 0, falseNew: 0 };
  let peakRss = 0;
  try {
    const opened = Date.now();
    void lang.warm?.();
    let coldMs = 0;
    let preparedMs = 0;
    for (const [i, edit] of edits.entries()) {
      const started = Date.now();
      let changedAt: number | null = null;
      const outcome = await lang.check(
        [{ path: edit.path, after: edit.after }],
        new AbortController().signal,
        undefined,
        () => (changedAt = Date.now() - started),
      );
      const ms = Date.now() - started;
      if (i > 0) {
        first.push(changedAt ?? ms);
        shown.push(
          ms <= CHANGED_FILES_FIRST_MS || changedAt === null
            ? ms
            : Math.max(changedAt, CHANGED_FILES_FIRST_MS),
        );
      }
      if (i === 0) {
        coldMs = Date.now() - opened;
        await until(() => {
          peakRss = Math.max(peakRss, lang.memoryBytes() ?? 0);
          return lang.stats()?.prepared === true;
        }, 20 * 60_000);
        preparedMs = Date.now() - opened;
      } else warm.push(ms);
      peakRss = Math.max(peakRss, lang.memoryBytes() ?? 0);
      if (outcome.state !== 'checked') {
        notChecked.push(`${edit.kind} ${edit.path}: ${outcome.reason}`);
        continue;
      }
      const ours = compareDiagnostics(outcome.before, outcome.after).introduced;
      const reference = referenceIntroduced(edit);
      if (reference) {
        recall.reference += reference.length;
        recall.found += matched(ours, reference);
        recall.falseNew += ours.length - matched(reference, ours);
      }
      process.stderr.write(
        `  warm ${tag} ${edit.kind} ${edit.path}: ${ms} ms (changed files ${changedAt ?? '-'} ms), ${ours.length} introduced\n`,
      );
    }
    return {
      compiler: lang.compiler() ?? tag,
      coldMs,
      preparedMs,
      warm,
      first,
      shown,
      peakRss,
      recall,
      notChecked,
    };
  } finally {
    await lang.dispose();
    rmSync(link, { force: true });
  }
}

/** `tsc --noEmit` once, and a fresh full program per proposal (the reference) for a few edits. */
export function references(
  root: string,
  edits: readonly Edit[],
): { tscMs: number; freshMs: number[]; introduced: (edit: Edit) => Diagnostic[] | null } {
  const tsc = path.join(path.dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
  const started = Date.now();
  spawnSync(process.execPath, [tsc, '--noEmit', '-p', root], { maxBuffer: 256 * 1024 * 1024 });
  const tscMs = Date.now() - started;
  const reference = createTypeScriptReference(root);
  const baseline = reference.errors(new Map());
  const known = new Map<Edit, Diagnostic[]>();
  const freshMs: number[] = [];
  const fresh = Number(process.env.BENCH_DIAG_FRESH_EDITS) || edits.length;
  for (const edit of edits.slice(0, fresh)) {
    const t = Date.now();
    const errors = reference.errors(new Map([[path.join(root, edit.path), edit.after]]));
    freshMs.push(Date.now() - t);
    known.set(edit, compareDiagnostics(baseline, errors).introduced);
  }
  return { tscMs, freshMs, introduced: (edit) => known.get(edit) ?? null };
}

export function warmTable(
  title: string,
  corpus: string,
  runs: readonly WarmRun[],
  refs: { tscMs: number; freshMs: number[] },
): BenchTable {
  const mb = (b: number): string => `${(b / 1024 / 1024).toFixed(0)} MB`;
  return {
    title,
    columns: [
      'checker',
      'cold first check',
      'disk side prepared',
      'changed files p50 / p95',
      'shown (live) p50 / p95',
      'complete p50',
      'complete p95',
      'peak RSS',
      'recall',
      'false-new',
    ],
    rows: [
      ...runs.map((r) => [
        r.compiler,
        `${r.coldMs} ms (${(r.coldMs / refs.tscMs).toFixed(2)}× tsc)`,
        `${r.preparedMs} ms`,
        `${percentile(r.first, 50)} / ${percentile(r.first, 95)} ms`,
        `${percentile(r.shown, 50)} / ${percentile(r.shown, 95)} ms`,
        `${percentile(r.warm, 50)} ms`,
        `${percentile(r.warm, 95)} ms`,
        mb(r.peakRss),
        r.recall.reference ? `${r.recall.found}/${r.recall.reference}` : '-',
        r.recall.falseNew,
      ]),
      [
        'fresh full program per proposal',
        '-',
        '-',
        '-',
        '-',
        `${percentile(refs.freshMs, 50)} ms`,
        `${percentile(refs.freshMs, 95)} ms`,
        '-',
        'reference',
        '-',
      ],
      ['tsc --noEmit (once)', `${refs.tscMs} ms`, '-', '-', '-', '-', '-', '-', '-', '-'],
    ],
    notes: [
      `corpus: ${corpus}`,
      `warm: ${runs[0]?.warm.length ?? 0} proposals after the cold one; memory ceiling ${BENCH_MEMORY_MB} MB (Settings default 2048)`,
      `changed files: when the changed files' errors were answered (the whole answer when the edit kept the files' shape); shown (live): when a live check shows evidence, the whole answer or, past ${CHANGED_FILES_FIRST_MS} ms, the changed files' with the importers following; complete: the whole answer`,
      ...runs.flatMap((r) =>
        r.notChecked.slice(0, 3).map((n) => `${r.compiler}: not checked: ${n}`),
      ),
      `${os.availableParallelism()} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} at the end`,
    ],
  };
}
