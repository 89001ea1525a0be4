// One run of a test plan in a private overlay copy of the project (the background runs'
// machinery, runs/copy-mount.ts): the project is the lower layer, a fresh folder the upper
// one, and the proposed texts are written into that upper layer before the runner starts, so
// the runner sees the project as it would be with the change. The command runs through
// runCommand: bubblewrap, network off, the environment allow-list, process and memory
// ceilings, at the priority of the checkers it competes with (a lower one left the tests the
// idle time of a machine busy checking the same change). What a run compiles is kept for the
// next (run-caches.ts). A run stopped at the memory ceiling (by the watchdog or the kernel)
// gives no verdict and says so, report or not. The copy is removed afterwards; the project is
// never written.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SandboxAvailability } from '../sandbox/bubblewrap';
import { runCommand, type CommandRun } from '../commands/command-runner';
import { copyMountProblem, makeOverlayCopy, removeOverlayCopy } from '../sandbox/copy-mount';
import { memoryCeilingWords } from '../commands/command-run-notes';
import { parseGoTestJson, PACKAGE_FAILURE } from './go-test-report';
import { parseJestJson } from './jest-json-report';
import { parseJunitXml } from './junit-report';
import { firstLines, type TestOutcome } from './test-outcome';
import type { RunCaches } from './run-caches';
import { shellQuote, type TestChange, type TestPlan } from './test-plan';

/** The folder in the copy's layer the runner writes its report to (never in the project). */
export const REPORT_DIR = '.sluice-test-report';

export interface CopyRunInput {
  readonly root: string;
  readonly plan: TestPlan;
  /** Files laid over the project (the proposed texts); empty for the disk state. */
  readonly files: readonly TestChange[];
  readonly sandbox: SandboxAvailability;
  /** Where copies are made (SLUICE_HOME/test-copies); never inside the project. */
  readonly copiesDir: string;
  /** Hard ceiling of this run. */
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
  /** Host folders hidden inside the sandbox (SLUICE_HOME). */
  readonly hidden?: readonly string[];
  /** Go module path, to name packages project-relative. */
  readonly modulePath?: string;
  /** Memory ceiling of the run's processes (default half of the machine's memory). */
  readonly maxMemoryBytes?: number;
  /** false: the watchdog alone holds the memory ceiling, even where a cgroup could (tests). */
  readonly memoryCgroup?: boolean;
  /** The environment the allow-list filters (default process.env). */
  readonly baseEnv?: NodeJS.ProcessEnv;
  /** Bytecode and build caches kept between runs of this project. */
  readonly caches?: RunCaches;
  /** Runs the failures once more within this run where the runner can (the proposed run). */
  readonly failingAgain?: boolean;
}

export type CopyRunResult =
  | {
      readonly kind: 'ran';
      readonly outcomes: readonly TestOutcome[];
      readonly ms: number;
      /** The failing tests as they ran again within the run (absent: they did not). */
      readonly again?: readonly TestOutcome[];
    }
  | { readonly kind: 'failed'; readonly reason: string; readonly ms: number }
  | { readonly kind: 'cancelled'; readonly ms: number };

function layFiles(upper: string, files: readonly TestChange[]): void {
  for (const file of files) {
    const parts = file.path.split('/');
    if (parts.some((p) => p === '..' || p === '' || p === '.')) continue;
    const target = path.join(upper, ...parts);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.after);
  }
}

function tail(run: CommandRun): string {
  return firstLines(run.output.view.split('\n').slice(-20).join('\n'));
}

function whyNoReport(run: CommandRun, timeoutMs: number): string {
  switch (run.end.kind) {
    case 'timed_out':
      return `the test run reached its ceiling of ${Math.round(timeoutMs / 1000)} s and was stopped`;
    case 'output_limit':
      return 'the test run printed more output than allowed and was stopped';
    case 'spawn_failed':
      return `the test runner could not start: ${run.end.message}`;
    case 'signalled':
      return `the test runner was killed (${run.end.signal}): ${tail(run)}`;
    default:
      return `the test runner wrote no report (exit ${run.end.kind === 'exited' ? run.end.code : '?'}): ${tail(run)}`;
  }
}

function readReport(input: CopyRunInput, file: string, run: CommandRun): TestOutcome[] {
  const text = readFileSync(file, 'utf8');
  switch (input.plan.format) {
    case 'jest-json':
      return parseJestJson(text, input.root);
    case 'junit-xml':
      return parseJunitXml(text);
    case 'go-json':
      // Build errors go to stderr, outside the JSON: they belong to the package's entry.
      return parseGoTestJson(text, input.modulePath).map((o) =>
        o.name === PACKAGE_FAILURE
          ? { ...o, output: firstLines(`${o.output}\n${run.output.view}`) }
          : o,
      );
  }
}

export async function runPlanInCopy(input: CopyRunInput): Promise<CopyRunResult> {
  const started = Date.now();
  const ms = (): number => Date.now() - started;
  if (!input.sandbox.available || input.sandbox.kind === 'seatbelt')
    return {
      kind: 'failed',
      reason: input.sandbox.available
        ? 'tests run in a private copy, which needs bubblewrap (Linux); not on this machine'
        : `no sandbox on this machine (${input.sandbox.detail})`,
      ms: ms(),
    };
  const { base, mount } = makeOverlayCopy(input.copiesDir, input.root, 'run-');
  try {
    const problem = copyMountProblem(mount);
    if (problem) return { kind: 'failed', reason: problem, ms: ms() };
    layFiles(mount.upper, input.files);
    mkdirSync(path.join(mount.upper, REPORT_DIR), { recursive: true });
    const report = `${REPORT_DIR}/report`;
    const runner = input.plan.selection.runner;
    const warm = input.caches?.prepare(mount.upper, input.files, runner);
    const again = input.failingAgain ? input.plan.failingAgain : undefined;
    for (const [name, text] of Object.entries(again?.files ?? {}))
      writeFileSync(path.join(mount.upper, REPORT_DIR, name), text, { mode: 0o755 });
    const on = again?.commandWithReport(report, {
      runDir: path.join(input.root, REPORT_DIR),
      root: input.root,
    });
    const env = Object.entries({ ...warm?.env, ...on?.env }).map(
      ([k, v]) => `${k}=${shellQuote(v)} `,
    );
    const args = (warm?.args ?? []).map((a) => ` ${shellQuote(a)}`).join('');
    const line = on?.command ?? input.plan.commandWithReport(report);
    const command = `exec ${env.length ? `env ${env.join('')}` : ''}/bin/sh -c ${shellQuote(`${line}${args}`)}`;
    let run: CommandRun | undefined;
    try {
      run = await runCommand({
        command,
        root: input.root,
        cwd: input.root,
        timeoutMs: input.timeoutMs,
        network: false,
        sandbox: input.sandbox,
        signal: input.signal,
        hidden: input.hidden ?? [],
        copy: mount,
        writable: warm?.writable ?? [],
        ...(input.maxMemoryBytes !== undefined ? { maxMemoryBytes: input.maxMemoryBytes } : {}),
        ...(input.memoryCgroup === false ? { memoryCgroup: false } : {}),
        ...(input.baseEnv ? { baseEnv: input.baseEnv } : {}),
      });
    } finally {
      input.caches?.finish(mount.upper, input.files, runner, run?.end.kind === 'exited');
    }
    if (run.end.kind === 'aborted') return { kind: 'cancelled', ms: ms() };
    // Outcomes of a run cut short at the ceiling are not the tests' own: no verdict from them.
    const memory = memoryCeilingWords(run, "the tests'");
    if (memory) return { kind: 'failed', reason: memory, ms: ms() };
    const reportFile = path.join(mount.upper, REPORT_DIR, 'report');
    let outcomes: TestOutcome[];
    try {
      outcomes = readReport(input, reportFile, run);
    } catch {
      return { kind: 'failed', reason: whyNoReport(run, input.timeoutMs), ms: ms() };
    }
    if (run.end.kind === 'timed_out')
      return { kind: 'failed', reason: whyNoReport(run, input.timeoutMs), ms: ms() };
    const failedAgain = outcomes.some((o) => o.status === 'failed')
      ? on && again?.read(path.join(mount.upper, REPORT_DIR), outcomes)
      : null;
    return { kind: 'ran', outcomes, ms: ms(), ...(failedAgain ? { again: failedAgain } : {}) };
  } finally {
    removeOverlayCopy(base);
  }
}
