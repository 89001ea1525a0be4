// `sluice ask --attach FILE`: images read from the project or from anywhere the person names,
// checked before anything is opened, sent before the prompt to the fake Messages API.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/cli-io';
import { main } from '../../src/cli/main';
import { openAppDatabase } from '../../src/main/core/store/app-database';
import { agentEventSchema } from '../../src/shared/agent-events';
import {
  reply,
  startFakeAnthropicServer,
  type FakeAnthropicServer,
} from '../support/fake-anthropic-server';
import { gifBytes, pdfBytes, pngBytes } from '../support/image-bytes';

let server: FakeAnthropicServer;
let project: string;
let desktop: string;
let home: string;

beforeEach(async () => {
  server = await startFakeAnthropicServer();
  project = mkdtempSync(path.join(os.tmpdir(), 'sluice-attach-project-'));
  desktop = mkdtempSync(path.join(os.tmpdir(), 'sluice-attach-desktop-'));
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-attach-home-'));
  mkdirSync(path.join(project, 'docs'));
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'tiny-app' }));
});
afterEach(async () => {
  await server.close();
  for (const dir of [project, desktop, home]) rmSync(dir, { recursive: true, force: true });
});

function makeIo(cwd = project) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: { write: (t: string) => out.push(t) },
    stderr: { write: (t: string) => err.push(t) },
    stdin: Readable.from([]) as Readable & { isTTY?: boolean },
    env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.baseURL, SLUICE_HOME: home },
    cwd,
  };
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}

function sentBlocks(index = 0): Record<string, unknown>[] {
  const body = server.requests[index]?.body as {
    messages: { content: Record<string, unknown>[] }[];
  };
  return body.messages[0]?.content ?? [];
}

function conversationCount(): number {
  const db = openAppDatabase({ home });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM conversations').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('sluice ask --attach', () => {
  it('a project file and one from elsewhere - sent as image blocks before the prompt', async () => {
    const png = pngBytes(8, 6);
    const gif = gifBytes(4, 4);
    writeFileSync(path.join(project, 'docs', 'screen.png'), png);
    writeFileSync(path.join(desktop, 'Screenshot.gif'), gif);
    server.enqueue(reply('A screen and a dot.'));
    const { io, stdout, stderr } = makeIo(path.join(project, 'docs'));
    const code = await main(
      [
        'ask',
        'What do these show?',
        '--project',
        project,
        '--attach',
        'screen.png',
        '--attach',
        path.join(desktop, 'Screenshot.gif'),
      ],
      io,
    );
    expect(code, stderr()).toBe(0);
    expect(stdout()).toContain('A screen and a dot.');
    expect(stderr()).toContain(
      `Attached screen.png (${png.length} bytes) and Screenshot.gif (${gif.length} bytes)`,
    );
    expect(sentBlocks()).toEqual([
      {
        type: 'image',
        source: { type: 'base64', media_type: 'image/png', data: png.toString('base64') },
      },
      {
        type: 'image',
        source: { type: 'base64', media_type: 'image/gif', data: gif.toString('base64') },
      },
      { type: 'text', text: 'What do these show?', cache_control: { type: 'ephemeral' } },
    ]);
  });

  it('--json - the turn_start event lists the images by name, type and size', async () => {
    const png = pngBytes(2, 2);
    writeFileSync(path.join(project, 'dot.png'), png);
    server.enqueue(reply('A dot.'));
    const { io, stdout } = makeIo();
    const code = await main(['ask', 'hi', '--project', project, '--attach=dot.png', '--json'], io);
    expect(code).toBe(0);
    const start = stdout()
      .trim()
      .split('\n')
      .map((line) => agentEventSchema.parse(JSON.parse(line)))
      .find((event) => event.type === 'turn_start');
    expect(start?.type === 'turn_start' && start.images).toEqual([
      {
        name: 'dot.png',
        mediaType: 'image/png',
        bytes: png.length,
        turnId: start?.turnId,
        index: 0,
      },
    ]);
  });

  it('a PDF - refused in words before anything is opened or sent; exit 2', async () => {
    writeFileSync(path.join(project, 'notes.pdf'), pdfBytes());
    const { io, stderr } = makeIo();
    const code = await main(['ask', 'read it', '--project', project, '--attach', 'notes.pdf'], io);
    expect(code).toBe(2);
    expect(stderr()).toContain(
      'sluice ask: --attach: notes.pdf is not an image Claude can read (PNG, JPEG, GIF or WebP).',
    );
    expect(server.requests).toHaveLength(0);
    expect(conversationCount()).toBe(0);
  });

  it('a missing file - refused with its path; exit 2', async () => {
    const { io, stderr } = makeIo();
    const code = await main(['ask', 'look', '--project', project, '--attach', 'gone.png'], io);
    expect(code).toBe(2);
    expect(stderr()).toContain('--attach: "gone.png" does not exist.');
    expect(server.requests).toHaveLength(0);
  });

  it('with --mode propose - refused: a background run takes text only', async () => {
    writeFileSync(path.join(project, 'dot.png'), pngBytes(1, 1));
    const { io, stderr } = makeIo();
    const code = await main(
      ['ask', 'fix it', '--mode', 'propose', '--project', project, '--attach', 'dot.png'],
      io,
    );
    expect(code).toBe(2);
    expect(stderr()).toContain('--attach goes with a live turn');
    expect(server.requests).toHaveLength(0);
  });

  it("--help - lists --attach, and --image stays the propose run's container image", async () => {
    const { io, stdout } = makeIo();
    expect(await main(['ask', '--help'], io)).toBe(0);
    expect(stdout()).toContain('[--attach FILE]…');
    expect(stdout()).toMatch(/--attach FILE\s+an image sent with the prompt/);
    expect(stdout()).toMatch(/--image IMAGE\s+propose mode with --executor container/);
  });

  it('as a process - the built-from-source CLI reads a relative path from its folder', async () => {
    const png = pngBytes(3, 3);
    writeFileSync(path.join(project, 'docs', 'shot.png'), png);
    server.enqueue(reply('Seen.'));
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const cli = path.resolve('tests/support/cli-from-source.ts');
    const run = await promisify(execFile)(
      process.execPath,
      ['--import', tsx, cli, 'ask', 'Describe it', '--attach', 'docs/shot.png'],
      {
        cwd: project,
        env: {
          ...process.env,
          SLUICE_HOME: home,
          ANTHROPIC_API_KEY: 'test-key',
          ANTHROPIC_BASE_URL: server.baseURL,
        },
        timeout: 60_000,
      },
    );
    expect(run.stdout).toContain('Seen.');
    expect(sentBlocks()[0]).toEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: png.toString('base64') },
    });
  }, 90_000);
});
