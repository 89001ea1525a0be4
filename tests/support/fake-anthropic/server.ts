// A fake Anthropic Messages API on 127.0.0.1:<random port>: real HTTP, real SSE. Tests point the
// real SDK at it through baseURL, script its replies, inject faults and read back every
// request it received. Contract: a request with no scripted reply left gets a 400 that names
// the problem (never a hang) and is listed in `unscripted`.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  FakeRequestBody,
  FakeReply,
  HttpErrorReply,
  MessageReply,
  RecordedRequest,
  ReplySource,
} from './scripted-reply';
import { encodeSse, fakeMessageId, messageJson, sseSequence, usageFor } from './sse-events';

export interface FakeAnthropicServer {
  /** `http://127.0.0.1:PORT`: pass as the SDK's baseURL. */
  readonly baseURL: string;
  /** Every request received, in order (failed and retried attempts included). */
  readonly requests: RecordedRequest[];
  /** Requests that arrived when no reply was scripted. */
  readonly unscripted: RecordedRequest[];
  /** hrtime (ns) at which each streamed reply's `message_stop` was written, in order. */
  readonly messageStops: bigint[];
  /** Appends replies to the queue; each request takes the next one. */
  enqueue(...replies: ReplySource[]): void;
  /** Answers every request with no queued reply (the queue still wins while it has entries). */
  setFallback(source: ReplySource | null): void;
  /** Number of queued replies not yet used. */
  pending(): number;
  /** Stops listening and drops every open connection. */
  close(): Promise<void>;
}

export interface FakeServerOptions {
  /** Model echoed in responses when the request names none. */
  model?: string;
  /** The models `GET /v1/models/{id}` knows (others: 404); default FAKE_SERVER_MODELS. */
  models?: readonly string[];
}

/** The models the fake server knows unless told others. */
export const FAKE_SERVER_MODELS: readonly string[] = [
  'claude-sonnet-5-5',
  'claude-opus-4-1',
  'claude-haiku-4-5',
];

/** `GET /v1/models/{id}`: the model's record, or the API's 404 for one it does not have. */
function sendModel(res: ServerResponse, path: string, models: readonly string[]): void {
  const id = decodeURIComponent(path.slice('/v1/models/'.length));
  if (models.includes(id)) {
    sendJson(res, 200, {
      type: 'model',
      id,
      display_name: `Fake ${id}`,
      created_at: '2026-01-01T00:00:00Z',
    });
    return;
  }
  sendJson(res, 404, {
    type: 'error',
    error: { type: 'not_found_error', message: `model: ${id}` },
  });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

function parseBody(raw: string): FakeRequestBody {
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as FakeRequestBody) : {};
  } catch {
    return {};
  }
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_fake_${Date.now()}`,
    ...headers,
  });
  res.end(text);
}

function sendHttpError(res: ServerResponse, reply: HttpErrorReply): void {
  sendJson(
    res,
    reply.status,
    { type: 'error', error: { type: reply.errorType, message: reply.message } },
    reply.headers,
  );
}

async function streamMessage(
  req: IncomingMessage,
  res: ServerResponse,
  reply: MessageReply,
  model: string,
  inputTokens: number,
  onMessageStop: () => void,
): Promise<void> {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    'request-id': `req_fake_${Date.now()}`,
  });
  const events = sseSequence(reply, model, usageFor(reply, inputTokens), fakeMessageId());
  let clientGone = false;
  res.on('close', () => {
    clientGone = true;
  });
  for (const event of events) {
    if (clientGone) return;
    res.write(encodeSse(event));
    if (event.event === 'message_stop') onMessageStop();
    const cut = reply.cut;
    if (
      cut &&
      event.inLastBlock &&
      event.deltaChars !== undefined &&
      event.deltaChars >= cut.afterChars
    ) {
      if (cut.how === 'destroy') {
        // Let the written bytes leave, then drop the connection without a clean end.
        await sleep(5);
        req.socket.destroy();
        return;
      }
      if (cut.how === 'error_event') {
        res.end(
          encodeSse({
            event: 'error',
            data: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
          }),
        );
        return;
      }
      await new Promise<void>((resolve) => {
        if (clientGone) resolve();
        else res.on('close', () => resolve());
      });
      return;
    }
    if (reply.delayMs) await sleep(reply.delayMs);
  }
  res.end();
}

export async function startFakeAnthropicServer(
  options: FakeServerOptions = {},
): Promise<FakeAnthropicServer> {
  const queue: ReplySource[] = [];
  let fallback: ReplySource | null = null;
  const requests: RecordedRequest[] = [];
  const unscripted: RecordedRequest[] = [];
  const messageStops: bigint[] = [];
  const sockets = new Set<Socket>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const recorded: RecordedRequest = {
      index: requests.length,
      method: req.method ?? '',
      path: (req.url ?? '').split('?')[0] ?? '',
      headers: { ...req.headers },
      body: parseBody(raw),
      receivedAtNs: process.hrtime.bigint(),
    };
    requests.push(recorded);
    if (recorded.method === 'GET' && recorded.path.startsWith('/v1/models/')) {
      sendModel(res, recorded.path, options.models ?? FAKE_SERVER_MODELS);
      return;
    }
    if (recorded.method !== 'POST' || recorded.path !== '/v1/messages') {
      sendJson(res, 404, {
        type: 'error',
        error: {
          type: 'not_found_error',
          message: `fake server: no route ${recorded.method} ${recorded.path}`,
        },
      });
      return;
    }
    const source = queue.shift() ?? fallback;
    if (!source) {
      unscripted.push(recorded);
      sendJson(res, 400, {
        type: 'error',
        error: {
          type: 'invalid_request_error',
          message: `fake server: no scripted reply left for request #${recorded.index}`,
        },
      });
      return;
    }
    const chosen: FakeReply = typeof source === 'function' ? source(recorded) : source;
    if (chosen.kind === 'http_error') {
      sendHttpError(res, chosen);
      return;
    }
    const model = recorded.body.model ?? options.model ?? 'claude-sonnet-5-5';
    const inputTokens = Math.max(1, Math.ceil(raw.length / 4));
    if (recorded.body.stream) {
      await streamMessage(req, res, chosen, model, inputTokens, () =>
        messageStops.push(process.hrtime.bigint()),
      );
    } else {
      sendJson(res, 200, messageJson(chosen, model, usageFor(chosen, inputTokens)));
    }
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        sendJson(res, 500, {
          type: 'error',
          error: { type: 'api_error', message: `fake server crashed: ${String(error)}` },
        });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 1000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake server: no TCP address');

  return {
    baseURL: `http://127.0.0.1:${address.port}`,
    requests,
    unscripted,
    messageStops,
    enqueue: (...replies) => {
      queue.push(...replies);
    },
    setFallback: (source) => {
      fallback = source;
    },
    pending: () => queue.length,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
