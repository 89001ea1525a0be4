// The built CLI's terminal session on a real terminal (tmux), against the fake Anthropic
// server: a conversation of turns with the terminal review stepping in between (one key, no
// Enter) and the session's prompt back under it; `/` listing the commands; Esc stopping a turn
// that streams slowly; /cost; leaving with Ctrl+C twice on a cooked terminal; -c and --resume
// going on with a conversation; plan mode's plan approved into ask mode, then the edit asked.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
/** Generous: the machine running this may be busy, and the session loads an engine. */
const WAIT_MS = 90_000;

/** The status line's second row while no turn runs: the prompt is there to type in. */
const IDLE = ' / commands · @ files · ↑ earlier prompts · Ctrl+C twice leaves';
/** The review's question for a write, as the last line on the screen (an edit adds [h]unk). */
const QUESTION = /^Apply\? \[y\]es \/ \[n\]o \/ \[e\]dit .*\[a\]lways allow >$/mu;
const PLAN_QUESTION = 'Go on with this plan? [a]pprove, ask each write / [A]uto-edit';
const SLOW_END = 'THE END OF THE SLOW ANSWER';

let server: FakeAnthropicServer;
let scratch: string;
const open: TmuxTerminal[] = [];
const tmuxHere = await hasTmux();

type Message = NonNullable<RecordedRequest['body']['messages']>[number];

function textOf(message: Message | undefined): string {
  return JSON.stringify(message?.content ?? '');
}

/**
 * The person's newest words: the last text of the last message. A prompt sent after a stopped
 * turn shares its message with the stopped turn's prompt (the roles must alternate).
 */
function newestWords(request: RecordedRequest): string {
  const content = request.body.messages?.at(-1)?.content;
  if (typeof content === 'string') return content;
  const texts = (content as Array<{ type: string; text?: string }>).flatMap((block) =>
    block.type === 'text' && block.text ? [block.text] : [],
  );
  return texts.at(-1) ?? '';
}

/** The tool the model called last in this request's history (its result is the last message). */
function lastToolCalled(request: RecordedRequest): string | null {
  const messages = request.body.messages ?? [];
  const assistant = [...messages].reverse().find((m) => m.role === 'assistant');
  const blocks = Array.isArray(assistant?.content)
    ? (assistant.content as Array<{ type: string; name?: string }>)
    : [];
  return blocks.find((b) => b.type === 'tool_use')?.name ?? null;
}

const plan = {
  summary: 'Rename total to sum in the cart',
  steps: ['Rename the constant'],
  files: ['cart.txt'],
};

/**
 * The model, scripted by the person's words: "create NAME" proposes NAME; "slow" streams a
 * long answer slowly; "plan" submits a plan, then (approved) edits cart.txt; anything else is
 * answered with its own words. Once a tool has answered, the model says it is done.
 */
function model(request: RecordedRequest) {
  if (textOf(request.body.messages?.at(-1)).includes('tool_result')) {
    if (lastToolCalled(request) === 'submit_plan')
      return reply([
        toolUse('edit_file', {
          path: 'cart.txt',
          edits: [{ old_text: 'total', new_text: 'sum' }],
          description: 'Rename total to sum',
        }),
      ]);
    return reply('Done.');
  }
  const said = newestWords(request);
  const name = /create ([\w.-]+)/u.exec(said)?.[1];
  if (name) return reply([toolUse('create_file', { path: name, content: 'from the model\n' })]);
  if (said.includes('slow'))
    return reply(`${'word '.repeat(300)}${SLOW_END}`, { chunkSize: 5, delayMs: 50 });
  if (said.includes('plan the rename')) return reply([toolUse('submit_plan', plan)]);
  return reply(`Answer to: ${said}`, { usage: { input_tokens: 1200, output_tokens: 30 } });
}

beforeAll(async () => {
  if (!existsSync(path.join(REPO_ROOT, 'out', 'cli', 'main.js')))
    throw new Error('The e2e tests run the built CLI: run npm run build first.');
  server = await startFakeAnthropicServer();
  server.setFallback(model);
  scratch = await mkdtemp(path.join(tmpdir(), 'sluice-session-e2e-'));
});

afterEach(async () => {
  for (const terminal of open.splice(0)) await terminal.close();
});

afterAll(async () => {
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

interface Place {
  readonly project: string;
  readonly home: string;
}

async function newPlace(): Promise<Place> {
  return {
    project: await mkdtemp(path.join(scratch, 'project-')),
    home: await mkdtemp(path.join(scratch, 'home-')),
  };
}

/** `sluice ARGS --project P` on a new terminal, waiting until its prompt is ready. */
async function session(args: string[], place: Place): Promise<TmuxTerminal> {
  const terminal = await startInTmux(['node', SLUICE_BIN, ...args, '--project', place.project], {
    cwd: place.project,
    env: {
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: server.baseURL,
      SLUICE_HOME: place.home,
      NO_COLOR: '1',
    },
  });
  open.push(terminal);
  await terminal.waitFor(new RegExp(`^${escaped(IDLE)}$`, 'mu'), WAIT_MS);
  return terminal;
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/** Waits until `check` holds for the screen (and its scrollback); throws with what it shows. */
async function until(
  terminal: TmuxTerminal,
  check: (screen: string) => boolean,
  what: string,
): Promise<string> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const shown = await terminal.screen();
    if (check(shown)) return shown;
    if (Date.now() > deadline)
      throw new Error(`the terminal never showed ${what}; it shows:\n${shown}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Waits until the prompt is ready again below the last line holding `text`. */
function promptBackAfter(terminal: TmuxTerminal, text: string): Promise<string> {
  return until(
    terminal,
    (shown) => shown.includes(text) && shown.lastIndexOf(IDLE) > shown.lastIndexOf(text),
    `the prompt back under "${text}"`,
  );
}

/** Types a prompt and sends it with Enter, as a person does (the Enter a key of its own). */
async function send(terminal: TmuxTerminal, prompt: string): Promise<void> {
  await terminal.type(prompt);
  await until(terminal, (shown) => shown.includes(`> ${prompt}`), `"${prompt}" in the prompt`);
  await terminal.press('Enter');
}

/** Ctrl+C twice: the session leaves; its exit code and the terminal's flags. */
async function leave(terminal: TmuxTerminal) {
  await terminal.press('C-c');
  await terminal.waitFor(/Press Ctrl\+C again to leave\./u, WAIT_MS);
  await terminal.press('C-c');
  return terminal.finished(WAIT_MS);
}

/** The request that carried `words` as the person's newest message. */
function requestSaying(words: string): RecordedRequest | undefined {
  return server.requests.find((r) => textOf(r.body.messages?.at(-1)).includes(words));
}

describe.skipIf(!tmuxHere)('the terminal session on a real terminal', () => {
  it('session - two turns with a review between: y writes, the prompt comes back under it', async () => {
    const place = await newPlace();
    const terminal = await session([], place);
    await send(terminal, 'what is here?');
    await promptBackAfter(terminal, 'Answer to: what is here?');

    await send(terminal, 'create one.txt');
    const asked = await terminal.waitFor(QUESTION, WAIT_MS);
    expect(asked).toContain('+from the model');
    await terminal.type('y');
    const after = await promptBackAfter(terminal, 'Done.');
    expect(after).toMatch(/allow > y → yes$/mu);
    expect(after.lastIndexOf('y → yes')).toBeLessThan(after.lastIndexOf('Done.'));
    expect(after).toMatch(/✓ Creating one\.txt/u);
    expect(await readFile(path.join(place.project, 'one.txt'), 'utf8')).toBe('from the model\n');
    // The turn after the review is in the same conversation: the model reads the first turn.
    const second = requestSaying('create one.txt');
    expect(JSON.stringify(second?.body.messages)).toContain('Answer to: what is here?');

    const { exitCode, flags } = await leave(terminal);
    expect(exitCode).toBe(0);
    expect(flags).toEqual(expect.arrayContaining(COOKED));
  });

  it('session - / lists the commands under the prompt, and Esc closes the list', async () => {
    const terminal = await session([], await newPlace());
    await terminal.type('/');
    const listed = await terminal.waitFor(/Tab or Enter picks · Esc closes/u, WAIT_MS);
    for (const command of ['/help', '/clear', '/resume [ID]', '/cost', '/context', '/mode'])
      expect(listed).toContain(command);
    expect(listed).toMatch(/› \/help +List the commands/u);
    await terminal.press('Escape');
    const closed = await until(
      terminal,
      (shown) => !shown.includes('Tab or Enter picks'),
      'the list closed',
    );
    expect(closed).toMatch(/^│ > \/ +│$/mu);
    await terminal.press('BSpace');
    const { exitCode } = await leave(terminal);
    expect(exitCode).toBe(0);
  });

  it('session - Esc stops a turn that streams slowly; the prompt comes back and works', async () => {
    const terminal = await session([], await newPlace());
    await send(terminal, 'answer slowly');
    await terminal.waitFor(/(word ){20}/u, WAIT_MS);
    await terminal.waitFor(/Claude is working… \(Esc stops\)/u, WAIT_MS);
    await terminal.press('Escape');
    await promptBackAfter(terminal, 'Stopped by you; the unfinished reply was discarded.');
    await send(terminal, 'are you there?');
    const shown = await promptBackAfter(terminal, 'Answer to: are you there?');
    expect(shown).not.toContain(SLOW_END);
    const { exitCode } = await leave(terminal);
    expect(exitCode).toBe(0);
  });

  it('session - /cost says the tokens and the cost in words', async () => {
    const terminal = await session([], await newPlace());
    await send(terminal, 'count the cost');
    const answered = await promptBackAfter(terminal, 'Answer to: count the cost');
    expect(answered).toMatch(/Mode: ask · Model: \S+ · Cost: \$\d+\.\d+ this conversation/u);
    expect(answered).toMatch(/· Context: \d+% of 200k/u);
    await terminal.type('/cost');
    await terminal.waitFor(/^│ > \/cost +│$/mu, WAIT_MS);
    // Enter picks the command from the list; the next Enter runs it (if the first ran it
    // already, the second sends nothing from the empty prompt).
    await terminal.press('Enter');
    const picked = await until(
      terminal,
      (shown) => /^Cost: \$/mu.test(shown) || !shown.includes('Tab or Enter picks'),
      'the list closed',
    );
    if (!/^Cost: \$/mu.test(picked)) await terminal.press('Enter');
    const cost = await terminal.waitFor(
      /^Cost: \$\d+\.\d+ \(1\.2k in · 30 out\) for this conversation so far[^\n]*\nBy turn:\n {2}1 {2}\$\d+\.\d+ {2}1\.2k in · 30 out {2}count the cost$/mu,
      WAIT_MS,
    );
    expect(cost.lastIndexOf(IDLE)).toBeGreaterThan(cost.lastIndexOf('Cost: $'));
    const { exitCode } = await leave(terminal);
    expect(exitCode).toBe(0);
  });

  it('session - Ctrl+C once hints, twice leaves with exit 0 and a cooked terminal', async () => {
    const terminal = await session([], await newPlace());
    await send(terminal, 'say hello');
    await promptBackAfter(terminal, 'Answer to: say hello');
    await terminal.press('C-c');
    await terminal.waitFor(/Press Ctrl\+C again to leave\./u, WAIT_MS);
    await terminal.press('C-c');
    const { exitCode, flags } = await terminal.finished(WAIT_MS);
    expect(exitCode).toBe(0);
    expect(flags).toEqual(expect.arrayContaining(COOKED));
    expect(await terminal.screen()).toMatch(
      /Go on with this conversation: sluice -c \(or sluice --resume [0-9a-f]{8}\)/u,
    );
  });

  it('session - sluice -c goes on with the last conversation', async () => {
    const place = await newPlace();
    const first = await session([], place);
    await send(first, 'remember the colour teal');
    await promptBackAfter(first, 'Answer to: remember the colour teal');
    expect((await leave(first)).exitCode).toBe(0);

    const again = await session(['-c'], place);
    const shown = await again.screen();
    expect(shown).toMatch(/^> remember the colour teal$/mu);
    expect(shown).toMatch(/Going on with "remember the colour teal" \([0-9a-f]{8}\)\./u);
    await send(again, 'which colour was it?');
    await promptBackAfter(again, 'Answer to: which colour was it?');
    const sent = JSON.stringify(requestSaying('which colour was it?')?.body.messages);
    expect(sent).toContain('remember the colour teal');
    expect(sent).toContain('Answer to: remember the colour teal');
    expect((await leave(again)).exitCode).toBe(0);
  });

  it('session - sluice --resume PREFIX goes on with that conversation', async () => {
    const place = await newPlace();
    const first = await session([], place);
    await send(first, 'remember the number nine');
    await promptBackAfter(first, 'Answer to: remember the number nine');
    expect((await leave(first)).exitCode).toBe(0);
    const id = /sluice --resume ([0-9a-f]{8})\)/u.exec(await first.screen())?.[1];
    expect(id).toBeDefined();
    // A newer conversation, so --resume has to pick the older one by its id.
    const other = await session([], place);
    await send(other, 'something else entirely');
    await promptBackAfter(other, 'Answer to: something else entirely');
    expect((await leave(other)).exitCode).toBe(0);

    const again = await session(['--resume', id ?? ''], place);
    const shown = await again.screen();
    expect(shown).toMatch(/^> remember the number nine$/mu);
    expect(shown).not.toContain('something else entirely');
    await send(again, 'which number was it?');
    await promptBackAfter(again, 'Answer to: which number was it?');
    const sent = JSON.stringify(requestSaying('which number was it?')?.body.messages);
    expect(sent).toContain('remember the number nine');
    expect(sent).not.toContain('something else entirely');
    expect((await leave(again)).exitCode).toBe(0);
  });

  it('session - plan mode: the plan approved into ask mode, then the edit is asked', async () => {
    const place = await newPlace();
    await writeFile(path.join(place.project, 'cart.txt'), 'export const total = 1;\n');
    const terminal = await session(['--mode', 'plan'], place);
    expect(await terminal.screen()).toMatch(/Mode: plan · Model:/u);
    await send(terminal, 'plan the rename');
    const planned = await terminal.waitFor(new RegExp(escaped(PLAN_QUESTION), 'u'), WAIT_MS);
    expect(planned).toContain('Rename total to sum in the cart');
    expect(planned).toMatch(/1\. Rename the constant/u);
    // The plan's answer is a line, so a and A stay apart.
    await terminal.type('a\n');
    const asked = await terminal.waitFor(QUESTION, WAIT_MS);
    expect(asked).toContain('+export const sum = 1;');
    expect(await readFile(path.join(place.project, 'cart.txt'), 'utf8')).toBe(
      'export const total = 1;\n',
    );
    await terminal.type('y');
    const done = await promptBackAfter(terminal, 'Done.');
    expect(await readFile(path.join(place.project, 'cart.txt'), 'utf8')).toBe(
      'export const sum = 1;\n',
    );
    expect(done.slice(done.lastIndexOf('Done.'))).toMatch(/Mode: ask · Model:/u);
    const { exitCode } = await leave(terminal);
    expect(exitCode).toBe(0);
  });
});
