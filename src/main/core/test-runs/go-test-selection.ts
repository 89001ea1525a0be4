// Go: `go test` on the changed packages and every package of the module that imports one of
// them, transitively (imports read from the .go files themselves, test files included, so
// nothing runs to select). go.mod or go.sum changing selects the whole module (`./...`). The
// module cache lives in the person's home, which the sandbox hides: a module that needs
// other modules and has no vendor folder cannot be tested offline and says so.
import { goFailingAgain } from './go-run-again';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_FAILURE } from './go-test-report';
import { addImporter, dependentsOf, forEachFileText, importsOf } from './reverse-closure';
import { sandboxExecutable } from './sandbox-executable';
import {
  describeCount,
  regexLiteral,
  shellQuote,
  type LanguageSelection,
  type LanguageSelectionInput,
  type TestPlan,
} from './test-plan';

const WHOLE = new Set(['go.mod', 'go.sum', 'go.work']);

/** The import paths a Go file names (single imports and import blocks). */
export function goImports(text: string): string[] {
  const out: string[] = [];
  for (const block of text.matchAll(/^import\s*\(([^)]*)\)/gmu))
    for (const quoted of (block[1] ?? '').matchAll(/"([^"\n]+)"/gu)) out.push(quoted[1] as string);
  for (const single of text.matchAll(/^import\s+(?:[\w.]+\s+)?"([^"\n]+)"/gmu))
    out.push(single[1] as string);
  return out;
}

function packageOf(file: string): string {
  const dir = path.posix.dirname(file);
  return dir === '.' ? '.' : dir;
}

/** The folder a change belongs to: a testdata file belongs to the package above it. */
function changedPackage(file: string): string {
  const at = file.split('/').indexOf('testdata');
  return at >= 0 ? file.split('/').slice(0, at).join('/') || '.' : packageOf(file);
}

/** Importers of each package folder of the module (project-relative folders, "." for root). */
export function goPackageGraph(
  root: string,
  files: readonly string[],
  modulePath: string,
): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const isGoSource = (file: string): boolean =>
    file.endsWith('.go') && !file.split('/').includes('testdata');
  forEachFileText(root, files, isGoSource, (file, text) => {
    for (const imported of goImports(text)) {
      if (imported !== modulePath && !imported.startsWith(`${modulePath}/`)) continue;
      const target = imported === modulePath ? '.' : imported.slice(modulePath.length + 1);
      addImporter(graph, target, packageOf(file));
    }
  });
  return graph;
}

interface GoModule {
  readonly path: string;
  readonly needsOthers: boolean;
}

function readGoModule(root: string): GoModule | null {
  let text: string;
  try {
    text = readFileSync(path.join(root, 'go.mod'), 'utf8');
  } catch {
    return null;
  }
  const modulePath = /^module\s+(\S+)/mu.exec(text)?.[1];
  if (!modulePath) return null;
  return { path: modulePath.replace(/^"|"$/gu, ''), needsOthers: /^require\b/mu.test(text) };
}

export type GoSelectionInput = LanguageSelectionInput;

export function selectGoTests(input: GoSelectionInput): LanguageSelection {
  const changed = input.changes
    .map((c) => c.path)
    .filter((p) => p.endsWith('.go') || WHOLE.has(p) || p.split('/').includes('testdata'));
  if (!changed.length) return { kind: 'not_mine' };
  const module = readGoModule(input.root);
  if (!module)
    return { kind: 'not_run', reason: 'no go.mod at the project root: go test cannot run here' };
  const vendored = input.project.files.some((f) => f.startsWith('vendor/'));
  if (module.needsOthers && !vendored)
    return {
      kind: 'not_run',
      reason:
        'the Go module needs other modules and has no vendor folder; the module cache lives in your home folder, which a test run cannot see, and fetching them would need the network',
    };
  let base = input.commandOverride?.trim();
  if (!base) {
    const go = sandboxExecutable('go');
    if (!go) return { kind: 'not_run', reason: 'no Go toolchain found (go is not on PATH)' };
    base = `GOPROXY=off GOFLAGS=${vendored ? '-mod=vendor' : '-mod=readonly'} ${shellQuote(go)} test`;
  }
  const wholeCause = changed.find((p) => WHOLE.has(p));
  const graph = input.graph ?? goPackageGraph(input.root, input.project.files, module.path);
  let packages: string[];
  let reason: string;
  if (wholeCause) {
    packages = ['./...'];
    reason = `${wholeCause} changed: every package of the module`;
  } else {
    const own = [...new Set(changed.map(changedPackage))];
    const dependents = dependentsOf(own, (pkg) => graph.get(pkg) ?? []);
    packages = [...dependents].sort().map((p) => (p === '.' ? '.' : `./${p}`));
    const importers = dependents.size - own.length;
    const named =
      own.length === 1 ? `package ${own[0]}` : describeCount(own.length, 'changed package');
    reason =
      importers > 0
        ? `${named} and ${describeCount(importers, 'package')} that import ${own.length === 1 ? 'it' : 'them'}, directly or through others`
        : `${named} (no other package imports ${own.length === 1 ? 'it' : 'them'})`;
  }
  return {
    kind: 'plan',
    plan: goPlan(base, packages, Boolean(wholeCause), reason, graph, input.project.files),
  };
}

/** The package folder of a target (`./a/b` → `a/b`, `.` stays). */
function packageFolder(target: string): string {
  return target === '.' ? '.' : target.replace(/^\.\//u, '');
}

/** `go test` on `packages`, narrowed by package or by top-level test (`-run`). */
function goPlan(
  base: string,
  packages: readonly string[],
  whole: boolean,
  reason: string,
  graph: Map<string, Set<string>>,
  files: readonly string[],
  run?: string,
): TestPlan {
  const args = `${run ? `-run ${shellQuote(run)} ` : ''}${packages.map(shellQuote).join(' ')}`;
  const command = `${base} ${args}`;
  const single = new Set(packages.map(packageFolder));
  return {
    selection: {
      runner: 'go',
      command,
      label: 'go test',
      targets: [...packages],
      whole,
      reason,
    },
    format: 'go-json',
    commandWithReport: (report) => `${base} -json ${args} > ${shellQuote(report)}`,
    failingAgain: goFailingAgain(base, args),
    narrowing: {
      toTargets: (targets) => goPlan(base, targets, false, reason, graph, files),
      toTests: (outcomes) => {
        // Whole top-level tests: `-run` matches each level apart, and a subtest's parent
        // must run for it to run at all.
        const names = [...new Set(outcomes.map((o) => o.name.split('/')[0] ?? o.name))];
        if (names.includes(PACKAGE_FAILURE)) return null;
        const targets = [...new Set(outcomes.map((o) => (o.file === '.' ? '.' : `./${o.file}`)))];
        return goPlan(
          base,
          targets,
          false,
          reason,
          graph,
          files,
          `^(${names.map(regexLiteral).join('|')})$`,
        );
      },
      targetOf: (o) => (single.has(o.file) ? (o.file === '.' ? '.' : `./${o.file}`) : null),
      dependsOn: (target) => {
        const own = new Set(importsOf(packageFolder(target), graph));
        return files.filter((f) => own.has(changedPackage(f)));
      },
      isSource: (file) => file.endsWith('.go') || file.split('/').includes('testdata'),
    },
  };
}
