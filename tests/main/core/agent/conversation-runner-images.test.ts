// Images in a turn, through the real runner, the real SDK and the fake Messages API server:
// what the request body carries, what the store keeps, and what a reopened conversation sends.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createConversationRunner,
  TurnRefusedError,
  type ConversationRunner,
} from '../../../../src/main/core/agent/conversation-runner';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import {
  createConversationRepository,
  type ConversationRepository,
} from '../../../../src/main/core/store/conversation-repository';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { MAX_IMAGE_BYTES, type ImageInput } from '../../../../src/shared/image-attachments';
import type { ProjectHooks } from '../../../../src/main/core/hooks/hooks-port';
import { reply } from '../../../support/fake-anthropic-server';
import { createScriptedLoopHooks } from '../../../support/scripted-loop-hooks';
import { jpegBytes, pdfBytes, pngBytes } from '../../../support/image-bytes';
import { collect, startHarness, type Harness } from './agent-harness';

let h: Harness;
let home: string;
const dbs: WritableDb[] = [];

function open(hooks?: ProjectHooks): {
  runner: ConversationRunner;
  repository: ConversationRepository;
} {
  const db = openAppDatabase({ home });
  dbs.push(db);
  const repository = createConversationRepository(db);
  const runner = createConversationRunner({
    repository,
    projectId: 'p1',
    createClient: () => h.client,
    tools: [],
    ports: () => ({ workspace: h.workspace }),
    guidanceFiles: h.workspace,
    ...(hooks ? { hooks } : {}),
  });
  return { runner, repository };
}

function image(name: string, bytes: Buffer, mediaType = 'image/png'): ImageInput {
  return { name, mediaType: mediaType as ImageInput['mediaType'], data: bytes.toString('base64') };
}

interface SentMessage {
  role: string;
  content: Record<string, unknown>[];
}

function sentMessages(index: number): SentMessage[] {
  return (h.server.requests[index]?.body as { messages: SentMessage[] }).messages;
}

beforeEach(async () => {
  h = await startHarness();
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-home-'));
});
afterEach(async () => {
  for (const db of dbs.splice(0)) db.close();
  rmSync(home, { recursive: true, force: true });
  await h.close();
});

describe('conversation runner - images', () => {
  it('a send with images - each is an image block before the text, with only the API fields', async () => {
    const png = pngBytes(12, 8);
    const jpeg = jpegBytes(16, 16);
    h.server.enqueue(reply('Two pictures.'));
    const { runner } = open();
    const started = runner.start({
      kind: 'send',
      text: 'What is in these?',
      images: [image('shot.png', png), image('photo.jpg', jpeg, 'image/jpeg')],
    });
    const { outcome, events } = await collect(started.events);
    expect(outcome.reason).toBe('end_turn');

    const [first] = sentMessages(0);
    expect(first?.role).toBe('user');
    expect(first?.content.map((block) => block.type)).toEqual(['image', 'image', 'text']);
    expect(first?.content[0]).toEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: png.toString('base64') },
    });
    expect(first?.content[1]).toEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/jpeg', data: jpeg.toString('base64') },
    });
    expect(first?.content[2]).toMatchObject({ type: 'text', text: 'What is in these?' });

    const start = events.find((event) => event.type === 'turn_start');
    expect(start?.type === 'turn_start' && start.images).toEqual([
      {
        name: 'shot.png',
        mediaType: 'image/png',
        bytes: png.length,
        turnId: started.turnId,
        index: 0,
      },
      {
        name: 'photo.jpg',
        mediaType: 'image/jpeg',
        bytes: jpeg.length,
        turnId: started.turnId,
        index: 1,
      },
    ]);
  });

  it('stored with the conversation - the transcript lists them and each can be read back', async () => {
    const png = pngBytes(3, 3);
    h.server.enqueue(reply('A square.'));
    const { runner, repository } = open();
    const started = runner.start({
      kind: 'send',
      text: 'Look',
      images: [image('square.png', png)],
    });
    await collect(started.events);
    const [user] = repository.transcript(started.conversationId);
    expect(user).toMatchObject({
      type: 'user',
      text: 'Look',
      images: [
        { name: 'square.png', mediaType: 'image/png', bytes: png.length, turnId: started.turnId },
      ],
    });
    expect(repository.attachedImage(started.conversationId, started.turnId, 0)).toEqual(
      image('square.png', png),
    );
    expect(repository.attachedImage(started.conversationId, started.turnId, 1)).toBeNull();
  });

  it('a reopened conversation - the next request sends the image again', async () => {
    const png = pngBytes(5, 5);
    h.server.enqueue(reply('Noted.'));
    const first = open();
    const started = first.runner.start({
      kind: 'send',
      text: 'Remember this picture',
      images: [image('remember.png', png)],
    });
    await collect(started.events);
    for (const db of dbs.splice(0)) db.close();

    h.server.enqueue(reply('It was a small square.'));
    const second = open();
    const again = second.runner.start({
      kind: 'send',
      conversationId: started.conversationId,
      text: 'What was it?',
    });
    expect((await collect(again.events)).outcome.reason).toBe('end_turn');
    const [earlier, , latest] = sentMessages(1);
    expect(earlier?.content[0]).toEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: png.toString('base64') },
    });
    expect(latest?.content.map((block) => block.type)).toEqual(['text']);
  });

  it('an image near the API limit - counted as the model reads it, so the request still fits', async () => {
    const png = pngBytes(40, 40);
    const large = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES - png.length)]);
    h.server.enqueue(reply('Big one.'));
    const { runner } = open();
    const started = runner.start({
      kind: 'send',
      text: 'And this?',
      images: [image('big.png', large)],
    });
    expect((await collect(started.events)).outcome.reason).toBe('end_turn');
    expect(h.server.requests).toHaveLength(1);
  });

  it('a PDF among the images - the turn is refused in words; nothing sent, nothing stored', () => {
    const { runner, repository } = open();
    const send = () =>
      runner.start({
        kind: 'send',
        text: 'Read these',
        images: [image('a.png', pngBytes(2, 2)), image('x.pdf', pdfBytes())],
      });
    expect(send).toThrow(TurnRefusedError);
    expect(send).toThrow('x.pdf is not an image Claude can read (PNG, JPEG, GIF or WebP).');
    expect(h.server.requests).toHaveLength(0);
    expect(repository.list('p1')).toEqual([]);
  });
  it('a running turn - its images are shown from its start, before its message is kept', async () => {
    const png = pngBytes(12, 8);
    h.server.enqueue(reply('A picture.'));
    // The person's UserPromptSubmit hook is still running when the transcript asks.
    let letHookEnd = (): void => undefined;
    const hookEnds = new Promise<void>((resolve) => (letHookEnd = resolve));
    const hooks = createScriptedLoopHooks({
      UserPromptSubmit: async () => {
        await hookEnds;
        return {};
      },
    });
    const { runner, repository } = open(hooks);
    const started = runner.start({
      kind: 'send',
      text: 'What is this?',
      images: [image('shot.png', png)],
    });
    const { conversationId, turnId } = started;
    const first = await started.events.next();
    expect(first.value).toMatchObject({ type: 'turn_start' });
    // The transcript shows the message now; the store keeps it only after the opening hooks.
    expect(repository.attachedImage(conversationId, turnId, 0)).toBeNull();
    expect(runner.turnImage(conversationId, turnId, 0)).toEqual(image('shot.png', png));
    expect(runner.turnImage(conversationId, turnId, 1)).toBeNull();
    expect(runner.turnImage(conversationId, 'another-turn', 0)).toBeNull();
    letHookEnd();
    await collect(started.events);
    expect(runner.turnImage(conversationId, turnId, 0)).toBeNull();
    expect(repository.attachedImage(conversationId, turnId, 0)).toEqual(image('shot.png', png));
  });
});
