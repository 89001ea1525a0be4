// One MCP server as Sluice runs it: started on first use, never at
// construction; every request has a time limit; a server that exits, breaks the transport or
// misses a limit is closed, the call fails with a clear message, and the next use starts it
// again. Its stderr and what happened to it are kept in a bounded log ring.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  getDefaultEnvironment,
  StdioClientTransport,
} from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ListRootsRequestSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cappedFetch } from './capped-fetch';
import { McpStdioTransport } from './mcp-stdio-transport';
import type { McpServerConfig } from './mcp-config';

export const DEFAULT_START_TIMEOUT_MS = 30_000;
export const DEFAULT_CALL_TIMEOUT_MS = 120_000;
/** A call that keeps reporting progress may run this long in all, then it is stopped. */
export const DEFAULT_MAX_CALL_MS = 15 * 60_000;
export const MAX_LOG_LINES = 500;
/** One log line is cut here: a server cannot fill memory or Settings with one endless line. */
export const MAX_LOG_LINE_CHARS = 2000;

export type McpServerState = 'stopped' | 'starting' | 'running' | 'failed';

export interface McpServerStatus {
  readonly state: McpServerState;
  readonly message: string | null;
  /** Process id of a stdio server while it runs. */
  readonly pid: number | null;
  readonly starts: number;
}

export interface McpConnectionOptions {
  readonly startTimeoutMs?: number;
  /** Silence allowed within a request; progress notifications restart it (tools/call). */
  readonly callTimeoutMs?: number;
  readonly maxCallMs?: number;
  /** Working folder of a stdio server. */
  readonly cwd?: string;
  /** Bytes one HTTP response may carry (capped-fetch.ts). */
  readonly maxHttpResponseBytes?: number;
  /** The project folder, answered to `roots/list` (the only client request Sluice serves). */
  readonly projectRoot?: string;
  readonly onToolsChanged?: () => void;
  readonly now?: () => number;
}

export interface RequestLimits {
  readonly timeout: number;
  readonly onprogress: () => void;
  readonly resetTimeoutOnProgress: boolean;
  readonly maxTotalTimeout: number;
  readonly signal?: AbortSignal;
}

export class McpCallError extends Error {
  override readonly name = 'McpCallError';
}

export class McpConnection {
  private client: Client | null = null;
  private starting: Promise<Client> | null = null;
  private state: McpServerState = 'stopped';
  private message: string | null = null;
  private pid: number | null = null;
  private starts = 0;
  private readonly logLines: string[] = [];

  constructor(
    readonly config: McpServerConfig,
    private readonly options: McpConnectionOptions = {},
  ) {}

  status(): McpServerStatus {
    return { state: this.state, message: this.message, pid: this.pid, starts: this.starts };
  }

  logs(): string[] {
    return [...this.logLines];
  }

  private log(line: string): void {
    const at = new Date((this.options.now ?? Date.now)()).toISOString();
    for (const part of line.split('\n')) {
      if (!part.trim()) continue;
      const shown =
        part.length > MAX_LOG_LINE_CHARS
          ? `${part.slice(0, MAX_LOG_LINE_CHARS)}… [${part.length - MAX_LOG_LINE_CHARS} more characters]`
          : part;
      this.logLines.push(`${at} ${shown}`);
      if (this.logLines.length > MAX_LOG_LINES) this.logLines.shift();
    }
  }

  private transport(): Transport {
    const config = this.config;
    if (config.transport === 'http')
      return new StreamableHTTPClientTransport(new URL(config.url), {
        requestInit: { headers: config.headers },
        fetch: cappedFetch(this.options.maxHttpResponseBytes),
      });
    const base = getDefaultEnvironment();
    // A relative or empty PATH entry means "the working folder": a bare command could then
    // be a file the project ships. Only absolute entries are kept.
    if (base.PATH !== undefined)
      base.PATH = base.PATH.split(path.delimiter)
        .filter((entry) => path.isAbsolute(entry))
        .join(path.delimiter);
    const server = {
      command: config.command,
      args: config.args,
      // Only the SDK's safe subset (PATH, HOME, …) plus the entry's own env: Sluice's
      // environment (the API key among it) never reaches a server.
      env: { ...base, ...config.env },
      ...(this.options.cwd ? { cwd: this.options.cwd } : {}),
    };
    // Sluice's own transport outside Windows: no descriptor of Sluice's launcher reaches it.
    const transport =
      process.platform === 'win32'
        ? new StdioClientTransport({ ...server, stderr: 'pipe' })
        : new McpStdioTransport(server);
    transport.stderr?.on('data', (chunk: Buffer) => this.log(`stderr: ${chunk.toString('utf8')}`));
    return transport;
  }

  /** The running client; starts the server when it is not running. */
  async connect(): Promise<Client> {
    if (this.client) return this.client;
    this.starting ??= this.start().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private async start(): Promise<Client> {
    this.state = 'starting';
    this.message = null;
    this.starts += 1;
    this.log(`starting (${this.starts})`);
    const transport = this.transport();
    const root = this.options.projectRoot;
    // Roots only: sampling and elicitation are not offered (a server's prompts would spend
    // the person's tokens or ask them questions outside the approval flow).
    const client = new Client(
      { name: 'sluice', version: '0.1.0' },
      { capabilities: root ? { roots: { listChanged: false } } : {} },
    );
    if (root)
      client.setRequestHandler(ListRootsRequestSchema, () => ({
        roots: [{ uri: pathToFileURL(root).href, name: path.basename(root) }],
      }));
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      this.log('the server says its tool list changed');
      this.options.onToolsChanged?.();
    });
    const limit = this.options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        client.connect(transport, { timeout: limit }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new McpCallError(`it did not finish starting within ${limit / 1000} s`)),
            limit,
          );
        }),
      ]);
    } catch (error) {
      clearTimeout(timer);
      const why = error instanceof Error ? error.message : String(error);
      this.fail(`could not start: ${why}`);
      await client.close().catch(() => undefined);
      throw new McpCallError(`MCP server "${this.config.name}" could not start: ${why}`);
    }
    clearTimeout(timer);
    client.onclose = () => {
      if (this.client !== client) return;
      this.client = null;
      this.pid = null;
      this.fail('the server stopped (it will be started again on the next call)');
    };
    client.onerror = (error) => this.log(`transport error: ${error.message}`);
    this.client = client;
    this.pid =
      transport instanceof StdioClientTransport || transport instanceof McpStdioTransport
        ? (transport.pid ?? null)
        : null;
    this.state = 'running';
    this.log(`running${this.pid ? ` (pid ${this.pid})` : ''}`);
    return client;
  }

  private fail(message: string): void {
    this.state = 'failed';
    this.message = message;
    this.log(message);
  }

  /** Runs one request with the call time limit; a dead or hung server is closed and named. */
  async request<T>(
    what: string,
    run: (client: Client, options: RequestLimits) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    const client = await this.connect();
    const timeout = this.options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    try {
      return await run(client, {
        timeout,
        // A long-running tool that reports progress is not hung: each report restarts the
        // silence limit, up to the total limit.
        onprogress: () => undefined,
        resetTimeoutOnProgress: true,
        maxTotalTimeout: this.options.maxCallMs ?? DEFAULT_MAX_CALL_MS,
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      if (signal?.aborted) throw new McpCallError(`${what} was stopped: the turn was aborted.`);
      const timedOut = /timed out|timeout/iu.test(why);
      const unreachable = /fetch failed|ECONNREFUSED|ECONNRESET|socket hang up/iu.test(why);
      const gone = this.client !== client || /closed|EPIPE|not connected/iu.test(why);
      if (timedOut || unreachable || gone) {
        const failure = timedOut
          ? `did not answer ${what} within ${timeout / 1000} s`
          : unreachable
            ? `could not be reached for ${what} (${why})`
            : `stopped during ${what} (${why})`;
        await this.stop(timedOut ? `no answer to ${what} within ${timeout / 1000} s` : why);
        throw new McpCallError(
          `MCP server "${this.config.name}" ${failure}; it was stopped and will be started again on the next call.`,
        );
      }
      throw error;
    }
  }

  /** Stops the server; the next use starts it again. */
  async stop(reason?: string): Promise<void> {
    const client = this.client;
    this.client = null;
    this.pid = null;
    if (reason) this.fail(reason);
    else {
      this.state = 'stopped';
      this.message = null;
      this.log('stopped');
    }
    await client?.close().catch(() => undefined);
  }
}
