// The selection for one change over every language the project tests: each language answers
// with a plan, "no test is affected", "cannot run here" or "not mine". Graphs are cached per
// disk state (the walk's size+mtime key), so a second proposal on an unchanged disk selects
// without reading the project again.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { goPackageGraph, selectGoTests } from './go-test-selection';
import { jsImportGraph } from './js-import-graph';
import { selectJsTests } from './js-test-selection';
import { listProjectFiles, type ProjectFiles } from '../workspace/project-files';
import { pythonImportGraph, selectPythonTests } from './python-test-selection';
import type { LanguageSelection, LanguageSelectionInput, TestChange, TestPlan } from './test-plan';

export interface SelectionResult {
  readonly plans: readonly TestPlan[];
  /** Reasons tests could not run (no runner installed, needs the network). */
  readonly notRun: readonly string[];
  /** Reasons no test is affected ("no test file imports src/x.ts"). */
  readonly none: readonly string[];
  readonly project: ProjectFiles;
  readonly ms: number;
}

export interface SelectionOptions {
  readonly root: string;
  readonly changes: readonly TestChange[];
  readonly commandOverride?: string;
  readonly extraImporters?: (file: string) => readonly string[];
}

interface Graphs {
  readonly key: string;
  js?: Map<string, Set<string>>;
  python?: Map<string, Set<string>>;
  go?: Map<string, Set<string>>;
}

export function goModulePath(root: string): string | undefined {
  try {
    return /^module\s+"?([^\s"]+)/mu.exec(readFileSync(path.join(root, 'go.mod'), 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}

/** Selects with graphs kept for as long as the disk state is the same. */
export function createTestSelector(): (options: SelectionOptions) => SelectionResult {
  let graphs: Graphs | null = null;
  return (options) => {
    const started = performance.now();
    const project = listProjectFiles(options.root);
    if (graphs?.key !== project.stateKey) graphs = { key: project.stateKey };
    const g = graphs;
    const override = options.commandOverride ? { commandOverride: options.commandOverride } : {};
    const input = (graph: Map<string, Set<string>>): LanguageSelectionInput => ({
      root: options.root,
      changes: options.changes,
      project,
      ...override,
      graph,
    });
    // Each graph is made on first use for this disk state, then kept.
    const answers: LanguageSelection[] = [
      selectJsTests({
        ...input((g.js ??= jsImportGraph(options.root, project.files))),
        ...(options.extraImporters ? { extraImporters: options.extraImporters } : {}),
      }),
      selectPythonTests(input((g.python ??= pythonImportGraph(options.root, project.files)))),
      selectGoTests(
        input(
          (g.go ??= goPackageGraph(
            options.root,
            project.files,
            goModulePath(options.root) ?? '\0',
          )),
        ),
      ),
    ];
    const plans: TestPlan[] = [];
    const notRun: string[] = [];
    const none: string[] = [];
    for (const answer of answers)
      if (answer.kind === 'plan') plans.push(answer.plan);
      else if (answer.kind === 'not_run') notRun.push(answer.reason);
      else if (answer.kind === 'none') none.push(answer.reason);
    return { plans, notRun, none, project, ms: performance.now() - started };
  };
}
