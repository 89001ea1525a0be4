// A failure's flaky check inside the proposed run, for go test: `-exec` hands each package's
// test binary to a small script laid in the copy's report folder, which runs it as go test
// would and, when it fails, runs the binary once more on its failing top-level tests (a
// subtest runs only with its parent) and writes what that second run printed beside the
// report. The separate rerun cost another `go test`: listing packages, linking each test
// binary again; this costs the failing tests' own time. Where the script did not answer for a
// failing test (a package that did not build, a binary that died), the rerun stays.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestOutcome } from './test-outcome';
import { shellQuote, type FailingAgain } from './test-plan';

/** The script's name in the report folder. */
export const GO_AGAIN_SCRIPT = 'go-run-again.sh';

/** The prefix of each package's answer file the script writes. */
export const GO_AGAIN_PREFIX = 'go-again.';

/**
 * Called as `script BINARY ARGS...` in the package's folder. SLUICE_RUN_AGAIN: the report
 * folder; SLUICE_RUN_ROOT: the project's folder (the answer names the package by its folder
 * under it). Test2json's framing byte (Go 1.20+) is taken out before the names are read.
 */
export const GO_AGAIN_SH = `#!/bin/sh
bin=$1
shift
first="$SLUICE_RUN_AGAIN/first.$$"
"$bin" "$@" > "$first" 2>&1
status=$?
cat "$first"
if [ "$status" -ne 0 ]; then
  names=$(tr -d '\\026' < "$first" | sed -n 's/^--- FAIL: \\([^ ]*\\) .*/\\1/p' | tr '\\n' '|')
  names=\${names%|}
  if [ -n "$names" ]; then
    for arg do
      shift
      case $arg in
        -test.run=*) ;;
        *) set -- "$@" "$arg" ;;
      esac
    done
    answer="$SLUICE_RUN_AGAIN/${GO_AGAIN_PREFIX}$$"
    printf 'package %s\\n' "\${PWD#"$SLUICE_RUN_ROOT"}" > "$answer"
    "$bin" "$@" "-test.run=^($names)$" 2>&1 | tr -d '\\026' >> "$answer"
  fi
fi
rm -f "$first"
exit "$status"
`;

/** Test name → passed/failed, from the lines `--- PASS: name` and `--- FAIL: name`. */
function statusesOf(lines: readonly string[]): Map<string, 'passed' | 'failed'> {
  const statuses = new Map<string, 'passed' | 'failed'>();
  for (const line of lines) {
    const match = /^\s*--- (PASS|FAIL): (\S+)/u.exec(line);
    if (match?.[2]) statuses.set(match[2], match[1] === 'PASS' ? 'passed' : 'failed');
  }
  return statuses;
}

/**
 * The failing outcomes as they ran again, from the script's answers (text per file); null when
 * a failing test has no answer (the rerun runs).
 */
export function readGoAgain(
  answers: readonly string[],
  outcomes: readonly TestOutcome[],
): TestOutcome[] | null {
  const byPackage = new Map<string, Map<string, 'passed' | 'failed'>>();
  for (const text of answers) {
    const [head = '', ...lines] = text.split('\n');
    const folder = /^package (.*)$/u.exec(head)?.[1];
    if (folder === undefined) continue;
    byPackage.set(folder.replace(/^\//u, '') || '.', statusesOf(lines));
  }
  const result: TestOutcome[] = [];
  for (const outcome of outcomes) {
    if (outcome.status !== 'failed') continue;
    const status = byPackage.get(outcome.file)?.get(outcome.name);
    if (!status) return null;
    result.push({ ...outcome, status });
  }
  return result;
}

/** go test's flaky check inside the run; `args`: the plan's words after `go test` (flags, packages). */
export function goFailingAgain(base: string, args: string): FailingAgain {
  return {
    files: { [GO_AGAIN_SCRIPT]: GO_AGAIN_SH },
    commandWithReport: (report, { runDir, root }) => {
      const script = path.join(runDir, GO_AGAIN_SCRIPT);
      // go splits -exec's value into words, quotes kept: a folder with a quote cannot pass.
      if (/['"\\]/u.test(script)) return null;
      return {
        command: `${base} -json -exec ${shellQuote(`/bin/sh '${script}'`)} ${args} > ${shellQuote(report)}`,
        env: { SLUICE_RUN_AGAIN: runDir, SLUICE_RUN_ROOT: root },
      };
    },
    read: (hostDir, outcomes) => {
      let names: string[];
      try {
        names = readdirSync(hostDir).filter((n) => n.startsWith(GO_AGAIN_PREFIX));
      } catch {
        return null;
      }
      const answers = names.flatMap((n) => {
        try {
          return [readFileSync(path.join(hostDir, n), 'utf8')];
        } catch {
          return [];
        }
      });
      return readGoAgain(answers, outcomes);
    },
  };
}
