// The socket-family allow-list (issue 29 item 4), judged inside a real bubblewrap run: a
// python3 probe tries socket() for every family number 0-63 (with each common type) and
// socketpair(AF_UNIX); the families this kernel offers are found the same way outside.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detectBubblewrap } from '../../../../src/main/core/sandbox/bubblewrap';
import { runCommand } from '../../../../src/main/core/commands/command-runner';
import { parseHostList, type HostPattern } from '../../../../src/shared/network-hosts';

const PYTHON = '/usr/bin/python3';
const sandbox = detectBubblewrap();
const usable = sandbox.available && existsSync(PYTHON);
const describeSandboxed = usable ? describe : describe.skip;
if (!usable) console.warn('socket-families: skipped, needs bubblewrap and /usr/bin/python3');

/** Prints `family=ok` or `family=ERRNAME` per family, then `pair=…` for socketpair(AF_UNIX). */
const PROBE = [
  'import socket, errno',
  'def probe(f):',
  '    last = "EAFNOSUPPORT"',
  '    for t in (1, 2, 3, 5):',
  '        try:',
  '            socket.socket(f, t).close()',
  '            return "ok"',
  '        except OSError as e:',
  '            last = errno.errorcode.get(e.errno, str(e.errno))',
  '            if last in ("EPERM", "EACCES", "EAFNOSUPPORT"):',
  '                return last',
  '    return last',
  'for f in range(64):',
  '    print("%d=%s" % (f, probe(f)))',
  'try:',
  '    a, b = socket.socketpair(socket.AF_UNIX)',
  '    print("pair=ok")',
  'except OSError as e:',
  '    print("pair=" + errno.errorcode.get(e.errno, str(e.errno)))',
].join('\n');

function results(text: string): Map<string, string> {
  return new Map(
    text
      .split('\n')
      .filter((l) => /^\w+=\w+$/u.test(l))
      .map((l) => l.split('=') as [string, string]),
  );
}

/** Families the kernel offers outside any sandbox: anything but "not supported". */
const offered = (() => {
  if (!usable) return [];
  const outside = results(spawnSync(PYTHON, ['-c', PROBE], { encoding: 'utf8' }).stdout);
  return [...outside]
    .filter(([k, v]) => k !== 'pair' && v !== 'EAFNOSUPPORT')
    .map(([k]) => Number(k));
})();

let base: string;
let root: string;
beforeEach(() => {
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-families-')));
  root = path.join(base, 'project');
  mkdirSync(root);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

async function probeInside(mode: 'off' | 'hosts' | 'full'): Promise<Map<string, string>> {
  const r = await runCommand({
    command: `${PYTHON} -c '${PROBE}'`,
    root,
    cwd: root,
    timeoutMs: 20_000,
    network: mode === 'full',
    ...(mode === 'hosts' ? { allowedHosts: parseHostList(['example.com']) as HostPattern[] } : {}),
    sandbox,
    signal: new AbortController().signal,
    killGraceMs: 500,
  });
  expect(r.end).toEqual({ kind: 'exited', code: 0 });
  return results(r.output.view);
}

describeSandboxed('socket families inside the sandbox', () => {
  it('the kernel here - offers more than Unix and Internet sockets (what the cases below try)', () => {
    expect(offered).toEqual(expect.arrayContaining([1, 2, 10]));
    console.info(`socket-families: this kernel offers ${offered.join(', ')}`);
  });

  it('network off - every family is refused by socket(), socketpair(AF_UNIX) still works', async () => {
    const inside = await probeInside('off');
    // Every number, so the families this kernel offers (made outside above) are among them.
    for (let family = 0; family < 64; family += 1)
      expect(`${family}=${inside.get(String(family))}`).toBe(`${family}=EPERM`);
    expect(inside.get('pair')).toBe('ok');
  });

  it.each(['full', 'hosts'] as const)(
    'network %s - Internet sockets work; Unix and every other family are refused',
    async (mode) => {
      const inside = await probeInside(mode);
      for (let family = 0; family < 64; family += 1) {
        const want = family === 2 || family === 10 ? 'ok' : 'EPERM';
        expect(`${family}=${inside.get(String(family))}`).toBe(`${family}=${want}`);
      }
      expect(inside.get('pair')).toBe('ok');
    },
  );
});
