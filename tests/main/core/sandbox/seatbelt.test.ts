// The Seatbelt backend's probe and spawn, on Linux: sandbox-exec is replaced by injected runs,
// so each fallback (missing, cannot apply a profile, profile rejected, profile not enforced)
// and the argv/environment a darwin command gets are checked without a Mac.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detectBubblewrap } from '../../../../src/main/core/sandbox/bubblewrap';
import {
  detectSeatbelt,
  PROBE_PROJECT,
  PROCESS_CEILING,
  SANDBOX_EXEC,
  SELF_TEST,
  seatbeltSpawn,
  userTempFolder,
  type ProbeRun,
  type SeatbeltProbeDeps,
} from '../../../../src/main/core/sandbox/seatbelt';
import { detectSandbox, sandboxName } from '../../../../src/main/core/sandbox/sandbox-detect';
import { commandEnv } from '../../../../src/main/core/commands/command-runner';
import { parseSbpl } from '../../../support/sbpl';
import type { SeatbeltLayout } from '../../../../src/main/core/sandbox/seatbelt-profile';

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'sluice-seatbelt-'));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

interface Call {
  readonly args: readonly string[];
  readonly profile: string | null;
}

/** A fake sandbox-exec: answers per kind of run, and keeps each profile it was given. */
function fakeDeps(
  answer: (kind: 'basic' | 'file-link' | 'full' | 'self-test', args: readonly string[]) => ProbeRun,
  present = true,
) {
  const calls: Call[] = [];
  const deps: SeatbeltProbeDeps = {
    tmpdir: tmp,
    exists: (file) => (file === SANDBOX_EXEC ? present : existsSync(file)),
    run: (file, args) => {
      expect(file).toBe(SANDBOX_EXEC);
      const profile =
        args[0] === '-f' ? readFileSync(args[1] as string, 'utf8') : (args[1] ?? null);
      calls.push({ args, profile });
      const kind =
        args[0] === '-p'
          ? String(args[1]).includes('file-link')
            ? 'file-link'
            : 'basic'
          : args.includes('/bin/sh')
            ? 'self-test'
            : 'full';
      return answer(kind, args);
    },
  };
  return { deps, calls };
}

const ok: ProbeRun = { status: 0, stderr: '' };

describe('detectSeatbelt', () => {
  it('not macOS - unavailable, and detectSandbox keeps bubblewrap for Linux', () => {
    expect(detectSeatbelt('linux')).toMatchObject({ available: false });
    expect(detectSeatbelt('win32').detail).toMatch(/only on macOS/u);
    expect(detectSandbox('win32')).toMatchObject({ available: false });
    expect(detectSandbox('linux').kind ?? 'bubblewrap').toBe('bubblewrap');
  });

  it.skipIf(existsSync(SANDBOX_EXEC))(
    'darwin without sandbox-exec - the real probe falls back',
    () => {
      const result = detectSandbox('darwin');
      expect(result.available).toBe(false);
      expect(result.detail).toMatch(/sandbox-exec is not available/u);
    },
  );

  it('sandbox-exec missing - unavailable, says so, runs nothing', () => {
    const { deps, calls } = fakeDeps(() => ok, false);
    const result = detectSeatbelt('darwin', deps);
    expect(result).toEqual({
      available: false,
      detail: expect.stringMatching(/sandbox-exec is not available/u),
    });
    expect(calls).toHaveLength(0);
  });

  it('a profile cannot be applied (nested sandbox) - unavailable with the reason', () => {
    const { deps } = fakeDeps(() => ({
      status: 71,
      stderr: 'sandbox_apply: Operation not permitted',
    }));
    const result = detectSeatbelt('darwin', deps);
    expect(result.available).toBe(false);
    expect(result.detail).toMatch(
      /cannot apply a profile here: sandbox_apply: Operation not permitted/u,
    );
  });

  it("Sluice's profile rejected - unavailable, so commands ask instead of failing", () => {
    const { deps } = fakeDeps((kind) =>
      kind === 'full' ? { status: 65, stderr: 'unbound variable: mach-host*' } : ok,
    );
    const result = detectSeatbelt('darwin', deps);
    expect(result).toMatchObject({ available: false });
    expect(result.detail).toMatch(/rejected Sluice's profile: unbound variable/u);
  });

  it('a profile that does not hold - the self-test fails and the sandbox is not used', () => {
    // The self-test run unsandboxed, as a Seatbelt that ignored the profile would: the write to
    // .git lands, so the probe must refuse.
    const { deps } = fakeDeps((kind, args) => {
      if (kind !== 'self-test') return ok;
      const r = spawnSync(args[2] as string, args.slice(3) as string[]);
      return { status: r.status, stderr: r.stderr.toString() };
    });
    const result = detectSeatbelt('darwin', deps);
    expect(result).toMatchObject({ available: false });
    expect(result.detail).toMatch(/did not enforce Sluice's profile in a self-test/u);
  });

  it('all probes pass - available as Seatbelt, the file-link support recorded, folders removed', () => {
    const { deps, calls } = fakeDeps((kind, args) => {
      if (kind === 'file-link') return { status: 65, stderr: 'unknown operation file-link' };
      if (kind === 'self-test') {
        // An enforcing Seatbelt: only the write inside the project lands.
        spawnSync('/bin/sh', ['-c', ': > "$1/probe-ok"', 'sh', args[6] as string]);
      }
      return ok;
    });
    const result = detectSeatbelt('darwin', deps);
    expect(result).toEqual({
      available: true,
      kind: 'seatbelt',
      detail: SANDBOX_EXEC,
      fileLinkRule: false,
    });
    expect(sandboxName(result)).toBe('Seatbelt');
    const full = calls.filter((c) => c.args[0] === '-f');
    expect(full.map((c) => c.profile).every((p) => p && parseSbpl(p).length > 10)).toBe(true);
    expect(full.some((c) => c.profile?.includes('(remote ip "*:*")'))).toBe(true);
    expect(full.some((c) => c.profile?.includes('(remote ip "localhost:9")'))).toBe(true);
    expect(calls[calls.length - 1]?.args.slice(2, 5)).toEqual([
      '/bin/sh',
      '-c',
      expect.stringContaining('.git/probe'),
    ]);
    const selfTest = calls[calls.length - 1];
    expect(selfTest?.args[6]).toMatch(/pro"ject\\ \(é\) \[x\]\.\*$/u);
    expect(selfTest?.profile).toContain('(subpath "');
    expect(selfTest?.profile).toContain('pro\\"ject\\\\ (é) [x].*")');
    expect(readdirSync(tmp)).toEqual([]);
  });
});

describe('SELF_TEST', () => {
  const bwrap = detectBubblewrap();
  const itBwrap = bwrap.available ? it : it.skip;

  itBwrap('passes under a sandbox that enforces the same rules (bubblewrap stands in)', () => {
    const dirs = {
      root: path.join(tmp, PROBE_PROJECT),
      outside: path.join(tmp, 'outside'),
      person: path.join(tmp, 'person'),
      others: path.join(tmp, 'others'),
      hidden: path.join(tmp, 'hidden'),
    };
    for (const d of [
      path.join(dirs.root, '.git'),
      dirs.outside,
      path.join(dirs.person, '.ssh'),
      dirs.others,
      dirs.hidden,
    ])
      mkdirSync(d, { recursive: true });
    writeFileSync(path.join(dirs.root, '.git', 'config'), '[core]\n');
    const r = spawnSync(bwrap.detail, [
      '--ro-bind',
      '/',
      '/',
      '--dev',
      '/dev',
      '--proc',
      '/proc',
      '--bind',
      dirs.root,
      dirs.root,
      '--ro-bind',
      path.join(dirs.root, '.git'),
      path.join(dirs.root, '.git'),
      '--tmpfs',
      path.join(dirs.person, '.ssh'),
      '--tmpfs',
      dirs.others,
      '--tmpfs',
      dirs.hidden,
      '/bin/sh',
      '-c',
      SELF_TEST,
      'sh',
      dirs.root,
      dirs.outside,
      dirs.person,
      dirs.others,
      dirs.hidden,
    ]);
    expect(r.stderr.toString()).toBe('');
    expect(r.status).toBe(0);
    expect(existsSync(path.join(dirs.root, 'probe-ok'))).toBe(true);
    expect(readFileSync(path.join(dirs.root, '.git', 'config'), 'utf8')).toBe('[core]\n');
  });
});

describe('seatbeltSpawn', () => {
  const layout: SeatbeltLayout = {
    root: '/Users/ana/p',
    tmp: '/private/var/folders/ab/x/T/sluice-cmd-1/tmp',
    home: '/private/var/folders/ab/x/T/sluice-cmd-1/home',
    userHomes: ['/Users/ana'],
    hidden: [],
    network: false,
  };
  const env = commandEnv(
    {
      PATH: '/opt/homebrew/bin:/usr/bin',
      HOME: '/Users/ana',
      ANTHROPIC_API_KEY: 'sk-x',
      TMPDIR: '/var/folders/ab/x/T/',
    },
    'darwin',
  );

  it('darwin - the ceiling wrapper execs sandbox-exec -f profile, then /bin/sh -c with stderr merged', () => {
    const spawn = seatbeltSpawn(layout, '/p/profile.sb', 'npm test', env);
    expect(spawn.file).toBe('/bin/sh');
    expect(spawn.args).toEqual([
      '-c',
      PROCESS_CEILING,
      'sh',
      '/usr/bin/sandbox-exec',
      '-f',
      '/p/profile.sb',
      '/bin/sh',
      '-c',
      'exec /bin/sh -c "$1" 2>&1',
      'sh',
      'npm test',
    ]);
  });

  it('darwin - private HOME and TMPDIR, the filtered environment, never the API key', () => {
    const spawn = seatbeltSpawn(layout, '/p/profile.sb', 'npm test', env);
    expect(spawn.env).toMatchObject({
      HOME: layout.home,
      TMPDIR: layout.tmp,
      PATH: '/opt/homebrew/bin:/usr/bin',
    });
    expect(spawn.env).not.toHaveProperty('ANTHROPIC_API_KEY');
    expect(spawn.env).not.toHaveProperty('HTTPS_PROXY');
  });

  it('proxy port with network off - the proxy variables point at it; with network on they do not', () => {
    const proxied = seatbeltSpawn({ ...layout, proxyPort: 8123 }, '/p', 'npm ci', env).env;
    expect(proxied).toMatchObject({
      HTTPS_PROXY: 'http://127.0.0.1:8123',
      http_proxy: 'http://127.0.0.1:8123',
    });
    const open = seatbeltSpawn(
      { ...layout, network: true, proxyPort: 8123 },
      '/p',
      'npm ci',
      env,
    ).env;
    expect(open).not.toHaveProperty('HTTPS_PROXY');
  });

  it('the ceiling wrapper - hands the program its arguments untouched', () => {
    const r = spawnSync('/bin/sh', ['-c', PROCESS_CEILING, 'sh', '/bin/echo', 'ran', '$1'], {
      env: { PATH: '/nonexistent' },
    });
    expect(r.stdout.toString()).toBe('ran $1\n');
    expect(r.status).toBe(0);
  });

  it.each(['/bin/sh', '/bin/bash'])(
    'the ceiling wrapper in %s - the limit is the current count plus the headroom',
    (shell) => {
      const r = spawnSync(shell, ['-c', PROCESS_CEILING, 'sh', '/bin/bash', '-c', 'ulimit -Hu']);
      const own = spawnSync('/bin/sh', ['-c', 'ps -x -o pid= | wc -l']);
      const limit = Number(r.stdout.toString().trim());
      const count = Number(own.stdout.toString().trim());
      expect(limit).toBeGreaterThan(1000);
      expect(Math.abs(limit - (count + 1024))).toBeLessThan(50);
    },
  );

  it('userTempFolder - only the per-user /private/var/folders/…/T folder counts', () => {
    expect(userTempFolder('/private/var/folders/ab/x1y2/T/')).toBe(
      '/private/var/folders/ab/x1y2/T',
    );
    expect(userTempFolder('/tmp')).toBeNull();
  });
});
