// Prints vitest's JSON totals as the plain closing line CI readers understand:
// "<label>: N passed, N failed, N skipped".
import { readFileSync, existsSync } from 'node:fs';

const [label = 'tests', file] = process.argv.slice(2);
if (!file || !existsSync(file)) {
  console.log(`${label}: 0 passed, 1 failed`);
  process.exit(0);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const passed = report.numPassedTests ?? 0;
const failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`${label}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
