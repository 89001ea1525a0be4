// `npm run bench`: runs every benchmark side by side with its named reference and prints
// one table each. `npm run bench -- search index` runs only those.
import type { BenchTable } from './bench-table';

const suites: Record<string, () => Promise<{ run(): Promise<BenchTable | BenchTable[]> }>> = {
  search: () => import('./search-bench'),
  index: () => import('./index-bench'),
  'index-scale': () => import('./index-scale-bench'),
  'index-languages': () => import('./index-languages-bench'),
  diff: () => import('./diff-bench'),
  agent: () => import('./agent-bench'),
  startup: () => import('./startup-bench'),
  command: () => import('./command-bench'),
  background: () => import('./background-bench'),
  diagnostics: () => import('./diagnostics-bench'),
  'first-query': () => import('./first-query-bench'),
  tests: () => import('./tests-bench'),
  'selection-evidence': () => import('./selection-evidence-bench'),
  'loose-edit': () => import('./loose-edit-bench'),
  'proposal-hooks': () => import('./proposal-hooks-bench'),
};

function format(table: BenchTable): string {
  const cells = [
    table.columns,
    ...table.rows.map((row) => row.map((c) => (typeof c === 'number' ? formatNumber(c) : c))),
  ];
  const widths = table.columns.map((_, i) =>
    Math.max(...cells.map((row) => String(row[i] ?? '').length)),
  );
  const line = (row: (string | number)[]) =>
    `| ${row.map((c, i) => String(c ?? '').padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const out = [
    `\n## ${table.title}`,
    line(table.columns),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
  ];
  for (const row of cells.slice(1)) out.push(line(row));
  for (const note of table.notes ?? []) out.push(`  ${note}`);
  return out.join('\n');
}

function formatNumber(n: number): string {
  if (Number.isInteger(n)) return String(n);
  return Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 1 ? n.toFixed(2) : n.toFixed(3);
}

/** Minutes long: run only when named (`npm run bench -- diagnostics`). */
const onlyWhenNamed = new Set(['diagnostics', 'tests', 'selection-evidence', 'proposal-hooks']);
const wanted = process.argv.slice(2);
const names = wanted.length ? wanted : Object.keys(suites).filter((n) => !onlyWhenNamed.has(n));
let failed = false;
for (const name of names) {
  const load = suites[name];
  if (!load) {
    console.error(`unknown benchmark "${name}"; known: ${Object.keys(suites).join(', ')}`);
    process.exitCode = 2;
    continue;
  }
  try {
    const mod = await load();
    const result = await mod.run();
    for (const table of Array.isArray(result) ? result : [result]) {
      console.log(format(table));
      if (table.failed) failed = true;
    }
  } catch (error) {
    failed = true;
    console.error(`\n## ${name}: failed: ${error instanceof Error ? error.stack : String(error)}`);
  }
}
if (failed) process.exitCode = 1;
