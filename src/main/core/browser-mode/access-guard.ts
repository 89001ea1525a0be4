// Who may talk to `sluice serve`. The server binds 127.0.0.1 only, and still every request
// must (1) name this server in Host (no DNS rebinding: a hostile name resolving to 127.0.0.1
// is refused), (2) carry the random token (query `?token=` once, then the HttpOnly,
// SameSite=Strict cookie set from it), and (3) for the WebSocket and any non-GET request,
// come from this server's own Origin (no cross-site use).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const TOKEN_COOKIE = 'sluice_token';

export function createAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

export type AccessVerdict =
  { ok: true; via: 'query' | 'cookie' } | { ok: false; status: 401 | 403; reason: string };

export interface AccessGuardOptions {
  token: string;
  /** The port actually bound; Host and Origin must name it. */
  port: () => number;
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

export function createAccessGuard(options: AccessGuardOptions) {
  const hostOk = (req: IncomingMessage) => {
    const host = (req.headers.host ?? '').toLowerCase();
    return allowedHosts(options.port()).includes(host);
  };
  const originOk = (req: IncomingMessage, required: boolean) => {
    const origin = req.headers.origin;
    if (origin === undefined) return !required;
    return allowedHosts(options.port()).some((host) => origin.toLowerCase() === `http://${host}`);
  };
  const tokenVia = (req: IncomingMessage): 'query' | 'cookie' | undefined => {
    const url = new URL(req.url ?? '/', 'http://placeholder');
    const fromQuery = url.searchParams.get('token');
    if (fromQuery !== null && sameToken(fromQuery, options.token)) return 'query';
    const fromCookie = readCookie(req.headers.cookie, TOKEN_COOKIE);
    if (fromCookie !== undefined && sameToken(fromCookie, options.token)) return 'cookie';
    return undefined;
  };

  return {
    /** Plain HTTP requests: GET/HEAD may come without Origin (top-level navigation). */
    checkHttp(req: IncomingMessage): AccessVerdict {
      if (!hostOk(req))
        return { ok: false, status: 403, reason: 'Host header does not name this server.' };
      const safeMethod = req.method === 'GET' || req.method === 'HEAD';
      if (!originOk(req, !safeMethod))
        return { ok: false, status: 403, reason: 'Cross-origin request refused.' };
      const via = tokenVia(req);
      if (!via)
        return {
          ok: false,
          status: 401,
          reason: 'Missing or wrong access token: open the URL sluice serve printed.',
        };
      return { ok: true, via };
    },
    /** WebSocket upgrades: Origin is required and must be this server. */
    checkUpgrade(req: IncomingMessage): AccessVerdict {
      if (!hostOk(req))
        return { ok: false, status: 403, reason: 'Host header does not name this server.' };
      if (!originOk(req, true))
        return { ok: false, status: 403, reason: 'Cross-origin WebSocket refused.' };
      const via = tokenVia(req);
      if (!via) return { ok: false, status: 401, reason: 'Missing or wrong access token.' };
      return { ok: true, via };
    },
    cookieHeader(): string {
      return `${TOKEN_COOKIE}=${encodeURIComponent(options.token)}; HttpOnly; SameSite=Strict; Path=/`;
    },
  };
}
export type AccessGuard = ReturnType<typeof createAccessGuard>;
