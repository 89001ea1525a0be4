// Ctrl+C at a review inside the session, through the real engine and the terminal review on a
// fake terminal: the turn stops, the change or command is rejected (nothing written, nothing
// run), the review ends so the session's screen comes back, and the session takes the next
// prompt.
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
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
  project = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-review-stop-')));
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-review-stop-home-'));
});
afterEach(async () => {
  await close?.();
  close = null;
  await server.close();
  rmSync(project, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

async function sessionOn(keys: string[]) {
  const session = await openEngineSession({ project, home, baseURL: server.baseURL, keys });
  close = session.close;
  return session;
}

describe('Ctrl+C at a review in the session', () => {
  it('write review - Ctrl+C rejects the change, stops the turn, and the prompt comes back', async () => {
    server.enqueue(
      reply([toolUse('create_file', { path: 'b.txt', content: 'from the model\n' })]),
      reply('Answer to: next'),
    );
    const session = await sessionOn(['\u0003']);
    expect(await session.submit('create b.txt')).toBeUndefined();
    expect(session.term.shown()).toContain('Apply? [y]es');
    expect(session.reviews()).toBe(0);
    expect(session.store.snapshot().busy).toBe(false);
    expect(existsSync(path.join(project, 'b.txt'))).toBe(false);
    // The session goes on: the next prompt is a turn of its own.
    expect(await session.submit('next')).toBeUndefined();
    expect(server.requests).toHaveLength(2);
  }, 30_000);

  it('command review - Ctrl+C rejects the command, stops the turn, and the session goes on', async () => {
    server.enqueue(
      reply([toolUse('run_command', { command: 'touch ran.txt', description: 'touch a file' })]),
      reply('Answer to: next'),
    );
    const session = await sessionOn(['\u0003']);
    expect(await session.submit('run it')).toBeUndefined();
    expect(session.term.shown()).toContain('Run it');
    expect(session.reviews()).toBe(0);
    expect(session.store.snapshot().busy).toBe(false);
    expect(existsSync(path.join(project, 'ran.txt'))).toBe(false);
    expect(session.io.err()).toBe('');
    expect(await session.submit('next')).toBeUndefined();
    expect(server.requests).toHaveLength(2);
  }, 30_000);
});
