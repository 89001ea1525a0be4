// Every test of the project, per runner, as targets the baseline can be kept under: what the
// background baseline runs on the disk state. The whole suite is what a change to each
// runner's configuration selects (package.json for the JS runner, pytest.ini for pytest, go.mod
// for go test), so the selection is asked exactly that: the runner found, its command, the
// person's override and the import graphs are those an edit's selection gets, and so are the
// baseline keys (baseline-cache.ts). Go's whole module (`./...`) is named package by package.
// A project without a test file stops at a walk of its folders: no graph is read, nothing runs.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isJsTestFile } from './js-test-selection';
import { isPythonTestFile } from './python-test-selection';
import type { TestChange, TestPlan } from './test-plan';
import type { SelectionResult } from './test-selection';
import { listProjectFiles, type ProjectFiles } from '../workspace/project-files';

/**
 * The changes that make each language select its whole suite; go.mod only where there is one
 * (Go's selection would otherwise say it cannot run, of a project that has no Go).
 */
function wholeSuiteTriggers(root: string): TestChange[] {
  return [
    { path: 'package.json', after: '' },
    { path: 'pytest.ini', after: '' },
    ...(existsSync(path.join(root, 'go.mod')) ? [{ path: 'go.mod', after: '' }] : []),
  ];
}

export interface WholeSuitePlan {
  /** The runner's plan; `narrowing.toTargets` runs part of it. */
  readonly plan: TestPlan;
  /** Every target of the runner (test files, Go packages), each keyable on its own. */
  readonly targets: readonly string[];
}

export type WholeSuite =
  | {
      readonly kind: 'plans';
      readonly plans: readonly WholeSuitePlan[];
      readonly project: ProjectFiles;
      /** Why another runner's tests cannot run here (not installed, needs the network). */
      readonly notRun: readonly string[];
    }
  | { readonly kind: 'none'; readonly reason: string };

function isTestFile(file: string): boolean {
  return isJsTestFile(file) || isPythonTestFile(file) || file.endsWith('_test.go');
}

/** Whether the project has a test file at all: a walk that stops at the first. */
export function hasTestFiles(root: string): boolean {
  return listProjectFiles(root, { keep: isTestFile, limit: 1, state: false }).files.length > 0;
}

/** Every Go package folder of the project, as go test's targets (`.`, `./a/b`). */
function goPackages(files: readonly string[]): string[] {
  const folders = new Set<string>();
  for (const file of files)
    if (file.endsWith('.go') && !file.split('/').includes('testdata'))
      folders.add(path.posix.dirname(file));
  return [...folders].sort().map((folder) => (folder === '.' ? '.' : `./${folder}`));
}

export function wholeSuite(
  root: string,
  select: (changes: readonly TestChange[]) => SelectionResult,
): WholeSuite {
  const selection = select(wholeSuiteTriggers(root));
  const plans: WholeSuitePlan[] = [];
  for (const plan of selection.plans) {
    if (!plan.narrowing) continue;
    const targets =
      plan.selection.runner === 'go' ? goPackages(selection.project.files) : plan.selection.targets;
    if (targets.length) plans.push({ plan, targets });
  }
  if (plans.length)
    return { kind: 'plans', plans, project: selection.project, notRun: selection.notRun };
  return {
    kind: 'none',
    reason: selection.notRun.length ? selection.notRun.join('; ') : 'no test runner found',
  };
}
