// A minimal Language Server Protocol client over stdio for the benchmarks: spawns a server,
// frames JSON-RPC with Content-Length headers, answers the server's own requests with
// empty results, and exposes request/notify. Used to ask pyright for go-to-definition.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export class LspClient {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(command: string, args: readonly string[], cwd: string) {
    this.child = spawn(command, [...args], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
    this.child.stderr.on('data', () => undefined);
    this.child.on('exit', () => {
      for (const p of this.pending.values()) p.reject(new Error('language server exited'));
      this.pending.clear();
    });
  }

  request<T>(method: string, params: unknown, timeoutMs = 60_000): Promise<T> {
    const id = this.nextId++;
    this.send({ jsonrpc: '2.0', id, method, params });
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method} timed out after ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v as T);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
    });
  }

  notify(method: string, params: unknown): void {
    this.send({ jsonrpc: '2.0', method, params });
  }

  async close(): Promise<void> {
    try {
      await this.request('shutdown', null, 5_000);
      this.notify('exit', null);
    } catch {
      // already gone
    }
    this.child.kill();
  }

  private send(message: unknown): void {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    this.child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child.stdin.write(body);
  }

  private onData(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const header = this.buffer.subarray(0, headerEnd).toString('ascii');
      const length = Number(/Content-Length: *(\d+)/i.exec(header)?.[1] ?? NaN);
      if (!Number.isFinite(length)) throw new Error(`bad LSP header: ${header}`);
      if (this.buffer.length < headerEnd + 4 + length) return;
      const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      this.onMessage(JSON.parse(body) as Record<string, unknown>);
    }
  }

  private onMessage(message: Record<string, unknown>): void {
    const id = message.id as number | undefined;
    if (message.method !== undefined) {
      // A request from the server: configuration gets one empty object per item.
      if (id === undefined) return;
      const params = message.params as { items?: unknown[] } | undefined;
      const result =
        message.method === 'workspace/configuration' ? (params?.items ?? []).map(() => ({})) : null;
      this.send({ jsonrpc: '2.0', id, result });
      return;
    }
    if (id === undefined) return;
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    if (message.error) pending.reject(new Error(JSON.stringify(message.error)));
    else pending.resolve(message.result);
  }
}
