import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  commandEnv,
  runCommand,
  shellSpawn,
} from '../../../../src/main/core/commands/command-runner';
import type { SandboxAvailability } from '../../../../src/main/core/sandbox/bubblewrap';
import { parseHostList } from '../../../../src/shared/network-hosts';
import { parseSbpl } from '../../../support/sbpl';

describe('shellSpawn', () => {
  it('POSIX - /bin/sh -c with stderr merged into stdout', () => {
    expect(shellSpawn('npm test', 'linux', {})).toEqual({
      file: '/bin/sh',
      args: ['-c', 'exec /bin/sh -c "$1" 2>&1', 'sh', 'npm test'],
      windows: false,
    });
  });

  it('Windows - cmd.exe from ComSpec, no AutoRun, the line kept verbatim', () => {
    expect(shellSpawn('npm test && echo ok', 'win32', { ComSpec: 'C:\\Windows\\cmd.exe' })).toEqual(
      {
        file: 'C:\\Windows\\cmd.exe',
        args: ['/d', '/s', '/c', '"npm test && echo ok"'],
        windows: true,
      },
    );
  });
});

describe('commandEnv', () => {
  const base = {
    PATH: '/usr/bin',
    HOME: '/home/me',
    ANTHROPIC_API_KEY: 'sk-secret',
    AWS_SECRET_ACCESS_KEY: 'x',
    LANG: 'C.UTF-8',
    SystemRoot: 'C:\\Windows',
    Path: 'C:\\bin',
  };

  it('POSIX - passes only the allow-listed variables, never keys', () => {
    const env = commandEnv(base, 'linux');
    expect(env).toMatchObject({ PATH: '/usr/bin', LANG: 'C.UTF-8' });
    expect(env).not.toHaveProperty('ANTHROPIC_API_KEY');
    expect(env).not.toHaveProperty('AWS_SECRET_ACCESS_KEY');
    expect(env).not.toHaveProperty('SystemRoot');
  });

  it('POSIX - a secret-looking name in an allowed family, or a secret under a harmless name, stays out', () => {
    const env = commandEnv(
      {
        PATH: '/usr/bin',
        LC_API_KEY: 'abc',
        LC_ALL: 'C.UTF-8',
        ANTHROPIC_API_KEY: 'sk-ant-api03-secretvalue',
        LANG: 'sk-ant-api03-secretvalue',
        GITHUB_TOKEN: 'ghp_0123456789',
        TZ: 'x ghp_0123456789',
      },
      'linux',
    );
    expect(env).toMatchObject({ PATH: '/usr/bin', LC_ALL: 'C.UTF-8' });
    expect(env).not.toHaveProperty('LC_API_KEY');
    expect(env).not.toHaveProperty('LANG');
    expect(env).not.toHaveProperty('TZ');
  });

  it('Windows - keeps what programs need to start (SystemRoot, Path), still no keys', () => {
    const env = commandEnv(base, 'win32');
    expect(env).toMatchObject({ SystemRoot: 'C:\\Windows', Path: 'C:\\bin' });
    expect(env).not.toHaveProperty('ANTHROPIC_API_KEY');
  });
});

describe('runCommand with Seatbelt (a recording stand-in for sandbox-exec)', () => {
  let base: string;
  let root: string;
  let out: string;
  let seatbelt: SandboxAvailability;

  beforeEach(() => {
    base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-runner-mac-')));
    root = path.join(base, 'project');
    out = path.join(base, 'out');
    mkdirSync(root);
    mkdirSync(out);
    const fake = path.join(base, 'sandbox-exec');
    // Keeps the profile and argv, then runs what follows `-f profile` (no sandbox on Linux).
    writeFileSync(
      fake,
      `#!/bin/sh\ncp "$2" '${out}/profile.sb'\nprintf '%s\\n' "$@" > '${out}/argv'\nshift 2\nexec "$@"\n`,
    );
    chmodSync(fake, 0o755);
    seatbelt = { available: true, kind: 'seatbelt', detail: fake };
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  const options = (command: string, extra: Record<string, unknown> = {}) => ({
    command,
    root,
    cwd: root,
    timeoutMs: 10_000,
    network: false,
    sandbox: seatbelt,
    signal: new AbortController().signal,
    hidden: [path.join(base, 'sluice-home')],
    baseEnv: {
      PATH: process.env.PATH,
      HOME: path.join(base, 'person'),
      ANTHROPIC_API_KEY: 'sk-secret',
    },
    tmpdir: base,
    platform: 'darwin' as const,
    ...extra,
  });

  it('darwin - runs under sandbox-exec -f <profile> with a private HOME and TMPDIR, removed after', async () => {
    const run = await runCommand(
      options('echo "home=$HOME tmp=$TMPDIR key=${ANTHROPIC_API_KEY:-none}"; echo made > made.txt'),
    );
    expect(run.end).toEqual({ kind: 'exited', code: 0 });
    expect(run.sandboxed).toBe(true);
    const [, home, tmp] = /home=(\S+) tmp=(\S+) key=none/u.exec(run.output.view) ?? [];
    expect(home).toMatch(/sluice-cmd-[^/]+\/home$/u);
    expect(tmp).toMatch(/sluice-cmd-[^/]+\/tmp$/u);
    expect(existsSync(home as string)).toBe(false);
    expect(readFileSync(path.join(root, 'made.txt'), 'utf8')).toBe('made\n');
    const argv = readFileSync(path.join(out, 'argv'), 'utf8').split('\n');
    expect(argv.slice(0, 4)).toEqual([
      '-f',
      expect.stringMatching(/profile\.sb$/u),
      '/bin/sh',
      '-c',
    ]);
    const profile = readFileSync(path.join(out, 'profile.sb'), 'utf8');
    expect(parseSbpl(profile).length).toBeGreaterThan(10);
    expect(profile).toContain(
      `(allow file-write* (subpath "${root}") (subpath "${tmp}") (subpath "${home}"))`,
    );
    expect(profile).toContain(`(subpath "${path.join(base, 'sluice-home')}")`);
    expect(profile).toContain(`(subpath "${path.join(base, 'person', '.ssh')}")`);
    expect(profile).toContain('; network: none');
    expect(run.notes.join(' ')).toMatch(/macOS has no PID namespace/u);
  });

  it('darwin - network on reaches the profile', async () => {
    await runCommand(options('true', { network: true }));
    expect(readFileSync(path.join(out, 'profile.sb'), 'utf8')).toContain('(remote ip "*:*")');
  });

  it('darwin - a host list: the filter listens on one loopback port, the profile allows only it, the proxy judges', async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits += 1;
      res.end('listed\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const listedPort = (server.address() as AddressInfo).port;
    try {
      const allowedHosts = parseHostList([`127.0.0.1:${listedPort}`]);
      if (typeof allowedHosts === 'string') throw new Error(allowedHosts);
      const run = await runCommand(
        options(
          `echo "proxy=$HTTP_PROXY"; curl -s -m 5 http://127.0.0.1:${listedPort}/; curl -s -m 5 http://unlisted.example:${listedPort}/ > /dev/null`,
          { allowedHosts },
        ),
      );
      const [, proxyPort] = /proxy=http:\/\/127\.0\.0\.1:(\d+)/u.exec(run.output.view) ?? [];
      expect(Number(proxyPort)).toBeGreaterThan(0);
      expect(proxyPort).not.toBe(String(listedPort));
      const profile = readFileSync(path.join(out, 'profile.sb'), 'utf8');
      expect(profile).toContain(`(remote ip "localhost:${proxyPort}")`);
      expect(profile).not.toContain('(remote ip "*:*")');
      expect(run.output.view).toContain('listed');
      expect(hits).toBe(1);
      expect(run.proxy).toMatchObject({ allowedCount: 1, refusedCount: 1 });
      expect(run.proxy?.refused[0]?.target).toContain('unlisted.example');
    } finally {
      server.close();
    }
  });

  it('darwin - a project path the profile cannot express: nothing runs, the reason is given', async () => {
    const odd = path.join(base, 'a\nb');
    mkdirSync(odd);
    const run = await runCommand(options('echo ran > ran.txt', { root: odd, cwd: odd }));
    expect(run.end).toMatchObject({
      kind: 'spawn_failed',
      message: expect.stringMatching(/control character/u),
    });
    expect(existsSync(path.join(odd, 'ran.txt'))).toBe(false);
    expect(existsSync(path.join(out, 'argv'))).toBe(false);
  });
});
