// One test's result as every report format is read into: a stable identity (file and full
// name) so the run on the proposed text and the run on disk can be compared test by test.

export type TestStatus = 'passed' | 'failed' | 'skipped';

export interface TestOutcome {
  /** `file` + NUL + `name`: the identity compared across runs. */
  readonly id: string;
  readonly name: string;
  readonly file: string;
  readonly status: TestStatus;
  /** The failure's first lines (empty for a pass). */
  readonly output: string;
}

export const OUTPUT_LINES = 20;
export const OUTPUT_CHARS = 2000;

/** The first lines of a failure's output, bounded. */
export function firstLines(text: string): string {
  const lines = text.replace(/\r\n?/gu, '\n').replace(/\n+$/u, '').split('\n');
  let out = lines.slice(0, OUTPUT_LINES).join('\n');
  if (out.length > OUTPUT_CHARS) out = `${out.slice(0, OUTPUT_CHARS)}…`;
  else if (lines.length > OUTPUT_LINES) out += `\n… ${lines.length - OUTPUT_LINES} more lines`;
  return out;
}

export function outcome(file: string, name: string, status: TestStatus, output = ''): TestOutcome {
  return {
    id: `${file}\0${name}`,
    name,
    file,
    status,
    output: status === 'failed' ? firstLines(output) : '',
  };
}
