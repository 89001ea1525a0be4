// Hostile commands under the real Seatbelt, judged by what happened on disk and on the network
// (a loopback server is the only target). Runs only on a Mac where the probe passes; on Linux
// it says why and skips (the profile itself is checked everywhere in seatbelt-profile.test.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  runCommand,
  type CommandRunOptions,
} from '../../../../src/main/core/commands/command-runner';
import { parseHostList } from '../../../../src/shared/network-hosts';
import { detectSeatbelt } from '../../../../src/main/core/sandbox/seatbelt';

const sandbox = detectSeatbelt();
const describeMac = sandbox.available ? describe : describe.skip;
if (!sandbox.available) console.warn(`seatbelt-hostile: skipped, ${sandbox.detail}`);

let server: Server;
let hits = 0;
let port = 0;
let base: string;
let root: string;
let person: string;

beforeAll(async () => {
  server = createServer((_req, res) => {
    hits += 1;
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function makeProject(name: string): string {
  const dir = path.join(base, name);
  mkdirSync(path.join(dir, '.git', 'hooks'), { recursive: true });
  writeFileSync(path.join(dir, '.git', 'config'), '[core]\n');
  writeFileSync(path.join(dir, 'a.txt'), 'a\n');
  return dir;
}

beforeEach(() => {
  hits = 0;
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-sb-hostile-')));
  root = makeProject('project');
  person = path.join(base, 'person');
  mkdirSync(path.join(person, '.ssh'), { recursive: true });
  writeFileSync(path.join(person, '.ssh', 'id_ed25519'), 'PRIVATE KEY\n');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

function run(command: string, extra: Partial<CommandRunOptions> = {}) {
  return runCommand({
    command,
    root,
    cwd: root,
    timeoutMs: 20_000,
    network: false,
    sandbox,
    signal: new AbortController().signal,
    hidden: [path.join(base, 'sluice-home')],
    baseEnv: { PATH: process.env.PATH, HOME: person },
    ...extra,
  });
}

describeMac('Seatbelt hostile commands', () => {
  it('writing outside the root - redirect, cp, symlink, cd .. all fail on disk', async () => {
    await run(
      `echo x > ../out1; cp a.txt ../out2; ln -s ../out3 link && echo x > link; cd .. && echo x > out4; echo x > /tmp/sluice-sb-${process.pid}`,
    );
    for (const f of ['out1', 'out2', 'out3', 'out4'])
      expect(existsSync(path.join(base, f)), f).toBe(false);
    expect(existsSync(`/tmp/sluice-sb-${process.pid}`)).toBe(false);
  });

  it('protected paths - hooks, config, any case, new .env, hard link, rename tricks all fail', async () => {
    await run(
      [
        'echo evil > .git/hooks/pre-commit',
        'echo evil >> .git/config',
        'echo evil > .GIT/hooks/post-checkout',
        'echo SECRET=1 > .env',
        'mkdir -p .vscode && echo {} > .vscode/tasks.json',
        'ln .git/config hard && echo evil >> hard',
        'mv .git moved',
        'mkdir -p .github/workflows; mv .github gh',
        'rm -rf .git',
      ].join('; '),
    );
    expect(existsSync(path.join(root, '.git', 'hooks', 'pre-commit'))).toBe(false);
    expect(existsSync(path.join(root, '.git', 'hooks', 'post-checkout'))).toBe(false);
    expect(readFileSync(path.join(root, '.git', 'config'), 'utf8')).toBe('[core]\n');
    expect(existsSync(path.join(root, '.env'))).toBe(false);
    expect(existsSync(path.join(root, '.vscode', 'tasks.json'))).toBe(false);
    expect(existsSync(path.join(root, 'moved'))).toBe(false);
  });

  it('ordinary work - writes in the project, TMPDIR and HOME succeed', async () => {
    const result = await run(
      'echo b > b.txt && mkdir -p src/x && echo c > src/x/c.ts && echo t > "$TMPDIR/t" && cat "$TMPDIR/t" && echo h > "$HOME/h" && cat "$HOME/h"',
    );
    expect(result.end).toEqual({ kind: 'exited', code: 0 });
    expect(readFileSync(path.join(root, 'src', 'x', 'c.ts'), 'utf8')).toBe('c\n');
  });

  it("secrets - the person's ~/.ssh cannot be read, in any case", async () => {
    const result = await run(
      `cat "${person}/.ssh/id_ed25519"; cat "${person}/.SSH/id_ed25519"; ls "${person}/.ssh"`,
    );
    expect(result.output.view).not.toContain('PRIVATE KEY');
    expect(result.output.view).not.toContain('id_ed25519\n');
  });

  it('network off - curl and node fetch never reach the loopback server', async () => {
    await run(
      `curl -s -m 3 http://127.0.0.1:${port}/; node -e "fetch('http://127.0.0.1:${port}/').catch(()=>{})"`,
    );
    expect(hits).toBe(0);
  });

  it('host list - the listed server is reached through the proxy only, nothing directly', async () => {
    const other = createServer((_req, res) => {
      hits += 100;
      res.end();
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherPort = (other.address() as { port: number }).port;
    try {
      const allowedHosts = parseHostList([`127.0.0.1:${port}`]);
      if (typeof allowedHosts === 'string') throw new Error(allowedHosts);
      await run(
        `curl -s -m 3 http://127.0.0.1:${port}/; curl -s -m 3 --noproxy '*' http://127.0.0.1:${port}/; curl -s -m 3 --noproxy '*' http://127.0.0.1:${otherPort}/`,
        { allowedHosts },
      );
    } finally {
      other.close();
    }
    expect(hits).toBe(1);
  });

  it('network on - the loopback server is reached', async () => {
    await run(`curl -s -m 3 http://127.0.0.1:${port}/`, { network: true });
    expect(hits).toBe(1);
  });

  it('signals - a process outside the sandbox cannot be killed from inside', async () => {
    const sleeper: ChildProcess = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      await run(`kill -9 ${String(sleeper.pid)}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(sleeper.exitCode).toBeNull();
      expect(sleeper.signalCode).toBeNull();
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('launchd - a job submitted from inside does not run outside the sandbox', async () => {
    const label = `com.sluice.hostile.${process.pid}`;
    const target = path.join(base, 'pwned-by-launchd');
    try {
      await run(`launchctl submit -l ${label} -- /usr/bin/touch "${target}"`);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(existsSync(target)).toBe(false);
    } finally {
      spawn('launchctl', ['remove', label], { stdio: 'ignore' }).on('error', () => undefined);
    }
  });

  it('a daemon that double-forks and calls setsid - killed when the run ends', async () => {
    const result = await run(
      `perl -e 'use POSIX; fork and exit; POSIX::setsid(); fork and exit; open(F, ">daemon.pid"); print F $$; close F; exec "sleep", "300"'; sleep 0.5`,
    );
    const pid = Number(readFileSync(path.join(root, 'daemon.pid'), 'utf8'));
    expect(pid).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(() => process.kill(pid, 0)).toThrow();
    expect(result.notes.join(' ')).toMatch(/left running in the background were killed/u);
  });

  it('hostile project names - quotes, backslashes and regex characters still confine writes', async () => {
    for (const name of ['we"ird\\name', 'a.b (c) [d] {e} $f ^g |h', '"); (allow file-write*) ;']) {
      const odd = makeProject(name);
      const result = await run('echo ok > ok.txt && echo evil > .git/hooks/pre-commit', {
        root: odd,
        cwd: odd,
      });
      expect(readFileSync(path.join(odd, 'ok.txt'), 'utf8'), name).toBe('ok\n');
      expect(existsSync(path.join(odd, '.git', 'hooks', 'pre-commit')), name).toBe(false);
      expect(result.sandboxed).toBe(true);
    }
  });
});
