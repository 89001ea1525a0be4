// A failure's flaky check inside the proposed run itself, for pytest: a small plugin, laid in
// the copy's report folder and loaded with `-p`, runs each test that failed once more when the
// session ends (after every fixture was torn down, alone, with fresh fixtures) and writes which
// of them failed again. The separate rerun cost a sandbox, an interpreter and a collection
// more than the verdict on a small suite; this costs the failing tests' own time. Without the
// file (an older pytest, a plugin that could not load, a run cut short), the verdict falls
// back to the separate rerun.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestOutcome } from './test-outcome';
import { shellQuote, type FailingAgain } from './test-plan';
import { pytestNodeId } from './pytest-node-id';

/** The plugin's module name, importable from the report folder. */
export const RUN_AGAIN_MODULE = 'sluice_run_again';

/** Where the plugin writes its answer, in the copy's report folder. */
export const RUN_AGAIN_FILE = 'failed-again.json';

/** Most failing tests the plugin runs again; past it the answer says so and the rerun runs. */
export const RUN_AGAIN_MAX_TESTS = 200;

/** The plugin's source; reads SLUICE_RUN_AGAIN (its answer's path) at import. */
export const RUN_AGAIN_PLUGIN = `"""Sluice: each failed test runs once more, alone, when the session ends."""
import json
import os

import pytest

_ANSWER = os.path.abspath(os.environ.get("SLUICE_RUN_AGAIN", "${RUN_AGAIN_FILE}"))
_FAILED = []


def pytest_runtest_logreport(report):
    if report.failed and report.nodeid not in _FAILED:
        _FAILED.append(report.nodeid)


def _write(answer):
    with open(_ANSWER, "w", encoding="utf-8") as out:
        json.dump(answer, out)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session):
    from _pytest.runner import runtestprotocol

    wanted = set(_FAILED)
    items = [item for item in session.items if item.nodeid in wanted]
    if len(items) > ${RUN_AGAIN_MAX_TESTS}:
        _write({"skipped": "%d failing tests" % len(items)})
        return
    again = {}
    for item in items:
        if hasattr(item, "_initrequest"):
            item._initrequest()
        reports = runtestprotocol(item, nextitem=None, log=False)
        again[item.nodeid] = "failed" if any(r.failed for r in reports) else "passed"
    _write({"again": again})
`;

/**
 * The failing outcomes as they ran again, from the plugin's answer; null when it did not run
 * them (no answer, a skip, or a failing test it does not name), so the separate rerun runs.
 */
export function readRunAgain(text: string, outcomes: readonly TestOutcome[]): TestOutcome[] | null {
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return null;
  }
  const again =
    answer && typeof answer === 'object' && 'again' in answer
      ? (answer as { again: unknown }).again
      : null;
  if (!again || typeof again !== 'object') return null;
  const statuses = again as Record<string, unknown>;
  const result: TestOutcome[] = [];
  for (const outcome of outcomes) {
    if (outcome.status !== 'failed') continue;
    const status = statuses[pytestNodeId(outcome)];
    if (status !== 'failed' && status !== 'passed') return null;
    result.push({ ...outcome, status });
  }
  return result;
}

/** pytest's flaky check inside the run: the plugin on the report folder's import path. */
export function pytestFailingAgain(command: string): FailingAgain {
  return {
    files: { [`${RUN_AGAIN_MODULE}.py`]: RUN_AGAIN_PLUGIN },
    commandWithReport: (report, { runDir }) => ({
      command: `${command} --junitxml=${shellQuote(report)} -p ${RUN_AGAIN_MODULE}`,
      env: { PYTHONPATH: runDir, SLUICE_RUN_AGAIN: path.join(runDir, RUN_AGAIN_FILE) },
    }),
    read: (hostDir, outcomes) => {
      let text: string;
      try {
        text = readFileSync(path.join(hostDir, RUN_AGAIN_FILE), 'utf8');
      } catch {
        return null;
      }
      return readRunAgain(text, outcomes);
    },
  };
}
