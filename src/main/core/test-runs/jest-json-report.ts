// vitest's `--reporter=json` and jest's `--json` write the same shape: per test file its
// assertions (full name, status, failure messages) and a file-level message when the file
// could not run at all (a syntax error, an import that throws).
import path from 'node:path';
import { outcome, type TestOutcome } from './test-outcome';

interface Assertion {
  readonly fullName?: unknown;
  readonly title?: unknown;
  readonly status?: unknown;
  readonly failureMessages?: unknown;
}
interface FileResult {
  readonly name?: unknown;
  readonly status?: unknown;
  readonly message?: unknown;
  readonly assertionResults?: unknown;
}

function relativeFile(root: string, name: unknown): string {
  const file = typeof name === 'string' ? name : '';
  return path.isAbsolute(file) ? path.relative(root, file).split(path.sep).join('/') : file;
}

export const LOAD_FAILURE = '(the test file failed to run)';

export function parseJestJson(text: string, root: string): TestOutcome[] {
  const report = JSON.parse(text) as { testResults?: unknown };
  if (!Array.isArray(report.testResults)) throw new Error('the report has no testResults');
  const outcomes: TestOutcome[] = [];
  for (const file of report.testResults as FileResult[]) {
    const relative = relativeFile(root, file.name);
    const assertions = Array.isArray(file.assertionResults)
      ? (file.assertionResults as Assertion[])
      : [];
    for (const a of assertions) {
      const name =
        typeof a.fullName === 'string' && a.fullName
          ? a.fullName
          : typeof a.title === 'string'
            ? a.title
            : '(unnamed test)';
      const status =
        a.status === 'passed' ? 'passed' : a.status === 'failed' ? 'failed' : 'skipped';
      const messages = Array.isArray(a.failureMessages) ? a.failureMessages.map(String) : [];
      outcomes.push(outcome(relative, name, status, messages.join('\n')));
    }
    const message = typeof file.message === 'string' ? file.message.trim() : '';
    if (
      file.status === 'failed' &&
      (!assertions.length || message) &&
      !assertions.some((a) => a.status === 'failed')
    )
      outcomes.push(outcome(relative, LOAD_FAILURE, 'failed', message || 'the file failed'));
  }
  return outcomes;
}
