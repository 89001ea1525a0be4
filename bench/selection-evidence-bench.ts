// `npm run bench -- selection-evidence`: the evidence of exactly the selected text after a
// change of ticks in a review, side by side with the proposal's own first answer on the same
// file. Per corpus (the ~3,000-file TypeScript project of the diagnostics bench, and effect's
// sources from npm) the project's checks open as the engine opens them (openProjectChecks,
// then warm) and the bench waits until the TypeScript checker has prepared the disk side. A
// three-hunk edit of a real file, checked as a live proposal is, waits for a person
// (selection-proposal.ts) in a broker that tells the likely selections' checks, as the engine's
// does (likely-selections.ts). The person reads the diff for BENCH_SELECTION_READ_MS (default
// 3000 ms; 0: no reading) before the first change of ticks, while each hunk alone and all but
// one have their changed file checked ahead; then, round after round, the person changes the
// ticks, asked as the review screen asks (selection-answers.ts), and every other round the
// proposal is checked again as a live proposal is (the reference). The rows: every change of
// ticks; those whose text was checked ahead while the person read; texts not checked before
// (selections of single lines, which nothing checks ahead); every fourth change goes back to a
// selection whose check finished (answered from memory). Budget (the same as a proposal's first
// answer): the changed file's errors shown p50 ≤ 150 ms, p95 ≤ 1 s. A corpus that cannot be
// measured fails the run.
// Sizes: BENCH_SELECTION_TICKS (default 24, at least 20), BENCH_DIAG_COPIES (default 8),
// BENCH_SELECTION_ONLY=project,effect, BENCH_SELECTION_FILE (a project-relative file to edit
// instead of the one chosen), BENCH_SELECTION_READ_MS (the reading pause, above).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_DIAGNOSTICS_SETTINGS } from '../src/shared/diagnostics-settings';
import { ApprovalBroker } from '../src/main/core/approvals/approval-broker';
import type { Proposal } from '../src/main/core/edits/proposal';
import { FIRST_ANSWER_MS } from '../src/main/core/project/decision-checks';
import { checkLiveProposal } from '../src/main/core/evidence/live-evidence';
import {
  LikelySelections,
  likelySelectionTexts,
} from '../src/main/core/evidence/likely-selections';
import { openProjectChecks, type ProjectChecks } from '../src/main/core/project/project-checks';
import { openAppDatabase } from '../src/main/core/store/app-database';
import type { BenchTable } from './bench-table';
import { listFiles, typescriptProject } from './diagnostics-bench';
import { EFFECT_VERSION, effectProject } from './diagnostics-effect';
import { percentile } from './diagnostics-warm';
import { ms, proposalAnswer, tickAnswer, type Sample } from './selection-answers';
import { benchDiagnostics, TimedSelection } from './selection-checks';
import { newSelections, selectionProposal, type TickChange } from './selection-proposal';

const env = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const TICKS = Math.max(20, env('BENCH_SELECTION_TICKS', 24));
/** How long the person reads the proposal before the first change of ticks (0: not at all). */
const READ_MS =
  process.env.BENCH_SELECTION_READ_MS === '0' ? 0 : env('BENCH_SELECTION_READ_MS', 3000);
const COPIES = env('BENCH_DIAG_COPIES', 8);
/** As the diagnostics bench: above Settings' 2048 MB so the 3,000-file program fits. */
const MEMORY_MB = env('BENCH_DIAG_MEMORY_MB', 4096);
const BUDGET = { p50: 150, p95: 1000 };
/** How long the bench waits for the checker's preparation. */
const PREPARE_MS = 15 * 60_000;

interface Tick {
  readonly change: TickChange;
  readonly sample: Sample;
  /** A selection made before, gone back to. */
  readonly again: boolean;
}

interface Measured {
  readonly ticks: Tick[];
  readonly reference: Sample[];
  readonly preparedMs: number;
  readonly compiler: string;
  readonly importers: number;
  readonly proposal: Proposal;
  /** Of the likely selections' texts, how many were checked ahead when the reading ended. */
  readonly ahead: { readonly checked: number; readonly of: number };
}

/** The likely selections' texts whose changed file is checked ahead now. */
function checkedAhead(proposal: Proposal, selection: TimedSelection): Measured['ahead'] {
  const texts = likelySelectionTexts(proposal);
  const before = proposal.isNewFile ? null : proposal.before;
  const checked = texts.filter((text) => selection.aheadOf({ path: proposal.path, before, text }));
  return { checked: checked.length, of: texts.length };
}

/** The rounds: a change of ticks, every other after the proposal's own check; every fourth goes back. */
async function rounds(
  proposal: Proposal,
  checks: ProjectChecks,
  broker: ApprovalBroker,
  selection: TimedSelection,
  approvalId: string,
): Promise<Pick<Measured, 'ticks' | 'reference'>> {
  const fresh = newSelections(proposal, TICKS);
  const ticks: Tick[] = [];
  const reference: Sample[] = [];
  const wentBack = new Set<TickChange>();
  for (let step = 0, next = 0; step < TICKS; step++) {
    // Back to the latest selection whose check finished (one stopped is not remembered), not
    // gone back to before.
    const back =
      step % 4 === 3
        ? ticks
            .slice(0, -1)
            .reverse()
            .find((t) => !t.again && t.sample.completeMs !== null && !wentBack.has(t.change))
        : undefined;
    if (back) wentBack.add(back.change);
    const change = back?.change ?? fresh[next++];
    if (!change) break;
    if (step % 2 === 0) reference.push(await proposalAnswer(proposal, checks, broker));
    const sample = await tickAnswer(change, proposal, approvalId, broker, selection);
    ticks.push({ change, sample, again: back !== undefined });
    process.stderr.write(
      `  ${change.selectors.join(',')}${sample.fromMemory ? ' (memory)' : ''}${sample.checkedAhead ? ' (checked ahead)' : ''}: shown ${sample.unseen ? '-' : sample.shownMs} ms, held ${sample.knownMs ?? '-'} ms, complete ${sample.completeMs ?? '-'} ms; proposal ${reference.at(-1)?.shownMs} ms${sample.wrong ? `; wrong: ${sample.wrong}` : ''}\n`,
    );
  }
  return { ticks, reference };
}

async function measure(root: string, files: ReadonlyMap<string, string>): Promise<Measured> {
  const made = selectionProposal(files);
  if ('reason' in made) throw new Error(made.reason);
  const { proposal, importers } = made;
  const home = mkdtempSync(path.join(os.tmpdir(), 'sluice-bench-selection-home-'));
  const db = openAppDatabase({ home });
  const diagnostics = benchDiagnostics();
  const checks = openProjectChecks({
    db,
    root,
    projectId: 'selection-bench',
    home,
    createDiagnostics: diagnostics.create,
    diagnosticsSettings: () => ({
      ...DEFAULT_DIAGNOSTICS_SETTINGS,
      checkerMemoryMb: MEMORY_MB,
      checkerCeilingSeconds: 600,
    }),
  });
  // The engine's selection checks over the same checks, with the moments they answered.
  const selection = new TimedSelection({
    diagnostics: checks.diagnostics,
    tests: checks.testRuns?.tests,
  });
  // The likely selections are checked while the proposal waits, as the engine's broker has them.
  const likely = new LikelySelections({ selection, diagnostics: checks.diagnostics });
  const broker = new ApprovalBroker({
    policy: () => ({ mode: 'ask', rules: [] }),
    reading: () => likely,
  });
  const waiting = new AbortController();
  try {
    const opened = performance.now();
    checks.diagnostics?.warm();
    const restart = () => proposalAnswer(proposal, checks, broker);
    if (!(await diagnostics.prepared(PREPARE_MS, restart)))
      throw new Error(`the TypeScript checker did not prepare within ${PREPARE_MS / 60_000} min`);
    const preparedMs = ms(opened);
    process.stderr.write(
      `  prepared in ${preparedMs} ms; proposal on ${proposal.path} (${importers} importers)\n`,
    );
    // The proposal as first shown, checked as a live one is: the checker's first text of this
    // file, not counted; the request carries its evidence, as a live proposal's does.
    const shown = await checkLiveProposal(proposal, {
      diagnostics: checks.diagnostics,
      tests: checks.testRuns?.tests,
      approvals: broker,
      signal: waiting.signal,
    });
    const pending = broker.request(proposal, {
      signal: waiting.signal,
      conversationId: 'bench',
      ...(shown.kind === 'ask'
        ? { evidence: shown.evidence, lateEvidence: shown.late, onEvidenceProgress: shown.progress }
        : {}),
    });
    pending.catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    const approvalId = broker.pending()[0]?.approvalId;
    if (!approvalId) throw new Error('the proposal did not wait for a decision');
    // The person reads the diff before unticking anything.
    await new Promise((resolve) => setTimeout(resolve, READ_MS));
    const ahead = checkedAhead(proposal, selection);
    process.stderr.write(
      `  read for ${READ_MS} ms: ${ahead.checked} of ${ahead.of} likely selections checked ahead\n`,
    );
    const measured = await rounds(proposal, checks, broker, selection, approvalId);
    const compiler = diagnostics.compiler() ?? 'TypeScript';
    return { ...measured, preparedMs, compiler, importers, proposal, ahead };
  } finally {
    waiting.abort();
    likely.dispose();
    selection.dispose();
    await checks.dispose();
    db.close();
    rmSync(home, { recursive: true, force: true });
  }
}

const pair = (values: readonly number[]): string =>
  values.length ? `${percentile(values, 50)} / ${percentile(values, 95)} ms` : '-';

/** PASS when the changed file's answer is within the budget and every answer said the truth. */
function verdict(samples: readonly Sample[]): string {
  if (!samples.length) return 'FAIL: no samples';
  const shown = samples.map((s) => s.shownMs);
  const p50 = percentile(shown, 50);
  const p95 = percentile(shown, 95);
  const wrong = samples.filter((s) => s.wrong).length;
  const missed = [
    p50 > BUDGET.p50 ? `p50 ${p50} ms` : '',
    p95 > BUDGET.p95 ? `p95 ${p95} ms` : '',
    wrong ? `${wrong} wrong` : '',
  ].filter(Boolean);
  return missed.length ? `FAIL (${missed.join(', ')})` : 'PASS';
}

function row(label: string, samples: readonly Sample[], reference: readonly Sample[]) {
  const shown = samples.map((s) => s.shownMs);
  const ref = reference.map((s) => s.shownMs);
  const ratio = (p: number): string => {
    const base = percentile(ref, p);
    return samples.length && base ? `${(percentile(shown, p) / base).toFixed(2)}×` : '-';
  };
  const completed = samples.flatMap((s) => (s.completeMs === null ? [] : [s.completeMs]));
  return [
    label,
    samples.length,
    pair(shown),
    `${ratio(50)} / ${ratio(95)}`,
    pair(samples.flatMap((s) => (s.knownMs === null ? [] : [s.knownMs]))),
    `${samples.filter((s) => s.lacked).length} (${samples.filter((s) => s.unseen).length} not shown)`,
    completed.length === samples.length
      ? pair(completed)
      : `${pair(completed)} (${samples.length - completed.length} not complete)`,
    samples.filter((s) => s.wrong).length,
    verdict(samples),
  ];
}

function table(title: string, corpus: string, m: Measured): BenchTable {
  const all = m.ticks.map((t) => t.sample);
  const missedMemory = m.ticks.filter((t) => t.again && !t.sample.fromMemory).length;
  const reference = row("the whole proposal's first answer (reference)", m.reference, m.reference);
  const wrong = [...all, ...m.reference].flatMap((s) => (s.wrong ? [`wrong: ${s.wrong}`] : []));
  return {
    title,
    columns: [
      'what is timed',
      'n',
      'changed file shown p50 / p95',
      'ratio to the proposal p50 / p95',
      'held by the check p50 / p95',
      'first answers without the file',
      'complete p50 / p95',
      'wrong evidence',
      `budget p50 ≤ ${BUDGET.p50} ms, p95 ≤ ${BUDGET.p95} ms`,
    ],
    rows: [
      row('every change of ticks', all, m.reference),
      row(
        'a text checked ahead while the person read',
        all.filter((s) => s.checkedAhead),
        m.reference,
      ),
      row(
        'a text not checked before',
        all.filter((s) => !s.fromMemory && !s.checkedAhead),
        m.reference,
      ),
      row(
        'a selection made before (from memory)',
        all.filter((s) => s.fromMemory),
        m.reference,
      ),
      [...reference.slice(0, 3), '1.00× (reference)', '-', ...reference.slice(5, 8), 'reference'],
    ],
    notes: [
      `corpus: ${corpus}; checker: ${m.compiler}, its disk side prepared ${m.preparedMs} ms after the project opened (awaited, not counted); memory ceiling ${MEMORY_MB} MB`,
      `proposal: ${m.proposal.path} (imported by ${m.importers} files), ${m.proposal.hunks.length} hunks: a comment at the top, a declaration that does not type-check, a comment and a new export at the end`,
      `${m.ticks.length} successive changes of ticks (whole hunks, then single lines; every fourth back to a selection whose check finished), every other one after the proposal's own check (the reference, checked as a live proposal is: ${m.reference.length} times); each ask meets a checker idle but for a check ahead it may have taken meanwhile (the ask before has finished, untimed)`,
      `read for ${READ_MS} ms before the first change of ticks: by then ${m.ahead.checked} of the ${m.ahead.of} likely selections (each hunk alone, all but one) had their changed file checked ahead, one at a time while the checker was idle`,
      `shown: from the ask to the first answer holding the changed file's errors (checkDecision's \`first\`, which answers once the changed file's errors are in, bounded at ${FIRST_ANSWER_MS} ms, then \`complete\`, as the review asks; for the proposal, the evidence on the request and its updates); held by the check: when the selection check itself held them; the review's wait for the ticks to rest is not counted`,
      ...(missedMemory
        ? [`${missedMemory} selection(s) gone back to were checked again, not answered from memory`]
        : []),
      ...wrong.slice(0, 5),
      `${os.availableParallelism()} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} at the end`,
    ],
  };
}

/** A corpus that could not be measured: said in words, and the run fails rather than passes. */
function notRun(title: string, reason: string, notes: string[] = []): BenchTable {
  return {
    title,
    columns: ['not run', 'verdict'],
    rows: [[reason, 'FAIL: not measured']],
    notes,
    failed: true,
  };
}

async function projectTable(): Promise<BenchTable> {
  const title = 'selection evidence after a change of ticks, on the ~3,000-file project';
  const root = typescriptProject(COPIES);
  try {
    const files = listFiles(root, '.ts');
    const corpus = `${files.size} files: ${COPIES} copies of the @anthropic-ai/sdk sources side by side`;
    return table(title, corpus, await measure(root, files));
  } catch (error) {
    return notRun(title, error instanceof Error ? error.message : String(error));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

async function effectTable(): Promise<BenchTable> {
  const title = `selection evidence after a change of ticks, on effect ${EFFECT_VERSION}'s own sources`;
  const made = effectProject();
  if ('reason' in made)
    return notRun(title, made.reason, [
      `effect ${EFFECT_VERSION} is not available here: npm pack fetches it once into ${path.join(os.tmpdir(), 'sluice-bench-cache')} (the registry, or npm's own cache offline); BENCH_EFFECT_VERSION names another version`,
    ]);
  try {
    const files = listFiles(made.root, '.ts');
    const corpus = `${files.size} files: effect ${EFFECT_VERSION}'s src/ from npm`;
    return table(title, corpus, await measure(made.root, files));
  } catch (error) {
    return notRun(title, error instanceof Error ? error.message : String(error));
  } finally {
    rmSync(made.root, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchTable[]> {
  const only = process.env.BENCH_SELECTION_ONLY?.split(',');
  const parts: [string, () => Promise<BenchTable>][] = [
    ['project', projectTable],
    ['effect', effectTable],
  ];
  const tables: BenchTable[] = [];
  for (const [name, part] of parts) if (!only || only.includes(name)) tables.push(await part());
  return tables;
}
