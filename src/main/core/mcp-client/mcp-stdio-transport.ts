// The stdio transport of a local MCP server, as the SDK's StdioClientTransport does it, but
// spawned with Sluice's descriptor rule: the SDK's own spawn hands the
// server every descriptor Sluice's launcher left open (a connected socket at fd 200), and
// takes no stdio option to prevent it. Messages are framed by the SDK's own ReadBuffer and
// serializeMessage. On Windows (only the stdio handles are inherited, and `npx` needs
// cross-spawn's .cmd lookup) the SDK's transport is used as it is.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { childStdio } from '../process/child-descriptors';

export interface StdioServerSpawn {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Record<string, string>;
  readonly cwd?: string;
}

/** How long close() waits after ending stdin, and again after SIGTERM. */
const CLOSE_GRACE_MS = 2000;

export class McpStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** The server's stderr, readable before start() so nothing early is lost. */
  readonly stderr = new PassThrough();
  private child: ChildProcessByStdio<Writable, Readable, Readable> | undefined;
  private readonly buffer = new ReadBuffer();

  constructor(private readonly server: StdioServerSpawn) {}

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  start(): Promise<void> {
    if (this.child) throw new Error('McpStdioTransport already started');
    return new Promise((resolve, reject) => {
      const child = spawn(this.server.command, [...this.server.args], {
        env: this.server.env,
        stdio: childStdio(['pipe', 'pipe', 'pipe']),
        shell: false,
        ...(this.server.cwd ? { cwd: this.server.cwd } : {}),
      }) as ChildProcessByStdio<Writable, Readable, Readable>;
      this.child = child;
      child.on('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.on('spawn', () => resolve());
      child.on('close', () => {
        this.child = undefined;
        this.onclose?.();
      });
      child.stdin.on('error', (error) => this.onerror?.(error));
      child.stdout.on('data', (chunk: Buffer) => {
        try {
          this.buffer.append(chunk);
          this.readMessages();
        } catch (error) {
          this.onerror?.(error instanceof Error ? error : new Error(String(error)));
          void this.close();
        }
      });
      child.stdout.on('error', (error) => this.onerror?.(error));
      child.stderr.pipe(this.stderr);
    });
  }

  private readMessages(): void {
    for (;;) {
      try {
        const message = this.buffer.readMessage();
        if (message === null) return;
        this.onmessage?.(message);
      } catch (error) {
        this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  async close(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child) {
      const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
      const waited = (): Promise<void> =>
        Promise.race([
          closed,
          new Promise<void>((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref()),
        ]);
      child.stdin.end();
      await waited();
      for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
        if (child.exitCode !== null || child.signalCode !== null) break;
        child.kill(signal);
        if (signal === 'SIGTERM') await waited();
      }
    }
    this.buffer.clear();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin) {
        reject(new Error('Not connected'));
        return;
      }
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }
}
