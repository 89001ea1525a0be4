import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { z } from 'zod';
import { createDispatcher, defineContract, method } from '../../../../src/shared/contract';
import {
  startBrowserServer,
  type BrowserServer,
} from '../../../../src/main/core/browser-mode/browser-server';

const contract = defineContract({
  services: { echo: { say: method(z.object({ text: z.string() }).strict(), z.string()) } },
  events: { tick: z.object({ n: z.number() }) },
});

let server: BrowserServer;
let emit: (event: string, payload: unknown) => void = () => {};
const TOKEN = 'test-token-0123456789';

function get(pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number;
    body: string;
    headers: Record<string, string | string[] | undefined>;
  }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: pathname,
        method: 'GET',
        headers: { host: `127.0.0.1:${server.port}`, ...headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function connect(query: string, headers: Record<string, string>) {
  return new WebSocket(`ws://127.0.0.1:${server.port}/ws${query}`, { headers });
}

function opened(ws: WebSocket): Promise<'open' | number> {
  return new Promise((resolve) => {
    ws.once('open', () => resolve('open'));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(-1));
  });
}

beforeAll(async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'sluice-serve-'));
  await mkdir(path.join(dir, 'bundle', 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'bundle', 'index.html'), '<!doctype html><title>Sluice</title>');
  await writeFile(path.join(dir, 'bundle', 'assets', 'app.js'), 'console.log(1)');
  await writeFile(path.join(dir, 'secret.txt'), 'TOP-SECRET');
  const dispatcher = createDispatcher(contract, {
    echo: { say: ({ text }) => `you said ${text}` },
  });
  server = await startBrowserServer({
    dispatcher,
    staticDir: path.join(dir, 'bundle'),
    token: TOKEN,
    subscribeEvents(listener) {
      emit = listener;
      return () => (emit = () => {});
    },
  });
});

afterAll(async () => server.close());

describe('startBrowserServer', () => {
  it('binds loopback only - the URL names 127.0.0.1 and carries the token', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${TOKEN}`);
  });

  it('page without a token - 401', async () => {
    const res = await get('/');
    expect(res.status).toBe(401);
  });

  it('page with a wrong token - 401', async () => {
    expect((await get('/?token=wrong')).status).toBe(401);
  });

  it('page with the token - 200, CSP and an HttpOnly SameSite=Strict cookie', async () => {
    const res = await get(`/?token=${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain('<title>Sluice</title>');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
  });

  it('asset with the cookie - 200', async () => {
    const res = await get('/assets/app.js', { cookie: `sluice_token=${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
  });

  it('foreign Host (DNS rebinding) - 403 even with the token', async () => {
    expect((await get(`/?token=${TOKEN}`, { host: `evil.example:${server.port}` })).status).toBe(
      403,
    );
  });

  it('path traversal - never serves a file outside the bundle', async () => {
    for (const p of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
    ]) {
      const res = await get(`${p}${p.includes('?') ? '&' : '?'}token=${TOKEN}`);
      expect(res.body).not.toContain('TOP-SECRET');
    }
  });

  it('WebSocket without Origin - refused', async () => {
    expect(await opened(connect(`?token=${TOKEN}`, { host: `127.0.0.1:${server.port}` }))).toBe(
      403,
    );
  });

  it('WebSocket from another origin - refused', async () => {
    expect(await opened(connect(`?token=${TOKEN}`, { origin: 'http://evil.example' }))).toBe(403);
  });

  it('WebSocket with a wrong token - 401', async () => {
    expect(
      await opened(connect('?token=nope', { origin: `http://127.0.0.1:${server.port}` })),
    ).toBe(401);
  });

  it('WebSocket call - dispatched with the contract validation, events delivered', async () => {
    const ws = connect(`?token=${TOKEN}`, { origin: `http://127.0.0.1:${server.port}` });
    expect(await opened(ws)).toBe('open');
    const frames: unknown[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(data.toString())));
    ws.send(JSON.stringify({ id: 1, channel: 'echo.say', payload: { text: 'hi' } }));
    ws.send(JSON.stringify({ id: 2, channel: 'echo.say', payload: { text: 5 } }));
    ws.send('not json');
    await new Promise((r) => setTimeout(r, 100));
    emit('tick', { n: 7 });
    await new Promise((r) => setTimeout(r, 100));
    expect(frames).toContainEqual({ id: 1, result: { ok: true, value: 'you said hi' } });
    expect(frames).toContainEqual(
      expect.objectContaining({
        id: 2,
        result: expect.objectContaining({
          ok: false,
          error: expect.objectContaining({ name: 'InvalidInputError' }),
        }),
      }),
    );
    expect(frames).toContainEqual(
      expect.objectContaining({ id: null, result: expect.objectContaining({ ok: false }) }),
    );
    expect(frames).toContainEqual({ event: 'tick', payload: { n: 7 } });
    ws.close();
  });
});
