// How the sandbox's network proxy answers one request: a plain HTTP request in absolute form is
// judged, resolved and forwarded to the checked address (hop-by-hop headers dropped, the Host
// header pinned to the host judged); CONNECT host:port is judged, resolved and tunnelled.
// Anything refused gets 403 with a body that says why; an unreachable upstream gets 502.
import http from 'node:http';
import type net from 'node:net';
import { splitHostPort } from '../../../shared/network-hosts';
import type { ProxyLedger } from './proxy-ledger';
import type { ProxyTargets } from './proxy-target';
import { openTunnel } from './proxy-tunnel';

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

export interface ProxyRequestDeps {
  readonly targets: ProxyTargets;
  readonly ledger: ProxyLedger;
  /** Open sockets, so closing the proxy ends them. */
  readonly sockets: Set<net.Socket>;
  /** Connections to an upstream that never answers are not kept forever. */
  readonly timeoutMs: number;
}

export function forbiddenBody(method: string, target: string, reason: string): string {
  return `Sluice sandbox: ${method} ${target} refused: ${reason}. Only the hosts of this project's network rules are reachable from commands; the person can add hosts in Settings, or approve full network for one command.\n`;
}

export function handleHttpRequest(
  deps: ProxyRequestDeps,
): (req: http.IncomingMessage, res: http.ServerResponse) => void {
  return (req, res) => {
    const method = req.method ?? 'GET';
    let url: URL | null;
    try {
      url = new URL(req.url ?? '');
    } catch {
      url = null;
    }
    if (!url || url.protocol !== 'http:') {
      const reason = deps.targets.judge(method, req.url ?? '', '', 0) ?? '';
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
    const target = `${url.hostname}:${port}`;
    const reason = deps.targets.judge(method, target, host, port);
    if (reason !== null) {
      res.writeHead(403, { 'content-type': 'text/plain', connection: 'close' });
      res.end(forbiddenBody(method, target, reason));
      return;
    }
    const checked = url;
    void deps.targets.resolve(method, target, host, port).then((resolved) => {
      if ('message' in resolved) {
        res.writeHead(resolved.status, { 'content-type': 'text/plain', connection: 'close' });
        res.end(
          resolved.status === 403
            ? forbiddenBody(method, target, resolved.message)
            : `Sluice sandbox proxy: ${resolved.message}\n`,
        );
        return;
      }
      forward(req, res, checked, resolved.address, port, deps.timeoutMs);
    });
  };
}

/** Sends an allowed plain-HTTP request on to the address that was checked. */
function forward(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  address: string,
  port: number,
  timeoutMs: number,
): void {
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
      method: req.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      headers,
      timeout: timeoutMs,
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
      const host = url.hostname.replace(/^\[|\]$/gu, '');
      res.end(`Sluice sandbox proxy: ${host}:${port} could not be reached: ${error.message}\n`);
    }
  });
  req.pipe(upstream);
}

function rawResponse(status: string, body: string): string {
  return `HTTP/1.1 ${status}\r\ncontent-type: text/plain\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
}

export function handleConnect(
  deps: ProxyRequestDeps,
): (req: http.IncomingMessage, client: net.Socket, head: Buffer) => void {
  return (req, client, head) => {
    const target = req.url ?? '';
    const split = /^[^/\s]+:\d+$/u.test(target) ? splitHostPort(target) : null;
    const host = split?.host ?? '';
    const port = split?.port ?? 0;
    const reason = deps.targets.judge('CONNECT', target, host, port);
    client.on('error', () => undefined);
    if (reason !== null) {
      client.end(rawResponse('403 Forbidden', forbiddenBody('CONNECT', target, reason)));
      return;
    }
    void deps.targets.resolve('CONNECT', target, host, port).then((resolved) => {
      if ('message' in resolved) {
        const forbidden = resolved.status === 403;
        client.end(
          rawResponse(
            forbidden ? '403 Forbidden' : '502 Bad Gateway',
            forbidden
              ? forbiddenBody('CONNECT', target, resolved.message)
              : `Sluice sandbox proxy: ${resolved.message}\n`,
          ),
        );
        return;
      }
      openTunnel({
        client,
        head,
        target,
        host,
        address: resolved.address,
        port,
        sockets: deps.sockets,
        timeoutMs: deps.timeoutMs,
        onRefused: (refusal) => {
          deps.ledger.unallow(host, port);
          deps.ledger.refuse('CONNECT', target, refusal);
        },
      });
    });
  };
}
