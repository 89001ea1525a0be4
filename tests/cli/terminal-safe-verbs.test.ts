// Issue 29 item 1: a file whose name holds ESC[5A ESC[J (cursor up, erase below) and an OSC 52
// clipboard write, in a temp project, through each verb that prints outside text. Human
// output shows every byte of it visibly and obeys none; --json gives the exact name back.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
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
  text,
  toolUse,
  type FakeAnthropicServer,
} from '../support/fake-anthropic-server';
import { cliRun } from '../support/fake-cli-io';

const ESC = '\u001b';
const HOSTILE = '\u001b[5A\u001b[J\u001b]52;c;cHduZWQ=\u0007';
const NAME = `evil${HOSTILE}.ts`;
const SHOWN = 'evil\\u001b[5A\\u001b[J\\u001b]52;c;cHduZWQ=\\u0007.ts';
/** The same name made by a shell command, so the command line itself is plain text. */
const MAKE_NAME = `"$(printf 'evil\\033[5A\\033[J\\033]52;c;cHduZWQ=\\007.ts')"`;
const SOURCE = 'export function evilFn(): number {\n  return "x";\n}\n';

const sandboxed = detectBubblewrap().available;
const copies = sandboxed && detectCopySupport().available;

let server: FakeAnthropicServer;
let project: string;
let home: string;

beforeEach(async () => {
  server = await startFakeAnthropicServer();
  project = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-safe-project-')));
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-safe-home-'));
  mkdirSync(path.join(project, 'src'));
  writeFileSync(path.join(project, 'src', 'plain.ts'), 'export const plain = 1;\n');
});
afterEach(async () => {
  await server.close();
  rmSync(project, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

async function sluice(...argv: string[]) {
  const run = cliRun(
    { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.baseURL, SLUICE_HOME: home },
    project,
  );
  const code = await main(argv, run.io);
  return { code, stdout: run.stdout(), stderr: run.stderr(), io: run.io };
}

/** Human output: the name is shown escaped, and nothing in it reaches the terminal raw. */
function expectShown(output: string): void {
  expect(output).toContain(SHOWN);
  // eslint-disable-next-line no-control-regex
  expect(output).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/u);
}

/** JSON output: each line parses, and the exact name (its escape bytes) comes back. */
function expectExact(output: string): void {
  const lines = output.trim().split('\n');
  expect(JSON.stringify(lines.map((l) => JSON.parse(l) as unknown))).toContain(
    JSON.stringify(NAME).slice(1, -1),
  );
  // eslint-disable-next-line no-control-regex
  expect(output).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/u);
}

describe('outside text through the CLI verbs', () => {
  it('tool list_files and read_file - the name and the text are shown, --json exact', async () => {
    writeFileSync(path.join(project, 'src', NAME), SOURCE);
    writeFileSync(path.join(project, 'src', 'notes.txt'), `see ${NAME}\r\nend\r\n`);
    const human = await sluice(
      'tool',
      'list_files',
      '--project',
      project,
      '--input',
      '{"path":"src"}',
    );
    expect(human.code).toBe(0);
    expectShown(human.stdout);
    const json = await sluice(
      'tool',
      'list_files',
      '--project',
      project,
      '--input',
      '{"path":"src"}',
      '--json',
    );
    expectExact(json.stdout);
    const read = await sluice(
      'tool',
      'read_file',
      '--project',
      project,
      '--input',
      '{"path":"src/notes.txt"}',
    );
    expectShown(read.stdout);
  });

  it('def and importers - the path is shown, --json exact', async () => {
    writeFileSync(path.join(project, 'src', NAME), SOURCE);
    writeFileSync(
      path.join(project, 'src', 'user.ts'),
      `import { evilFn } from './${NAME.slice(0, -3)}';\nexport const v = evilFn();\n`,
    );
    const def = await sluice('def', 'evilFn', '--project', project);
    expect(def.code, def.stderr).toBe(0);
    expectShown(def.stdout);
    expectExact((await sluice('def', 'evilFn', '--project', project, '--json')).stdout);
    const importers = await sluice('importers', 'src/user.ts', '--project', project);
    expect(importers.stderr).not.toContain(ESC);
  });

  it('check - the path of an error is shown, --json exact', async () => {
    writeFileSync(path.join(project, 'src', NAME), SOURCE);
    const human = await sluice('check', '--project', project);
    expect(human.code).toBe(1);
    expectShown(human.stdout);
    expectExact((await sluice('check', '--project', project, '--json')).stdout);
  }, 60_000);

  it.skipIf(!sandboxed)(
    'tool run_command, checkpoints and undo - output and checkpoint paths are shown, --json exact',
    async () => {
      const command = `printf 'x\\n' > ${MAKE_NAME}; ls; printf '\\033[2J\\033]0;title\\007done\\n'`;
      const input = JSON.stringify({ command, description: 'make it' });
      const human = await sluice(
        'tool',
        'run_command',
        '--project',
        project,
        '--yes',
        '--input',
        input,
      );
      expect(human.code, human.stderr).toBe(0);
      expectShown(human.stdout);
      // The output view holds no escape sequence at all (output-capture.ts strips them).
      expect(human.stdout).toContain('\ndone\n');
      const list = await sluice('checkpoints', '--project', project);
      expectShown(list.stdout);
      const json = await sluice('checkpoints', '--project', project, '--json');
      expectExact(json.stdout);
      const id = (JSON.parse(json.stdout.trim().split('\n')[0] as string) as { id: string }).id;
      const undo = await sluice('undo', id, '--project', project);
      // The sandbox will not write such a name back: the refusal quotes it, shown.
      expect(undo.code).toBe(1);
      expectShown(undo.stderr);
    },
    60_000,
  );

  it('ask - the model text and the tool steps are shown, --json exact', async () => {
    writeFileSync(path.join(project, 'src', NAME), SOURCE);
    server.enqueue(
      reply([toolUse('list_files', { path: 'src' })]),
      reply([text(`Found ${NAME} and \u202eevil.`)]),
    );
    const ask = createAskCommand({ maxRetries: 0, onInterrupt: () => () => undefined });
    const run = cliRun(
      { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.baseURL, SLUICE_HOME: home },
      project,
    );
    expect(await ask.run(['look', '--project', project], run.io)).toBe(0);
    expectShown(run.stdout());
    expect(run.stdout()).toContain('\\u202eevil');
    expect(run.stderr()).not.toContain(ESC);
    server.enqueue(reply([text(`Found ${NAME}.`)]));
    const json = cliRun(
      { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.baseURL, SLUICE_HOME: home },
      project,
    );
    expect(await ask.run(['look', '--project', project, '--json'], json.io)).toBe(0);
    // The model's text arrives in pieces: joined, it is the exact name.
    const events = json
      .stdout()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; text?: string });
    const said = events
      .filter((e) => e.type === 'text_delta')
      .map((e) => e.text)
      .join('');
    expect(said).toBe(`Found ${NAME}.`);
    // eslint-disable-next-line no-control-regex
    expect(json.stdout()).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/u);
  });

  it.skipIf(!copies)(
    'proposals, proposal show and apply - the file header, the prompt and the results are shown, --json exact',
    async () => {
      writeFileSync(
        path.join(project, 'package.json'),
        JSON.stringify({
          name: 'p',
          version: '1.0.0',
          scripts: { test: `printf 'x\\n' > src/${MAKE_NAME}` },
        }),
      );
      server.enqueue(
        reply([toolUse('run_command', { command: 'npm test', description: 'test' })]),
        reply([text('Done.')]),
      );
      const ask = createAskCommand({ maxRetries: 0, onInterrupt: () => () => undefined });
      const run = cliRun(
        { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.baseURL, SLUICE_HOME: home },
        project,
      );
      const code = await ask.run(
        [`make ${NAME}`, '--mode', 'propose', '--project', project, '--allow-command', 'npm test'],
        run.io,
      );
      expect(code, run.stderr()).toBe(0);
      const id = run.stdout().trim();
      const list = await sluice('proposals', '--project', project);
      expectShown(list.stdout);
      const show = await sluice('proposal', 'show', id, '--project', project);
      expectShown(show.stdout);
      // The name cannot be written to the project: listed, never carried (background-run.ts).
      expect(show.stdout).toContain(`not in the set: src/${SHOWN} was changed by a command`);
      expectExact((await sluice('proposal', 'show', id, '--project', project, '--json')).stdout);
      const apply = await sluice('proposal', 'apply', id, '--project', project);
      expect(apply.stdout + apply.stderr).not.toContain(ESC);
    },
    60_000,
  );

  it('mcp list - a server whose arguments name the file is shown, --json exact', async () => {
    const added = await sluice('mcp', 'add', 'files', '--', 'node', `src/${NAME}`);
    expect(added.code, added.stderr).toBe(0);
    expectShown(added.stdout);
    const list = await sluice('mcp', 'list', '--project', project);
    expectShown(list.stdout);
    const json = await sluice('mcp', 'list', '--project', project, '--json');
    // The view's `entry` is the command line as typed, each word JSON-quoted: the exact name.
    const [view] = (JSON.parse(json.stdout) as { servers: { entry: string }[] }).servers;
    expect(view?.entry).toBe(`node ${JSON.stringify(`src/${NAME}`)}`);
  });
});
