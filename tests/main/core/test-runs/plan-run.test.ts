import { afterEach, describe, expect, it } from 'vitest';
import { utimesSync } from 'node:fs';
import path from 'node:path';
import { createBaselineCache } from '../../../../src/main/core/test-runs/baseline-cache';
import { runPlan, type PlanRunContext } from '../../../../src/main/core/test-runs/plan-run';
import { selectPythonTests } from '../../../../src/main/core/test-runs/python-test-selection';
import type { CopyRunResult } from '../../../../src/main/core/test-runs/test-copy-run';
import { outcome } from '../../../../src/main/core/test-runs/test-outcome';
import type { TestChange, TestPlan } from '../../../../src/main/core/test-runs/test-plan';
import { pythonImportGraph } from '../../../../src/main/core/test-runs/python-test-selection';
import { listProjectFiles } from '../../../../src/main/core/workspace/project-files';
import { tempProject, type TempProject } from './test-run-projects';

const FILES = {
  'shop/__init__.py': '',
  'shop/cart.py': 'def total(items):\n    return sum(items)\n',
  'shop/tax.py': 'def rate():\n    return 0.2\n',
  'tests/test_cart.py': 'from shop.cart import total\n',
  'tests/test_tax.py': 'from shop.tax import rate\n',
};

/** Each test: its file, name, and whether it passes on disk and with the change. */
interface Scripted {
  readonly file: string;
  readonly name: string;
  readonly disk: boolean;
  readonly proposed: boolean | (() => boolean);
}

interface Call {
  readonly command: string;
  readonly proposed: boolean;
}

/** A runner that answers from a script, records each call, and answers when released. */
function scriptedRunner(script: readonly Scripted[]): {
  calls: Call[];
  run: PlanRunContext['run'];
} {
  const calls: Call[] = [];
  const run = async (plan: TestPlan, files: readonly TestChange[]): Promise<CopyRunResult> => {
    const command = plan.selection.command;
    const proposed = files.some((f) => f.after.includes('BROKEN'));
    calls.push({ command, proposed });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const ids = command.split(' ').filter((w) => w.includes('::'));
    const outcomes = script
      .filter((t) => plan.selection.targets.includes(t.file))
      .filter((t) => !ids.length || ids.includes(`${t.file}::${t.name}`))
      .map((t) => {
        const passes = proposed
          ? typeof t.proposed === 'function'
            ? t.proposed()
            : t.proposed
          : t.disk;
        return outcome(
          t.file,
          `${t.file.slice(0, -3).replace(/\//gu, '.')}::${t.name}`,
          passes ? 'passed' : 'failed',
          'boom',
        );
      });
    return { kind: 'ran', outcomes, ms: 5 };
  };
  return { calls, run };
}

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

function planFor(root: string, change: TestChange): TestPlan {
  const files = listProjectFiles(root);
  const answer = selectPythonTests({
    root,
    changes: [change],
    project: files,
    commandOverride: 'pytest',
    graph: pythonImportGraph(root, files.files),
  });
  if (answer.kind !== 'plan') throw new Error(`no plan: ${answer.kind}`);
  return answer.plan;
}

describe('a plan run beside its baseline', () => {
  const script: Scripted[] = [
    { file: 'tests/test_cart.py', name: 'test_total', disk: true, proposed: false },
    { file: 'tests/test_cart.py', name: 'test_empty', disk: true, proposed: true },
    { file: 'tests/test_cart.py', name: 'test_old_bug', disk: false, proposed: false },
    { file: 'tests/test_tax.py', name: 'test_rate', disk: true, proposed: true },
  ];
  const broken: TestChange = {
    path: 'shop/cart.py',
    before: FILES['shop/cart.py'],
    after: 'BROKEN\n',
  };

  it('runPlan - the baseline starts beside the proposed run, and only failing tests run again', async () => {
    project = tempProject(FILES);
    const { calls, run } = scriptedRunner(script);
    const context: PlanRunContext = {
      root: project.root,
      baselines: createBaselineCache(),
      lifetime: new AbortController().signal,
      run,
    };
    const plan = planFor(project.root, broken);
    const disk = listProjectFiles(project.root);
    const result = await runPlan(context, plan, [broken], disk, new AbortController().signal);
    if (!('verdict' in result)) throw new Error('stopped');
    expect(result.verdict.newlyFailing.map((f) => f.name)).toEqual([
      'tests/test_cart.py::test_total',
    ]);
    expect(result.verdict.alreadyFailing.map((f) => f.name)).toEqual([
      'tests/test_cart.py::test_old_bug',
    ]);
    // Baseline and proposed run were both asked for before either answered.
    expect(
      calls
        .slice(0, 2)
        .map((c) => c.proposed)
        .sort(),
    ).toEqual([false, true]);
    const rerun = calls[2];
    expect(rerun?.proposed).toBe(true);
    expect(rerun?.command).toBe(
      'pytest -p no:cacheprovider -q tests/test_cart.py::test_total tests/test_cart.py::test_old_bug',
    );
    expect(calls).toHaveLength(3);
  });

  it('runPlan - a second edit never runs a known baseline again, nor after an unrelated file is written', async () => {
    project = tempProject(FILES);
    const { calls, run } = scriptedRunner(script);
    const context: PlanRunContext = {
      root: project.root,
      baselines: createBaselineCache(),
      lifetime: new AbortController().signal,
      run,
    };
    const plan = planFor(project.root, broken);
    const signal = new AbortController().signal;
    await runPlan(context, plan, [broken], listProjectFiles(project.root), signal);
    const first = calls.filter((c) => !c.proposed).length;
    expect(first).toBe(1);
    // Another revision of the change, same disk.
    await runPlan(
      context,
      plan,
      [{ ...broken, after: 'BROKEN again\n' }],
      listProjectFiles(project.root),
      signal,
    );
    expect(calls.filter((c) => !c.proposed)).toHaveLength(1);
    // tax.py changes on disk: test_cart does not import it, its baseline stays.
    project.write('shop/tax.py', 'def rate():\n    return 0.25\n');
    utimesSync(path.join(project.root, 'shop/tax.py'), new Date(), new Date(Date.now() + 5000));
    await runPlan(context, plan, [broken], listProjectFiles(project.root), signal);
    expect(calls.filter((c) => !c.proposed)).toHaveLength(1);
    // cart.py itself changes on disk: its tests' baseline runs again.
    project.write('shop/cart.py', 'def total(items):\n    return sum(items) + 0\n');
    const rebased = { ...broken, before: 'def total(items):\n    return sum(items) + 0\n' };
    await runPlan(context, plan, [rebased], listProjectFiles(project.root), signal);
    expect(calls.filter((c) => !c.proposed)).toHaveLength(2);
  });

  it('runPlan - a failure that passes when run again is flaky; a baseline not on disk runs whole and is not kept', async () => {
    project = tempProject(FILES);
    let tries = 0;
    const flakyScript: Scripted[] = [
      { file: 'tests/test_cart.py', name: 'test_total', disk: true, proposed: () => ++tries > 1 },
    ];
    const { calls, run } = scriptedRunner(flakyScript);
    const context: PlanRunContext = {
      root: project.root,
      baselines: createBaselineCache(),
      lifetime: new AbortController().signal,
      run,
    };
    const plan = planFor(project.root, broken);
    const signal = new AbortController().signal;
    const first = await runPlan(context, plan, [broken], null, signal);
    if (!('verdict' in first)) throw new Error('stopped');
    expect(first.verdict.flaky.map((f) => f.name)).toEqual(['tests/test_cart.py::test_total']);
    expect(first.verdict.newlyFailing).toEqual([]);
    expect(calls.filter((c) => !c.proposed).map((c) => c.command)).toEqual([
      plan.selection.command,
    ]);
    tries = 0;
    await runPlan(context, plan, [broken], null, signal);
    expect(calls.filter((c) => !c.proposed)).toHaveLength(2);
  });

  it('runPlan - a failing test in a file the baseline did not run has that file run on disk', async () => {
    project = tempProject(FILES);
    const taxFailsToo: Scripted[] = [
      ...script,
      { file: 'tests/test_tax.py', name: 'test_rounding', disk: false, proposed: false },
    ];
    const { calls, run } = scriptedRunner(taxFailsToo);
    // The proposed run finds tests/test_tax.py too (the runner found more than the selection).
    const context: PlanRunContext = {
      root: project.root,
      baselines: createBaselineCache(),
      lifetime: new AbortController().signal,
      run: (plan, files, signal) =>
        files.some((f) => f.after.includes('BROKEN')) && !plan.selection.command.includes('::')
          ? run(
              {
                ...plan,
                selection: {
                  ...plan.selection,
                  targets: [...plan.selection.targets, 'tests/test_tax.py'],
                },
              },
              files,
              signal,
            )
          : run(plan, files, signal),
    };
    const plan = planFor(project.root, broken);
    expect(plan.selection.targets).toEqual(['tests/test_cart.py']);
    const signal = new AbortController().signal;
    const result = await runPlan(context, plan, [broken], listProjectFiles(project.root), signal);
    if (!('verdict' in result)) throw new Error('stopped');
    expect(calls.filter((c) => !c.proposed).map((c) => c.command.split(' ').pop())).toEqual([
      'tests/test_cart.py',
      'tests/test_tax.py',
    ]);
    expect(result.verdict.newlyFailing.map((f) => f.name)).toEqual([
      'tests/test_cart.py::test_total',
    ]);
    expect(result.verdict.alreadyFailing.map((f) => f.name).sort()).toEqual([
      'tests/test_cart.py::test_old_bug',
      'tests/test_tax.py::test_rounding',
    ]);
  });

  it('runPlan - a baseline for this request alone stops once the proposed run passes', async () => {
    project = tempProject(FILES);
    let baselineSignal: AbortSignal | undefined;
    const context: PlanRunContext = {
      root: project.root,
      baselines: createBaselineCache(),
      lifetime: new AbortController().signal,
      run: (plan, files, signal) => {
        if (files.some((f) => f.after.includes('BROKEN')))
          return Promise.resolve({
            kind: 'ran',
            outcomes: [outcome('tests/test_cart.py', 'tests.test_cart::test_total', 'passed')],
            ms: 1,
          });
        baselineSignal = signal;
        return new Promise((resolve) =>
          signal.addEventListener('abort', () => resolve({ kind: 'cancelled', ms: 1 })),
        );
      },
    };
    const result = await runPlan(
      context,
      planFor(project.root, broken),
      [broken],
      null,
      new AbortController().signal,
    );
    expect('verdict' in result && result.verdict.passed).toBe(1);
    expect(baselineSignal?.aborted).toBe(true);
  });
});
