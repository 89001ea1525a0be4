// The host side of a sandboxed command's filtered network (issue 13, host-list rules): an HTTP
// proxy on a unix socket inside a private folder that is bind-mounted into the sandbox (the
// sandbox itself has no network: --unshare-net). It accepts CONNECT host:port (HTTPS and any
// TLS) and plain requests in absolute-URI form (http://host/…), allows only the listed hosts
// and ports, and refuses everything else with 403 and a body that says why. Names are resolved
// here, on the host, only after the check: the proxy connects by the name it was given.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { hostAllowed, splitHostPort, type HostPattern } from '../../../shared/network-hosts';

export interface RefusedRequest {
  readonly method: string;
  /** host:port as the command asked for it (or the raw target when unparsable). */
  readonly target: string;
  readonly reason: string;
}

export interface NetworkProxy {
  /** Private folder (mode 0700) holding the socket; bind it into the sandbox. */
  readonly dir: string;
  readonly socketPath: string;
  /** Requests refused so far (at most MAX_REFUSED_KEPT kept; refusedCount counts all). */
  readonly refused: readonly RefusedRequest[];
  readonly refusedCount: number;
  /** Requests let through so far. */
  readonly allowedCount: number;
  close(): Promise<void>;
}

export const SOCKET_NAME = 'proxy.sock';
const MAX_REFUSED_KEPT = 200;
/** Connections to an upstream that never answers are not kept forever. */
const CONNECT_TIMEOUT_MS = 30_000;
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function forbiddenBody(method: string, target: string, reason: string): string {
  return `Sluice sandbox: ${method} ${target} refused: ${reason}. Only the hosts of this project's network rules are reachable from commands; the person can add hosts in Settings, or approve full network for one command.\n`;
}

export async function startNetworkProxy(options: {
  readonly allowed: readonly HostPattern[];
  /** Called for each refusal, for logs. Must not throw. */
  readonly onRefused?: (refused: RefusedRequest) => void;
  readonly parentDir?: string;
}): Promise<NetworkProxy> {
  const dir = mkdtempSync(path.join(options.parentDir ?? os.tmpdir(), 'sluice-net-'));
  const socketPath = path.join(dir, SOCKET_NAME);
  const refused: RefusedRequest[] = [];
  let refusedCount = 0;
  let allowedCount = 0;
  const sockets = new Set<net.Socket>();

  /** null when allowed; else records and returns the refusal. */
  const judge = (method: string, target: string, host: string, port: number): string | null => {
    const reason = !host
      ? 'the target is not host:port'
      : hostAllowed(options.allowed, host, port)
        ? null
        : `${host}:${port} is not in the allowed host list`;
    if (reason === null) {
      allowedCount += 1;
      return null;
    }
    refusedCount += 1;
    const entry = { method, target, reason };
    if (refused.length < MAX_REFUSED_KEPT) refused.push(entry);
    try {
      options.onRefused?.(entry);
    } catch {
      // logging must not break the proxy
    }
    return reason;
  };

  const server = http.createServer((req, res) => {
    const method = req.method ?? 'GET';
    let url: URL | null;
    try {
      url = new URL(req.url ?? '');
    } catch {
      url = null;
    }
    if (!url || url.protocol !== 'http:') {
      const reason = judge(method, req.url ?? '', '', 0) ?? '';
      res.writeHead(403, { 'content-type': 'text/plain', connection: 'close' });
      res.end(
        forbiddenBody(
          method,
          req.url ?? '',
          `${reason} (only http:// URLs in absolute form, or CONNECT)`,
        ),
      );
      return;
    }
    const host = url.hostname.replace(/^\[|\]$/gu, '');
    const port = url.port ? Number(url.port) : 80;
    const reason = judge(method, `${url.hostname}:${port}`, host, port);
    if (reason !== null) {
      res.writeHead(403, { 'content-type': 'text/plain', connection: 'close' });
      res.end(forbiddenBody(method, `${url.hostname}:${port}`, reason));
      return;
    }
    const headers: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(req.headers))
      if (value !== undefined && !HOP_BY_HOP.has(key)) headers[key] = value;
    headers.connection = 'close';
    const upstream = http.request(
      {
        host,
        port,
        method,
        path: `${url.pathname}${url.search}`,
        headers,
        timeout: CONNECT_TIMEOUT_MS,
      },
      (up) => {
        const out: Record<string, string | string[]> = {};
        for (const [key, value] of Object.entries(up.headers))
          if (value !== undefined && !HOP_BY_HOP.has(key)) out[key] = value;
        res.writeHead(up.statusCode ?? 502, out);
        up.pipe(res);
      },
    );
    upstream.on('timeout', () => upstream.destroy(new Error('upstream timed out')));
    upstream.on('error', (error) => {
      if (res.headersSent) res.destroy();
      else {
        res.writeHead(502, { 'content-type': 'text/plain', connection: 'close' });
        res.end(`Sluice sandbox proxy: ${host}:${port} could not be reached: ${error.message}\n`);
      }
    });
    req.pipe(upstream);
  });

  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const target = req.url ?? '';
    const split = /^[^/\s]+:\d+$/u.test(target) ? splitHostPort(target) : null;
    const host = split?.host ?? '';
    const port = split?.port ?? 0;
    const reason = judge('CONNECT', target, host, port);
    client.on('error', () => undefined);
    if (reason !== null) {
      const body = forbiddenBody('CONNECT', target, reason);
      client.end(
        `HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
      return;
    }
    const upstream = net.connect({ host, port });
    let established = false;
    sockets.add(upstream);
    upstream.setTimeout(CONNECT_TIMEOUT_MS, () => {
      if (upstream.connecting) upstream.destroy(new Error('connect timed out'));
    });
    upstream.on('connect', () => {
      upstream.setTimeout(0);
      established = true;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', (error) => {
      if (client.writable && !established)
        client.end(
          `HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\n\r\nSluice sandbox proxy: ${target} could not be reached: ${error.message}\n`,
        );
      else client.destroy();
    });
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    client.on('close', () => upstream.destroy());
  });
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (_error, socket: net.Socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    dir,
    socketPath,
    refused,
    get refusedCount() {
      return refusedCount;
    },
    get allowedCount() {
      return allowedCount;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
