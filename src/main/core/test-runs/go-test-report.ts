// `go test -json`: one JSON event per line (run / output / pass / fail / skip per test, then
// per package). Subtests (t.Run cases, a fuzz target's seeds `FuzzX/seed#1`) are tests of their
// own, reported one by one as the events name them; a failing parent names its failing ones. A package that fails with no failing test did not build or its test binary
// crashed: it becomes one failed entry named after the package, with its output.
import { outcome, type TestOutcome } from './test-outcome';

interface GoEvent {
  readonly Action?: string;
  readonly Package?: string;
  readonly Test?: string;
  readonly Output?: string;
}

export const PACKAGE_FAILURE = '(the package failed to build or run)';

export function parseGoTestJson(text: string, modulePath = ''): TestOutcome[] {
  const output = new Map<string, string>();
  const final = new Map<string, { pkg: string; test: string | undefined; action: string }>();
  const failedTests = new Set<string>();
  let events = 0;
  for (const line of text.split('\n')) {
    // Before Go 1.20, a package that does not build is one plain line, not an event.
    const plain = /^FAIL\s+(\S+)\s+\[(?:build|setup) failed\]/u.exec(line);
    if (plain) {
      events++;
      final.set(`${plain[1] ?? ''}\0`, { pkg: plain[1] ?? '', test: undefined, action: 'fail' });
      continue;
    }
    if (!line.startsWith('{')) continue;
    let event: GoEvent;
    try {
      event = JSON.parse(line) as GoEvent;
    } catch {
      continue;
    }
    events++;
    const pkg = event.Package ?? '';
    const key = `${pkg}\0${event.Test ?? ''}`;
    if (event.Action === 'output') output.set(key, (output.get(key) ?? '') + (event.Output ?? ''));
    else if (event.Action === 'pass' || event.Action === 'fail' || event.Action === 'skip') {
      final.set(key, { pkg, test: event.Test, action: event.Action });
      if (event.Action === 'fail' && event.Test) failedTests.add(pkg);
    }
  }
  if (!events) throw new Error('go test wrote no JSON events');
  const relative = (pkg: string): string =>
    modulePath && pkg.startsWith(modulePath)
      ? pkg.slice(modulePath.length).replace(/^\//u, '') || '.'
      : pkg;
  // A parent fails when a subtest (a t.Run case, a fuzz seed) does: its output names them.
  const failingChildren = new Map<string, string[]>();
  for (const [key, { test, action }] of final) {
    const at = key.lastIndexOf('/');
    if (!test || action !== 'fail' || at < key.indexOf('\0')) continue;
    const parent = key.slice(0, at);
    failingChildren.set(parent, [...(failingChildren.get(parent) ?? []), test]);
  }
  const outcomes: TestOutcome[] = [];
  for (const [key, { pkg, test, action }] of final) {
    const status = action === 'pass' ? 'passed' : action === 'fail' ? 'failed' : 'skipped';
    const children = failingChildren.get(key);
    const own = output.get(key) ?? '';
    if (test)
      outcomes.push(
        outcome(
          relative(pkg),
          test,
          status,
          children ? `failing subtests: ${children.join(', ')}\n${own}` : own,
        ),
      );
    else if (action === 'fail' && !failedTests.has(pkg))
      outcomes.push(outcome(relative(pkg), PACKAGE_FAILURE, 'failed', output.get(key) ?? ''));
  }
  return outcomes;
}
