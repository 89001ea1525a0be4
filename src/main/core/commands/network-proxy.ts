// The host side of a sandboxed command's filtered network (issue 13, host-list rules): an HTTP
// proxy on a unix socket inside a private folder that is bind-mounted into the sandbox (the
// sandbox itself has no network: --unshare-net). It accepts CONNECT host:port (HTTPS and any
// TLS) and plain requests in absolute-URI form (http://host/…), allows only the listed hosts
// and ports, and refuses everything else with 403 and a body that says why. Names are resolved
// here, on the host, only after the check, and the proxy connects to the address it checked:
// a name that resolves to a loopback, private or link-local address is refused unless the
// list names that host exactly or lists the address (a wildcard or a DNS answer is no way
// into the person's machine or LAN).
import { promises as dns } from 'node:dns';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  hostAllowed,
  hostListedByName,
  isIpLiteral,
  splitHostPort,
  type HostPattern,
} from '../../../shared/network-hosts';
import { isPrivateAddress } from './private-addresses';
import { openTunnel } from './proxy-tunnel';

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
  /** host:port let through, with how many requests each (at most MAX_REACHED_KEPT kept). */
  readonly reached: ReadonlyMap<string, number>;
  /**
   * With `loopbackTcp`: the 127.0.0.1 port that also reaches the proxy (Seatbelt, where the
   * command shares the host's loopback and the profile lets it reach this one port only).
   */
  readonly tcpPort?: number;
  /**
   * Serves connections made elsewhere: a socket, or each connection to a listening socket
   * (the sandbox's bridge hands its listener over IPC; it is closed with the proxy). Any
   * other handle is closed.
   */
  accept(handle: unknown): void;
  close(): Promise<void>;
}

export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}
export type HostLookup = (host: string) => Promise<readonly ResolvedAddress[]>;

const systemLookup: HostLookup = (host) => dns.lookup(host, { all: true, verbatim: true });

export const SOCKET_NAME = 'proxy.sock';
const MAX_REFUSED_KEPT = 200;
const MAX_REACHED_KEPT = 200;
/** Open connections from the sandbox at once; more are refused with 503 and counted. */
export const MAX_CLIENT_CONNECTIONS = 256;
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
  /** Open connections from the sandbox at once (default MAX_CLIENT_CONNECTIONS). */
  readonly maxConnections?: number;
  /** Name resolution on the host (default the system's); tests inject their own. */
  readonly lookup?: HostLookup;
  /** Also listen on an ephemeral 127.0.0.1 port (tcpPort), for sandboxes without a network namespace. */
  readonly loopbackTcp?: boolean;
}): Promise<NetworkProxy> {
  const lookup = options.lookup ?? systemLookup;
  const maxConnections = options.maxConnections ?? MAX_CLIENT_CONNECTIONS;
  const dir = mkdtempSync(path.join(options.parentDir ?? os.tmpdir(), 'sluice-net-'));
  const socketPath = path.join(dir, SOCKET_NAME);
  const refused: RefusedRequest[] = [];
  let refusedCount = 0;
  let allowedCount = 0;
  const reached = new Map<string, number>();
  const sockets = new Set<net.Socket>();
  let clients = 0;

  const reachedKey = (host: string, port: number): string =>
    `${host.includes(':') ? `[${host}]` : host}:${port}`;
  const allow = (host: string, port: number): void => {
    allowedCount += 1;
    const key = reachedKey(host, port);
    if (reached.has(key) || reached.size < MAX_REACHED_KEPT)
      reached.set(key, (reached.get(key) ?? 0) + 1);
  };
  /** Takes back an allowance that a later check refused. */
  const unallow = (host: string, port: number): void => {
    allowedCount -= 1;
    const key = reachedKey(host, port);
    const n = (reached.get(key) ?? 0) - 1;
    if (n > 0) reached.set(key, n);
    else reached.delete(key);
  };

  const refuse = (method: string, target: string, reason: string): string => {
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

  /** null when the host list allows host:port; else records and returns the refusal. */
  const judge = (method: string, target: string, host: string, port: number): string | null => {
    if (!host) return refuse(method, target, 'the target is not host:port');
    if (!hostAllowed(options.allowed, host, port))
      return refuse(method, target, `${host}:${port} is not in the allowed host list`);
    return null;
  };

  /**
   * The address to connect to for an allowed host, or the refusal (recorded). An IP literal
   * passed judge only by being listed; a name must resolve to a public address unless the
   * list names it exactly or lists the private address it resolves to.
   */
  const resolveTarget = async (
    method: string,
    target: string,
    host: string,
    port: number,
  ): Promise<{ address: string } | { status: 403 | 502; message: string }> => {
    if (isIpLiteral(host)) {
      allow(host, port);
      return { address: host };
    }
    let addresses: readonly ResolvedAddress[];
    try {
      addresses = await lookup(host);
    } catch (error) {
      return { status: 502, message: `${host} could not be resolved: ${(error as Error).message}` };
    }
    const byName = hostListedByName(options.allowed, host, port);
    const usable = addresses.filter(
      (a) =>
        !isPrivateAddress(a.address) || byName || hostAllowed(options.allowed, a.address, port),
    );
    const chosen = usable[0];
    if (!chosen) {
      const shown = addresses.map((a) => a.address).join(', ') || 'no address';
      return {
        status: 403,
        message: refuse(
          method,
          target,
          `${host} resolves to ${shown}, a loopback, private or link-local address: reachable only when the list names ${host} exactly or lists the address`,
        ),
      };
    }
    allow(host, port);
    return { address: chosen.address };
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
    void resolveTarget(method, `${url.hostname}:${port}`, host, port).then((resolved) => {
      if ('message' in resolved) {
        res.writeHead(resolved.status, { 'content-type': 'text/plain', connection: 'close' });
        res.end(
          resolved.status === 403
            ? forbiddenBody(method, `${url.hostname}:${port}`, resolved.message)
            : `Sluice sandbox proxy: ${resolved.message}\n`,
        );
        return;
      }
      forward(req, res, url, resolved.address, host, port);
    });
  });

  /** Sends an allowed plain-HTTP request on to the address that was checked. */
  const forward = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
    address: string,
    host: string,
    port: number,
  ): void => {
    const method = req.method ?? 'GET';
    const headers: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(req.headers))
      if (value !== undefined && !HOP_BY_HOP.has(key)) headers[key] = value;
    headers.connection = 'close';
    // The host that was judged is the host asked for: a different Host header would reach
    // another site behind the same address (shared hosting, CDNs).
    headers.host = url.host;
    const upstream = http.request(
      {
        host: address,
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
  };

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
    void resolveTarget('CONNECT', target, host, port).then((resolved) => {
      if ('message' in resolved) {
        const body =
          resolved.status === 403
            ? forbiddenBody('CONNECT', target, resolved.message)
            : `Sluice sandbox proxy: ${resolved.message}\n`;
        const status = resolved.status === 403 ? '403 Forbidden' : '502 Bad Gateway';
        client.end(
          `HTTP/1.1 ${status}\r\ncontent-type: text/plain\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
        );
        return;
      }
      tunnel(client, head, target, host, resolved.address, port);
    });
  });

  const tunnel = (
    client: net.Socket,
    head: Buffer,
    target: string,
    host: string,
    address: string,
    port: number,
  ): void =>
    openTunnel({
      client,
      head,
      target,
      host,
      address,
      port,
      sockets,
      timeoutMs: CONNECT_TIMEOUT_MS,
      onRefused: (reason) => {
        unallow(host, port);
        refuse('CONNECT', target, reason);
      },
    });
  server.on('connection', (socket: net.Socket) => {
    if (clients >= maxConnections) {
      const reason = refuse(
        'CONNECT',
        '(any)',
        `more than ${maxConnections} connections were open through the proxy at once`,
      );
      socket.on('error', () => undefined);
      socket.end(
        `HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\n\r\nSluice sandbox proxy: ${reason}\n`,
      );
      return;
    }
    clients += 1;
    sockets.add(socket);
    socket.on('close', () => {
      clients -= 1;
      sockets.delete(socket);
    });
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

  // The TCP door hands each connection to the same server, so it gets the same limits and checks.
  let tcp: net.Server | undefined;
  let tcpPort: number | undefined;
  const listeners: net.Server[] = [];
  if (options.loopbackTcp) {
    const door = net.createServer((socket) => server.emit('connection', socket));
    try {
      tcpPort = await new Promise<number>((resolve, reject) => {
        door.once('error', reject);
        door.listen(0, '127.0.0.1', () => {
          door.off('error', reject);
          resolve((door.address() as net.AddressInfo).port);
        });
      });
      tcp = door;
    } catch (error) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }

  return {
    dir,
    socketPath,
    ...(tcpPort !== undefined ? { tcpPort } : {}),
    refused,
    get refusedCount() {
      return refusedCount;
    },
    get allowedCount() {
      return allowedCount;
    },
    reached,
    accept: (handle) => {
      if (handle instanceof net.Socket) server.emit('connection', handle);
      else if (handle instanceof net.Server) {
        handle.on('connection', (socket: net.Socket) => server.emit('connection', socket));
        handle.on('error', () => undefined);
        listeners.push(handle);
      } else if (handle && typeof (handle as { close?: unknown }).close === 'function')
        (handle as { close(): void }).close();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        for (const listener of listeners) listener.close();
        tcp?.close();
        server.close(() => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
