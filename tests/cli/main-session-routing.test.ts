// How `sluice` without a verb is routed, off a terminal: several words are a prompt that
// `sluice ask` answers (against the fake Anthropic server), -c goes on with the last
// conversation, one word that is no verb is refused as a likely typo with the way to send it
// anyway, and bare `sluice` is a usage error that prints the help.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import {
  reply,
  startFakeAnthropicServer,
  type FakeAnthropicServer,
  type RecordedRequest,
} from '../support/fake-anthropic-server';
import { fakeCliIo } from '../support/fake-cli-io';

let server: FakeAnthropicServer;
let project: string;
let home: string;

beforeEach(async () => {
  server = await startFakeAnthropicServer();
  project = mkdtempSync(path.join(os.tmpdir(), 'sluice-routing-project-'));
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-routing-home-'));
  writeFileSync(path.join(project, 'README.md'), '# tiny\n');
});

afterEach(async () => {
  await server.close();
  rmSync(project, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

function offTerminal() {
  return fakeCliIo({
    cwd: project,
    env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.baseURL, SLUICE_HOME: home },
  });
}

/** Every text the request's messages carry, in order. */
function texts(request: RecordedRequest | undefined): string[] {
  return (request?.body.messages ?? []).flatMap((message) =>
    typeof message.content === 'string'
      ? [message.content]
      : (message.content as Array<{ type: string; text?: string }>).flatMap((block) =>
          block.type === 'text' && block.text ? [block.text] : [],
        ),
  );
}

// The first run loads the ask verb and the engine from the sources: slow on a busy machine.
describe('main - sluice without a verb, off a terminal', { timeout: 90_000 }, () => {
  it('main - several words are a prompt that ask answers', async () => {
    server.enqueue(reply('It is a tiny project.'));
    const io = offTerminal();
    const code = await main(['what', 'is', 'this', 'project?', '--project', project], io);
    expect(io.err()).not.toMatch(/unknown verb/u);
    expect(code).toBe(0);
    expect(io.out()).toContain('It is a tiny project.');
    expect(server.requests).toHaveLength(1);
    expect(texts(server.requests[0]).join('\n')).toContain('what is this project?');
  });

  it('main - one quoted prompt with spaces is a prompt too', async () => {
    server.enqueue(reply('Hello there.'));
    const io = offTerminal();
    expect(await main(['say hello', '--project', project], io)).toBe(0);
    expect(io.out()).toContain('Hello there.');
  });

  it('main - one word that is no verb is refused, with the way to send it as a prompt', async () => {
    const io = offTerminal();
    expect(await main(['refactor'], io)).toBe(2);
    expect(io.err()).toContain('unknown verb "refactor"');
    expect(io.err()).toContain('sluice -- refactor');
    expect(server.requests).toHaveLength(0);
  });

  it('main - the one word after -- is sent as the prompt', async () => {
    server.enqueue(reply('Refactored nothing.'));
    const io = offTerminal();
    expect(await main(['--project', project, '--', 'refactor'], io)).toBe(0);
    expect(io.out()).toContain('Refactored nothing.');
    expect(texts(server.requests[0]).join('\n')).toContain('refactor');
  });

  it('main - bare sluice off a terminal is a usage error that prints the help', async () => {
    const io = offTerminal();
    expect(await main([], io)).toBe(2);
    expect(io.err()).toContain('Usage: sluice VERB');
    expect(io.out()).toBe('');
  });

  it('main - -c goes on with the last conversation, its earlier messages sent again', async () => {
    server.enqueue(reply('The first answer.'), reply('The second answer.'));
    const first = offTerminal();
    expect(await main(['remember', 'the', 'word', 'teal', '--project', project], first)).toBe(0);
    const second = offTerminal();
    expect(await main(['-c', 'which', 'word?', '--project', project], second)).toBe(0);
    expect(second.out()).toContain('The second answer.');
    const sent = texts(server.requests[1]);
    expect(sent.join('\n')).toContain('remember the word teal');
    expect(sent.join('\n')).toContain('The first answer.');
    expect(sent.at(-1)).toContain('which word?');
  });

  it('main - -c with no conversation yet says so as a usage error', async () => {
    const io = offTerminal();
    expect(await main(['-c', 'go', 'on', '--project', project], io)).toBe(2);
    expect(io.err()).toMatch(/no conversation in this project yet/u);
  });

  it('main - bare --resume off a terminal needs the id', async () => {
    const io = offTerminal();
    expect(await main(['--resume', '--project', project, '--', 'go on'], io)).toBe(2);
    expect(io.err()).toMatch(/needs a terminal: give the id/u);
  });

  it('main - -c and --resume together are refused', async () => {
    const io = offTerminal();
    expect(await main(['-c', '--resume', 'abcd1234', 'go', 'on'], io)).toBe(2);
    expect(io.err()).toContain('-c and --resume both pick a conversation');
  });

  it('main - an unknown --mode is refused before anything is sent', async () => {
    const io = offTerminal();
    expect(await main(['--mode', 'yolo', 'do', 'it', '--project', project], io)).toBe(2);
    expect(io.err()).toContain('--mode must be one of');
    expect(server.requests).toHaveLength(0);
  });
});
