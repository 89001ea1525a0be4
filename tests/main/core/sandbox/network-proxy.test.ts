// The filtering proxy on its own (no sandbox): requests sent straight to its unix socket, a
// loopback server counting hits. The limits fail closed and say why.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import net from 'node:net';
import tls from 'node:tls';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNetworkProxy } from '../../../../src/main/core/sandbox/network-proxy';
import { parseHostList } from '../../../../src/shared/network-hosts';

let server: Server;
let port = 0;
let hits = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    hits += 1;
    res.end(`HELLO ${req.headers.host}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function hosts(...texts: string[]) {
  const parsed = parseHostList(texts);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

function get(
  socketPath: string,
  url: string,
  host = new URL(url).host,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request({ socketPath, path: url, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('network proxy', () => {
  it('forwards a listed host, refuses the rest, and counts what it reached', async () => {
    hits = 0;
    const proxy = await startNetworkProxy({ allowed: hosts(`127.0.0.1:${port}`) });
    try {
      expect(await get(proxy.socketPath, `http://127.0.0.1:${port}/a`)).toEqual({
        status: 200,
        body: `HELLO 127.0.0.1:${port}`,
      });
      // A different Host header cannot reach another site behind the same address.
      expect(await get(proxy.socketPath, `http://127.0.0.1:${port}/b`, 'evil.example')).toEqual({
        status: 200,
        body: `HELLO 127.0.0.1:${port}`,
      });
      const refused = await get(proxy.socketPath, `http://127.0.0.1:${port + 1}/`);
      expect(refused.status).toBe(403);
      expect(refused.body).toContain('is not in the allowed host list');
      const ftp = await get(proxy.socketPath, 'ftp://127.0.0.1/');
      expect(ftp.status).toBe(403);
      expect(hits).toBe(2);
      expect(proxy.allowedCount).toBe(2);
      expect([...proxy.reached]).toEqual([[`127.0.0.1:${port}`, 2]]);
      expect(proxy.refusedCount).toBe(2);
    } finally {
      await proxy.close();
    }
  });

  it('too many open connections - the next one gets 503 and is counted as refused', async () => {
    const proxy = await startNetworkProxy({ allowed: hosts('example.com'), maxConnections: 1 });
    const first = net.connect(proxy.socketPath);
    try {
      await new Promise<void>((resolve) => first.once('connect', () => resolve()));
      const second = await new Promise<string>((resolve) => {
        let text = '';
        const socket = net.connect(proxy.socketPath);
        socket.on('data', (d: Buffer) => (text += d.toString()));
        socket.on('close', () => resolve(text));
        socket.on('error', () => resolve(text));
      });
      expect(second).toContain('503');
      expect(second).toContain('more than 1 connections were open through the proxy at once');
      expect(proxy.refusedCount).toBe(1);
    } finally {
      first.destroy();
      await proxy.close();
    }
  });

  it('a name that does not resolve - 502 with the reason, not counted as refused', async () => {
    const proxy = await startNetworkProxy({
      allowed: hosts('nowhere.example.test'),
      lookup: async () => {
        throw new Error('getaddrinfo ENOTFOUND nowhere.example.test');
      },
    });
    try {
      const r = await get(proxy.socketPath, 'http://nowhere.example.test/');
      expect(r.status).toBe(502);
      expect(r.body).toContain('nowhere.example.test could not be resolved');
      expect(proxy.refusedCount).toBe(0);
    } finally {
      await proxy.close();
    }
  });

  it('close - removes its private folder', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'sluice-proxy-parent-'));
    try {
      const proxy = await startNetworkProxy({ allowed: hosts('example.com'), parentDir: parent });
      expect(readdirSync(parent)).toHaveLength(1);
      await proxy.close();
      expect(readdirSync(parent)).toEqual([]);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('a TLS tunnel naming another server (SNI) - is refused before a byte reaches it', async () => {
    let received = 0;
    const target = net.createServer((socket) => {
      socket.on('data', (d: Buffer) => (received += d.length));
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const tcpPort = (target.address() as net.AddressInfo).port;
    const proxy = await startNetworkProxy({ allowed: hosts(`localhost:${tcpPort}`) });
    /** CONNECT localhost:<port>, then a TLS ClientHello naming `servername`. */
    const attempt = (servername: string) =>
      new Promise<void>((resolve) => {
        const req = request({
          socketPath: proxy.socketPath,
          method: 'CONNECT',
          path: `localhost:${tcpPort}`,
        });
        req.on('connect', (_res, socket) => {
          const secure = tls.connect({ socket, servername });
          secure.on('error', () => undefined);
          socket.on('close', () => resolve());
          setTimeout(() => {
            secure.destroy();
            resolve();
          }, 500);
        });
        req.end();
      });
    try {
      await attempt('evil.example');
      expect(received).toBe(0);
      expect(proxy.refusedCount).toBe(1);
      expect(proxy.allowedCount).toBe(0);
      expect(proxy.refused[0]?.reason).toBe(
        'its TLS server name evil.example is not localhost, the host that was allowed',
      );
      await attempt('localhost');
      expect(received).toBeGreaterThan(0);
      expect(proxy.allowedCount).toBe(1);
      expect(proxy.refusedCount).toBe(1);
    } finally {
      await proxy.close();
      target.close();
    }
  });
});
