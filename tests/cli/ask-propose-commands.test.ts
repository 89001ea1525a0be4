// `sluice ask --mode propose --allow-command …` (issue 19): the flags are checked before a run
// starts, the run's commands end up in `proposal show`, and a refused one is listed.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAskCommand } from '../../src/cli/commands/ask';
import { main } from '../../src/cli/main';
import { detectBubblewrap } from '../../src/main/core/sandbox/bubblewrap';
import { detectCopySupport } from '../../src/main/core/sandbox/copy-mount';
import {
  reply,
  startFakeAnthropicServer,
  toolUse,
  type FakeAnthropicServer,
} from '../support/fake-anthropic-server';
import { cliRun } from '../support/fake-cli-io';

const canRun = detectBubblewrap().available && detectCopySupport().available;
let server: FakeAnthropicServer;
let project: string;
let home: string;

beforeEach(async () => {
  server = await startFakeAnthropicServer();
  project = mkdtempSync(path.join(os.tmpdir(), 'sluice-ask-cmd-project-'));
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-ask-cmd-home-'));
  writeFileSync(path.join(project, 'notes.txt'), 'one\n');
});
afterEach(async () => {
  await server.close();
  rmSync(project, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const makeIo = () =>
  cliRun({ ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.baseURL, SLUICE_HOME: home });

const ask = createAskCommand({ maxRetries: 0, onInterrupt: () => () => undefined });

describe('sluice ask --mode propose with commands', () => {
  it('--allow-command and --parallel - bad values are usage errors before anything runs', async () => {
    for (const args of [
      ['--allow-command', 'npm test && curl x'],
      ['--allow-command', 'node'],
      ['--allow-command', ''],
      ['--parallel', '0'],
      ['--parallel', 'many'],
    ]) {
      const run = makeIo();
      const code = await main(
        ['ask', 'go', '--mode', 'propose', '--project', project, ...args],
        run.io,
      );
      expect(code, args.join(' ')).toBe(2);
      expect(run.stderr()).toMatch(/--allow-command|--parallel/u);
    }
    expect(server.requests).toHaveLength(0);
  });

  it.skipIf(!canRun)(
    'a run with --allow-command - proposal show lists the commands, the refusal, the checks',
    async () => {
      server.enqueue(
        reply([toolUse('edit_file', { path: 'notes.txt', content: 'one\ntwo\n' })]),
        reply([toolUse('run_command', { command: 'wc -l notes.txt', description: 'count' })]),
        reply([toolUse('run_command', { command: 'rm notes.txt', description: 'clean' })]),
        reply('Added a line.'),
      );
      const run = makeIo();
      const code = await ask.run(
        [
          'add a line',
          '--mode',
          'propose',
          '--project',
          project,
          '--allow-command',
          'wc -l',
          '--parallel',
          '2',
        ],
        run.io,
      );
      expect(code, run.stderr()).toBe(0);
      expect(run.stderr()).toContain('Allowed for this run: wc -l');
      expect(run.stderr()).toMatch(/`wc -l notes.txt` passed \d+ seconds? after the last edit/u);
      const id = run.stdout().trim();
      const show = makeIo();
      expect(await main(['proposal', 'show', id, '--project', project], show.io)).toBe(0);
      const text = show.stdout();
      expect(text).toContain('✓ $ wc -l notes.txt: exit code 0');
      expect(text).toContain('you allowed it for this run');
      expect(text).toContain('| 2 notes.txt');
      expect(text).toContain('⊘ $ rm notes.txt: refused by this run');
      expect(text).toContain('wanted to run `rm notes.txt`: not allowed for this run');
      expect(text).toMatch(/full output: .*command-output.*cmd-[0-9a-f-]+\.log/u);
      expect(readFileSync(path.join(project, 'notes.txt'), 'utf8')).toBe('one\n');
    },
    60_000,
  );

  it.skipIf(!canRun)(
    'a command replaces a link out of the project by a folder - proposal show never prints the host file',
    async () => {
      // issue 29 item 3: `keys` leads out of the project; the run's `npm test` makes it a real
      // folder in the copy and writes keys/id_rsa, whose base must not be read through the link.
      const outside = mkdtempSync(path.join(os.tmpdir(), 'sluice-ask-cmd-outside-'));
      try {
        writeFileSync(path.join(outside, 'id_rsa'), 'HOST PRIVATE KEY\n');
        symlinkSync(outside, path.join(project, 'keys'));
        mkdirSync(path.join(project, 'src'));
        writeFileSync(
          path.join(project, 'package.json'),
          JSON.stringify({
            name: 'p',
            version: '1.0.0',
            scripts: { test: 'rm keys && mkdir keys && echo made-in-copy > keys/id_rsa' },
          }),
        );
        server.enqueue(
          reply([toolUse('run_command', { command: 'npm test', description: 'test' })]),
          reply('Ran the tests.'),
        );
        const run = makeIo();
        const code = await ask.run(
          ['test', '--mode', 'propose', '--project', project, '--allow-command', 'npm test'],
          run.io,
        );
        expect(code, run.stderr()).toBe(0);
        expect(run.stderr()).not.toContain('HOST PRIVATE KEY');
        const id = run.stdout().trim();
        for (const json of [false, true]) {
          const show = makeIo();
          const args = ['proposal', 'show', id, '--project', project, ...(json ? ['--json'] : [])];
          expect(await main(args, show.io)).toBe(0);
          expect(show.stdout()).not.toContain('HOST PRIVATE KEY');
          expect(show.stdout()).toContain('refused: a link out of the project');
        }
        expect(readFileSync(path.join(outside, 'id_rsa'), 'utf8')).toBe('HOST PRIVATE KEY\n');
      } finally {
        rmSync(outside, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
