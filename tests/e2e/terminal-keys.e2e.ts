// The built CLI's approval questions on a real terminal (tmux): one key answers, with no
// Enter; a reason is still a line; Ctrl+C stops the turn; the editor gets a cooked terminal;
// and whatever happens the terminal is left in cooked mode (icanon, echo, isig) afterwards.
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  reply,
  startFakeAnthropicServer,
  toolUse,
  type FakeAnthropicServer,
  type RecordedRequest,
} from '../support/fake-anthropic-server';
import { REPO_ROOT } from './support/serve-harness';
import { hasTmux, startInTmux, type TmuxTerminal } from './support/tmux-terminal';

const SLUICE_BIN = path.join(REPO_ROOT, 'bin', 'sluice.js');
const COOKED = ['icanon', 'echo', 'isig'];

let server: FakeAnthropicServer;
let scratch: string;
const open: TmuxTerminal[] = [];
const tmuxHere = await hasTmux();

/** The last user message's text, tool results included. */
function lastUserText(request: RecordedRequest): string {
  const last = request.body.messages?.at(-1);
  return JSON.stringify(last?.content ?? '');
}

beforeAll(async () => {
  if (!existsSync(path.join(REPO_ROOT, 'out', 'cli', 'main.js')))
    throw new Error('The e2e tests run the built CLI: run npm run build first.');
  server = await startFakeAnthropicServer();
  // "create NAME": the model proposes NAME; once the tool has answered, it says it is done.
  server.setFallback((request) => {
    const said = lastUserText(request);
    const name = /create ([\w.-]+)/u.exec(said)?.[1];
    if (said.includes('tool_result') || !name) return reply('Done.');
    return reply([toolUse('create_file', { path: name, content: 'from the model\n' })]);
  });
  scratch = await mkdtemp(path.join(tmpdir(), 'sluice-keys-e2e-'));
});

afterEach(async () => {
  for (const terminal of open.splice(0)) await terminal.close();
});

afterAll(async () => {
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

async function sluiceInTmux(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ terminal: TmuxTerminal; project: string }> {
  const project = await mkdtemp(path.join(scratch, 'project-'));
  const home = await mkdtemp(path.join(scratch, 'home-'));
  const terminal = await startInTmux(['node', SLUICE_BIN, ...args, '--project', project], {
    cwd: project,
    env: {
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: server.baseURL,
      SLUICE_HOME: home,
      NO_COLOR: '1',
      ...env,
    },
  });
  open.push(terminal);
  return { terminal, project };
}

const QUESTION = /Apply\? \[y\]es \/ \[n\]o \/ \[e\]dit \/ \[a\]lways allow >$/mu;

describe.skipIf(!tmuxHere)('approval keys on a real terminal', () => {
  it('ask - y without Enter writes the file; the terminal is cooked afterwards', async () => {
    const { terminal, project } = await sluiceInTmux(['ask', 'create one.txt']);
    await terminal.waitFor(QUESTION);
    await terminal.type('y');
    await terminal.waitFor(/\[a\]lways allow > y → yes$/mu);
    const { exitCode, flags } = await terminal.finished();
    expect(exitCode).toBe(0);
    expect(await readFile(path.join(project, 'one.txt'), 'utf8')).toBe('from the model\n');
    expect(flags).toEqual(expect.arrayContaining(COOKED));
  });

  it('ask - an unknown key gets a hint, n asks why as a line, and Claude reads it', async () => {
    const { terminal, project } = await sluiceInTmux(['ask', 'create two.txt']);
    await terminal.waitFor(QUESTION);
    await terminal.type('x');
    await terminal.waitFor(/Press y, n, e or a \(one key, no Enter needed\)\./u);
    await terminal.type('n');
    await terminal.waitFor(/n → no\nWhy\? \(optional, Claude reads it\) >$/mu);
    await terminal.type('keep it out\n');
    const { exitCode, flags } = await terminal.finished();
    expect(exitCode).toBe(0);
    expect(existsSync(path.join(project, 'two.txt'))).toBe(false);
    expect(server.requests.some((r) => lastUserText(r).includes('keep it out'))).toBe(true);
    expect(flags).toEqual(expect.arrayContaining(COOKED));
  });

  it('ask - Ctrl+C at the question stops the turn, writes nothing, leaves it cooked', async () => {
    const { terminal, project } = await sluiceInTmux(['ask', 'create three.txt']);
    await terminal.waitFor(QUESTION);
    await terminal.press('C-c');
    const { exitCode, flags } = await terminal.finished();
    expect(exitCode).toBe(1);
    expect(existsSync(path.join(project, 'three.txt'))).toBe(false);
    expect(flags).toEqual(expect.arrayContaining(COOKED));
  });

  it('tool - e opens the editor on a cooked terminal, then y writes the edited text', async () => {
    const editor = path.join(scratch, 'editor.sh');
    const seen = path.join(scratch, 'editor-stty.txt');
    await writeFile(
      editor,
      `#!/bin/sh\nstty -a > ${JSON.stringify(seen)}\nprintf 'from the editor\\n' > "$1"\n`,
    );
    await chmod(editor, 0o755);
    const { terminal, project } = await sluiceInTmux(
      ['tool', 'create_file', '--input', JSON.stringify({ path: 'four.txt', content: 'x\n' })],
      { EDITOR: editor, VISUAL: editor },
    );
    await terminal.waitFor(QUESTION);
    await terminal.type('e');
    await terminal.waitFor(/Write your version\? .* >$/mu);
    await terminal.type('y');
    const { exitCode, flags } = await terminal.finished();
    expect(exitCode).toBe(0);
    expect(await readFile(path.join(project, 'four.txt'), 'utf8')).toBe('from the editor\n');
    const editorFlags = (await readFile(seen, 'utf8')).split(/[\s;]+/u);
    expect(editorFlags).toEqual(expect.arrayContaining(COOKED));
    expect(flags).toEqual(expect.arrayContaining(COOKED));
  });

  it('tool - Ctrl+C ends the process as the signal would, and the terminal is cooked', async () => {
    const { terminal, project } = await sluiceInTmux([
      'tool',
      'create_file',
      '--input',
      JSON.stringify({ path: 'five.txt', content: 'x\n' }),
    ]);
    await terminal.waitFor(QUESTION);
    await terminal.press('C-c');
    const { exitCode, flags } = await terminal.finished();
    expect(exitCode).toBe(130);
    expect(existsSync(path.join(project, 'five.txt'))).toBe(false);
    expect(flags).toEqual(expect.arrayContaining(COOKED));
  });
});
