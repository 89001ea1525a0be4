// `sluice serve`'s server: the renderer bundle over HTTP and the contract over one WebSocket,
// bound to 127.0.0.1 only. Every request passes the access guard; every call goes through the
// same dispatcher (and so the same validation) as Electron IPC.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Dispatcher } from '../../../shared/contract';
import { createAccessGuard, createAccessToken } from './access-guard';
import { browserModeCsp } from './browser-csp';
import {
  MAX_FRAME_BYTES,
  parseRequestFrame,
  type EventFrame,
  type ResponseFrame,
} from './socket-protocol';
import { createStaticFiles } from './static-files';

export interface BrowserServerOptions {
  dispatcher: Dispatcher;
  /** Subscribes to every contract event; returns the unsubscribe function. */
  subscribeEvents(listener: (event: string, payload: unknown) => void): () => void;
  /** The built renderer folder (out/renderer). */
  staticDir: string;
  /** 0 or absent: any free port. */
  port?: number;
  /** Fixed token for tests; a random one otherwise. */
  token?: string;
}

export interface BrowserServer {
  readonly url: string;
  readonly port: number;
  readonly token: string;
  /** Open WebSocket connections (for tests and diagnostics). */
  connections(): number;
  close(): Promise<void>;
}

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export async function startBrowserServer(options: BrowserServerOptions): Promise<BrowserServer> {
  const token = options.token ?? createAccessToken();
  const files = await createStaticFiles(options.staticDir);
  let boundPort = 0;
  const guard = createAccessGuard({ token, port: () => boundPort });
  const sockets = new Set<WebSocket>();

  const refuse = (res: ServerResponse, status: number, reason: string) => {
    res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(`${reason}\n`);
  };

  const onRequest = async (req: IncomingMessage, res: ServerResponse) => {
    const verdict = guard.checkHttp(req);
    if (!verdict.ok) return refuse(res, verdict.status, verdict.reason);
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return refuse(res, 405, 'Method not allowed.');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const file = await files.resolve(url.pathname);
    if (!file) return refuse(res, 404, 'Not found.');
    const headers: Record<string, string> = {
      ...SECURITY_HEADERS,
      'Content-Security-Policy': browserModeCsp(boundPort),
    };
    if (verdict.via === 'query') headers['Set-Cookie'] = guard.cookieHeader();
    await files.send(res, file, headers, req.method === 'HEAD');
  };

  const server = createServer((req, res) => {
    onRequest(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        refuse(res, 500, error instanceof Error ? error.message : 'Internal error.');
      else res.destroy();
    });
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const verdict =
      url.pathname === '/ws'
        ? guard.checkUpgrade(req)
        : ({ ok: false, status: 403, reason: 'Not found.' } as const);
    if (!verdict.ok) {
      socket.end(
        `HTTP/1.1 ${verdict.status} ${verdict.status === 401 ? 'Unauthorized' : 'Forbidden'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  wss.on('connection', (ws: WebSocket) => {
    sockets.add(ws);
    const send = (frame: ResponseFrame | EventFrame) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
    };
    const unsubscribe = options.subscribeEvents((event, payload) => send({ event, payload }));
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        send({
          id: null,
          result: {
            ok: false,
            error: { name: 'InvalidFrameError', message: 'Binary frames are not accepted.' },
          },
        });
        return;
      }
      const parsed = parseRequestFrame(data.toString());
      if (!parsed.ok) return send(parsed.response);
      const { id, channel, payload } = parsed.frame;
      void options.dispatcher(channel, payload).then((result) => send({ id, result }));
    });
    ws.on('close', () => {
      sockets.delete(ws);
      unsubscribe();
    });
    ws.on('error', () => ws.terminate());
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  boundPort = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${boundPort}/?token=${token}`,
    port: boundPort,
    token,
    connections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const ws of sockets) ws.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
