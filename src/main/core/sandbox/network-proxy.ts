// The host side of a sandboxed command's filtered network (host-list rules): an HTTP
// proxy on a unix socket inside a private folder that is bind-mounted into the sandbox (the
// sandbox itself has no network: --unshare-net). It accepts CONNECT host:port (HTTPS and any
// TLS) and plain requests in absolute-URI form (http://host/…), allows only the listed hosts
// and ports, and refuses everything else with 403 and a body that says why (proxy-requests.ts;
// which hosts and addresses: proxy-target.ts; what it let through: proxy-ledger.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { HostPattern } from '../../../shared/network-hosts';
import { ProxyLedger, type RefusedRequest } from './proxy-ledger';
import { handleConnect, handleHttpRequest } from './proxy-requests';
import { createProxyTargets, systemLookup, type HostLookup } from './proxy-target';

export type { RefusedRequest } from './proxy-ledger';
export type { HostLookup, ResolvedAddress } from './proxy-target';

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

export const SOCKET_NAME = 'proxy.sock';
/** Open connections from the sandbox at once; more are refused with 503 and counted. */
export const MAX_CLIENT_CONNECTIONS = 256;
/** Connections to an upstream that never answers are not kept forever. */
const CONNECT_TIMEOUT_MS = 30_000;
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
  const ledger = new ProxyLedger(options.onRefused);
  const sockets = new Set<net.Socket>();
  let clients = 0;
  const deps = {
    targets: createProxyTargets({ allowed: options.allowed, lookup, ledger }),
    ledger,
    sockets,
    timeoutMs: CONNECT_TIMEOUT_MS,
  };
  const server = http.createServer(handleHttpRequest(deps));
  server.on('connect', handleConnect(deps));
  server.on('connection', (socket: net.Socket) => {
    if (clients >= maxConnections) {
      const reason = ledger.refuse(
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
    refused: ledger.refused,
    get refusedCount() {
      return ledger.refusedCount;
    },
    get allowedCount() {
      return ledger.allowedCount;
    },
    reached: ledger.reached,
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
