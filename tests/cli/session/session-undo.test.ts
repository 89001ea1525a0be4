// /undo in the session, through the real engine, the checkpoints and the undo verb: it undoes
// the newest turn of the conversation that changed files (a later turn that only answered is
// passed over, as is a turn undone already) and says which files it restored.
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  reply,
  startFakeAnthropicServer,
  toolUse,
  type FakeAnthropicServer,
} from '../../support/fake-anthropic-server';
import { openEngineSession } from './engine-session';

let server: FakeAnthropicServer;
let project: string;
let home: string;
let close: (() => Promise<void>) | null = null;
beforeEach(async () => {
  server = await startFakeAnthropicServer();
  project = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-session-undo-')));
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-session-undo-home-'));
  writeFileSync(path.join(project, 'cart.txt'), 'total\n');
});
afterEach(async () => {
  await close?.();
  close = null;
  await server.close();
  rmSync(project, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const cart = () => readFileSync(path.join(project, 'cart.txt'), 'utf8');

describe('/undo in the session', () => {
  it('/undo - undoes the last turn that changed files, past a text-only turn, and names them', async () => {
    server.enqueue(
      reply([
        toolUse('edit_file', {
          path: 'cart.txt',
          edits: [{ old_text: 'total', new_text: 'sum' }],
          description: 'Rename total to sum',
        }),
        toolUse('create_file', { path: 'notes.txt', content: 'renamed\n' }),
      ]),
      reply('Renamed.'),
      reply('The cart adds up the prices.'),
      reply('I see the rename is gone.'),
      reply('Still total.'),
    );
    const session = await openEngineSession({
      project,
      home,
      baseURL: server.baseURL,
      keys: ['y', 'y'],
    });
    close = session.close;
    expect(await session.submit('rename total')).toBeUndefined();
    expect(cart()).toBe('sum\n');
    expect(await session.submit('what does the cart do?')).toBeUndefined();

    expect(await session.submit('/undo')).toBeUndefined();
    expect(cart()).toBe('total\n');
    expect(session.io.err()).not.toContain('no checkpoints');
    expect(session.notices().at(-1)).toMatch(
      /^Undid turn \w{8}: restored cart\.txt; removed notes\.txt \(created in that turn\)\.$/u,
    );
    expect(session.reviews()).toBe(0);

    // Nothing of this conversation is left to undo: the turn undone is not undone again.
    expect(await session.submit('/undo')).toBeUndefined();
    expect(session.notices().at(-1)).toBe(
      'Nothing to undo: no turn of this conversation changed a file that is not undone.',
    );

    // The next message tells Claude which files are back, once.
    const lastUserText = (): string => {
      const messages = server.requests.at(-1)?.body?.messages ?? [];
      const content = messages.at(-1)?.content;
      return Array.isArray(content)
        ? content.map((b) => ('text' in b ? String(b.text) : '')).join('\n')
        : String(content);
    };
    expect(await session.submit('is the rename still there?')).toBeUndefined();
    expect(lastUserText()).toContain('is the rename still there?');
    expect(lastUserText()).toContain(
      'Since your previous turn the person undid changes you had made. These files are no longer as you left them:\n' +
        '- cart.txt: back to its content before your change\n' +
        '- notes.txt: removed again (your change had created it)',
    );
    expect(await session.submit('and now?')).toBeUndefined();
    expect(lastUserText()).toContain('and now?');
    expect(lastUserText()).not.toContain('undid');
  }, 60_000);
});
