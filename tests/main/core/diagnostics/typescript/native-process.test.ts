// TypeScript 7's native process inside the checker: when it is killed alone (the
// memory ceiling's OOM killer takes the biggest process of the group), the check in flight
// ends with a reason instead of waiting for ever, and the next check starts a new checker.
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { detectBubblewrap } from '../../../../../src/main/core/sandbox/bubblewrap';
import {
  createTypeScriptLanguage,
  type TypeScriptLanguage,
} from '../../../../../src/main/core/diagnostics/typescript/typescript-language';
import { STRICT_TSCONFIG, writeFiles } from '../diagnostics-test-project';

const LONG = 120_000;
const sandbox = detectBubblewrap();
const describeSandboxed = sandbox.available ? describe : describe.skip;

let root: string;
let ts: TypeScriptLanguage | undefined;
afterEach(async () => {
  await ts?.dispose();
  ts = undefined;
  rmSync(root, { recursive: true, force: true });
});

/** Pids of TypeScript 7 API processes started for `cwd`. */
function nativeProcessesFor(cwd: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return argv.includes('--api') && argv.includes(cwd);
      } catch {
        return false;
      }
    })
    .map(Number);
}

describeSandboxed('typescript 7 native process', () => {
  it(
    'killed alone - the check says TypeScript 7’s native process ended, and the next check starts a new one',
    async () => {
      root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-ts7-kill-')));
      writeFiles(root, {
        'tsconfig.json': STRICT_TSCONFIG,
        'src/a.ts': 'export const a: number = 1;\n',
      });
      ts = createTypeScriptLanguage({ root });
      const signal = new AbortController().signal;
      const first = await ts.check([{ path: 'src/a.ts', after: 'export const a = 2;\n' }], signal);
      expect(first.checker).toMatch(/^TypeScript 7\./u);
      const native = nativeProcessesFor(root);
      expect(native.length).toBe(1);
      // The checker's memory is its process's and the native process's together.
      const status = (pid: number | string): string => readFileSync(`/proc/${pid}/status`, 'utf8');
      const rss = (pid: number | string): number =>
        Number(/VmRSS:\s+(\d+)\s+kB/.exec(status(pid))?.[1]) * 1024;
      const parent = /PPid:\s+(\d+)/.exec(status(native[0] as number))?.[1] ?? '';
      expect(ts.memoryBytes() ?? 0).toBeGreaterThan(0.8 * (rss(parent) + rss(native[0] as number)));
      process.kill(native[0] as number, 'SIGKILL');
      const started = Date.now();
      const stopped = await ts.check(
        [{ path: 'src/a.ts', after: 'export const a: number = "s";\n' }],
        signal,
      );
      expect(stopped.state).toBe('not_checked');
      expect(stopped.state === 'not_checked' && stopped.reason).toMatch(
        /native process ended during the check|^the TypeScript checker (stopped|was stopped)/u,
      );
      // Well before the 60 s hard ceiling: the process noticed its native side was gone.
      expect(Date.now() - started).toBeLessThan(30_000);
      const again = await ts.check(
        [{ path: 'src/a.ts', after: 'export const a: number = "s";\n' }],
        signal,
      );
      expect(again.state).toBe('checked');
    },
    LONG,
  );
});
