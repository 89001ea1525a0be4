// `sluice check` on hostile projects (issue 28): a project Go cannot even read says so and
// fails, never "No errors." with exit 0; `--timeout S` ends the verb within a second of S with
// every process of the checkers gone, even with a file linked to /dev/stdin and a checker that
// would run for minutes; and nothing the checkers run writes a marker, sees the canary or
// changes a project byte.
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { detectBubblewrap } from '../../../src/main/core/sandbox/bubblewrap';
import { findExecutable } from '../../../src/main/core/diagnostics/find-executable';
import { fakeCliIo } from '../../support/fake-cli-io';
import { goLinkerSmuggling, hashTree, writeTree } from '../../support/hostile-projects';

const LONG = 120_000;
const go = findExecutable('go', process.env);
const sandbox = detectBubblewrap();
const describeGo = go && sandbox.available ? describe : describe.skip;
if (!go || !sandbox.available) console.warn('check-hostile: skipped, needs go and bubblewrap');

let base: string;
let proj: string;

beforeEach(() => {
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-cli-check-hostile-')));
  proj = path.join(base, 'proj');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const fakeIo = (extra: Record<string, string> = {}) =>
  fakeCliIo({
    cwd: base,
    env: {
      SLUICE_HOME: path.join(base, 'home'),
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...extra,
    },
  });

/** Processes whose command line names `needle` (the project's path is in every sandbox's). */
function processesNaming(needle: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/u.test(pid) || Number(pid) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.includes(needle)) found.push(`${pid}: ${cmdline.replace(/\0/gu, ' ')}`);
    } catch {
      // gone
    }
  }
  return found;
}

/** A cgo preamble whose preprocessing doubles 32 times: minutes of CPU, no memory to speak of. */
const SLOW_PREAMBLE = [
  '#define A0',
  ...Array.from({ length: 32 }, (_, i) => `#define A${i + 1} A${i} A${i}`),
  'A32',
].join('\n');

describeGo('sluice check - hostile projects', () => {
  it(
    'a go.mod that does not parse - the go.mod error, exit 1, never "No errors."',
    async () => {
      writeTree(proj, {
        'go.mod': 'module example.com/broken\n\ngo 1.19\nthis is not a directive\n',
        'main.go': 'package main\n\nfunc main() {}\n',
      });
      const io = fakeIo();
      const code = await main(['check', '--project', proj], io);
      expect(code).toBe(1);
      expect(io.out()).not.toContain('No errors.');
      expect(io.out()).toMatch(/go\.mod:4:0 {2}error go {2}unknown directive: this/u);
    },
    LONG,
  );

  it(
    '--timeout 3 - ends within a second of it, every checker process gone, with a file linked to /dev/stdin and a checker that would run for minutes',
    async () => {
      writeTree(proj, {
        'go.mod': 'module example.com/slow\n\ngo 1.19\n',
        'main.go': `package main\n\n/*\n${SLOW_PREAMBLE}\n*/\nimport "C"\n\nfunc main() {}\n`,
        'app.py': 'import stdin_module\n\nx: int = 1\n',
      });
      symlinkSync('/dev/stdin', path.join(proj, 'stdin_module.py'));
      // The verb's modules load once, as they have in a CLI that is already running.
      await main(['check', '--help'], fakeIo());
      const io = fakeIo();
      const started = Date.now();
      const code = await main(['check', '--project', proj, '--timeout', '3'], io);
      const elapsed = Date.now() - started;
      expect(elapsed).toBeLessThan(4000);
      expect(code).toBe(1);
      expect(io.out()).not.toContain('No errors.');
      await new Promise((r) => setTimeout(r, 300));
      expect(processesNaming(proj)).toEqual([]);
    },
    LONG,
  );

  it(
    'the //line linker smuggling project - no marker, no canary, no byte changed, not "No errors."',
    async () => {
      const marker = path.join(base, 'marker');
      const planted = goLinkerSmuggling(proj, marker);
      const before = hashTree(proj);
      const io = fakeIo({
        SLUICE_TEST_CANARY_KEY: planted.canary,
        ANTHROPIC_API_KEY: `sk-ant-${planted.canary}`,
      });
      const code = await main(['check', '--project', proj, '--json'], io);
      expect(code).toBe(1);
      expect(existsSync(marker)).toBe(false);
      expect(hashTree(proj)).toEqual(before);
      expect(io.out() + io.err()).not.toContain(planted.canary);
    },
    LONG,
  );
});
